import type { ArticleView, CardView, ModuleView, PagesBundle, PageView, PathTarget, RoutingBundle } from '../../content/bundles.ts';
import type { Lang } from '../../content/lang.ts';
import type { Crumb, HeadData, ListResult, ModuleBlock, PageBody, PageData, PageMeta, PropertyPageView, ProjectPageView } from '../../client/page-data.ts';
import { parseListSearch, type ListSearch } from '../../client/search.ts';
import { summarize } from '../../client/lib/text.ts';
import { goalOf, isForSale } from '../../client/lib/goal.ts';
import { BELGIUM } from '../../client/lib/region.ts';
import type { ContentRepository } from '../content/repository.ts';
import { facetsOf, filterAndSortCards, LIST_PAGE_SIZE } from './list.ts';

export interface ResolveInput {
  repo: ContentRepository;
  routing: RoutingBundle;
  origin: string;
  lang: Lang;
  pathname: string;
  search: Record<string, unknown>;
}

const NOINDEX_KINDS = new Set<PathTarget['kind']>(['thanks', 'login']);

function absolute(origin: string, path: string): string {
  return `${origin}${path}`;
}

/** A property path: /{lang}/{goal segment}/{city}/{type}/{id}/ — resolved by id. */
function matchPropertyPath(routing: RoutingBundle, lang: Lang, parts: string[]): number | null {
  if (parts.length !== 5 || parts[0] !== lang) return null;
  const segment = parts[1];
  if (segment !== routing.listSegments.sale[lang] && segment !== routing.listSegments.rent[lang]) return null;
  const id = Number(parts[4]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A project path: /{lang}/{projects segment}/{name}/{id}/. */
function matchProjectPath(routing: RoutingBundle, lang: Lang, parts: string[]): number | null {
  if (parts.length !== 4 || parts[0] !== lang || parts[1] !== routing.projectSegments[lang]) return null;
  const id = Number(parts[3]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function headFor(origin: string, lang: Lang, routing: RoutingBundle, path: string, twins: Partial<Record<Lang, string>>, title: string, description: string, noindex: boolean, image: string | null): HeadData {
  const alternates: Partial<Record<Lang, string>> = {};
  for (const l of routing.languages) {
    const twin = twins[l];
    if (twin) alternates[l] = absolute(origin, twin);
  }
  const xDefaultPath = twins[routing.defaultLang];
  return {
    title,
    description: summarize(description, 160),
    canonical: absolute(origin, path),
    alternates,
    xDefault: xDefaultPath ? absolute(origin, xDefaultPath) : null,
    noindex,
    image: image ? absolute(origin, image) : null,
  };
}

function pageTitle(page: PageView | null, fallback: string, agency: string): string {
  const base = page?.meta.pageTitle || page?.meta.metadataTitle || page?.title || fallback;
  return base.includes(agency) ? base : `${base} | ${agency}`;
}

/**
 * What a localized path shows, computed once on the worker for SSR and for the
 * browser's client-side navigations (`/api/page`), so both render the same data.
 */
export async function resolvePage(input: ResolveInput): Promise<PageData> {
  // SPEC §2.2: a path containing 'preview' marks a preview of the page it names without it.
  const segments = input.pathname.split('/');
  if (!segments.includes('preview')) return { ...(await resolvePath(input)), preview: false };
  const data = await resolvePath({ ...input, pathname: segments.filter((s) => s !== 'preview').join('/') || '/' });
  return { ...data, preview: true, head: { ...data.head, noindex: true } };
}

async function resolvePath(input: ResolveInput): Promise<PageBody & PageMeta> {
  const { repo, routing, origin, lang, search } = input;
  const pathname = input.pathname;
  const [site, pages] = await Promise.all([repo.site(lang), repo.pages(lang)]);
  const t = (key: string) => site.dict[key] ?? key;
  const agency = site.agency.name;
  const parts = pathname.split('/').filter(Boolean);
  const homePath = site.homes[lang] ?? `/${lang}/`;
  const homeCrumb: Crumb = { label: t('HOME'), path: homePath };

  const target: PathTarget | undefined = pathname === '/' ? routing.paths[homePath] : routing.paths[pathname];

  if (target && target.lang === lang) {
    const page = pages.pages[target.ref] ?? null;
    const title = pageTitle(page, target.breadcrumb.at(-1)?.label ?? agency, agency);
    const description = page?.meta.metadataDescription || page?.description || page?.content || site.banner.description || agency;
    const head = headFor(origin, lang, routing, pathname === '/' ? homePath : pathname, target.twins, title, description, NOINDEX_KINDS.has(target.kind), page?.meta.ogImage ?? null);
    const breadcrumb = target.kind === 'home' ? [] : target.breadcrumb;
    const body = await bodyFor(target, page, lang, search, repo, pages);
    return { ...body, head, breadcrumb, twins: target.twins, status: 200 };
  }

  const propertyId = matchPropertyPath(routing, lang, parts);
  if (propertyId !== null) {
    const property = await repo.property<PropertyPageView>(lang, propertyId);
    if (property) {
      const twins = property.twins;
      const title = `${property.card.typeDescription || property.card.mainTypeName} – ${property.card.city} | ${agency}`;
      const listKey = property.card.countryId !== BELGIUM ? 'list-abroad' : isForSale(property.card.goal) ? 'list-sale' : 'list-rent';
      const list = Object.entries(routing.paths).find(([, v]) => v.kind === listKey && v.lang === lang);
      const breadcrumb: Crumb[] = [homeCrumb, ...(list ? [{ label: list[1].breadcrumb.at(-1)?.label ?? '', path: list[0] }] : []), { label: `${property.card.city} – ${property.card.reference}`, path: property.card.path }];
      const head = headFor(origin, lang, routing, property.card.path, twins, title, property.description, false, property.photos[0]?.url ?? null);
      return { kind: 'property', property, head, breadcrumb, twins, status: 200 };
    }
  }

  const projectId = matchProjectPath(routing, lang, parts);
  if (projectId !== null) {
    const project = await repo.project<ProjectPageView>(lang, projectId);
    if (project) {
      const twins = project.twins;
      const list = Object.entries(routing.paths).find(([, v]) => v.kind === 'projects' && v.lang === lang);
      const breadcrumb: Crumb[] = [homeCrumb, ...(list ? [{ label: list[1].breadcrumb.at(-1)?.label ?? '', path: list[0] }] : []), { label: project.card.name, path: project.card.path }];
      const head = headFor(origin, lang, routing, project.card.path, twins, `${project.card.name} | ${agency}`, project.description, false, project.photos[0]?.url ?? null);
      return { kind: 'project', project, head, breadcrumb, twins, status: 200 };
    }
  }

  // An unknown or withdrawn property says so, and offers the list it would have been in.
  const isProperty = propertyId !== null;
  const listPath = isProperty ? (Object.entries(routing.paths).find(([, v]) => v.lang === lang && v.kind === (parts[1] === routing.listSegments.rent[lang] ? 'list-rent' : 'list-sale'))?.[0] ?? null) : null;
  const title = isProperty ? t('PROPERTY_NOT_FOUND') : t('PAGE_NOT_FOUND');
  const head = headFor(origin, lang, routing, pathname, {}, `${title} | ${agency}`, t('PAGE_NOT_FOUND_TEXT'), true, null);
  return { kind: 'not-found', what: isProperty ? 'property' : 'page', listPath, head, breadcrumb: [], twins: {}, status: 404 };
}

async function listFor(repo: ContentRepository, pages: PagesBundle, lang: Lang, goal: ListResult['goal'], search: ListSearch): Promise<ListResult> {
  const all = await repo.listing(lang);
  const scoped = repo.derived(`scope:${lang}:${goal}`, () => all.filter((c) => (goal === 'abroad' ? c.countryId !== BELGIUM : c.countryId === BELGIUM && goalOf(c.goal) === goal)));
  // The unfiltered list in each order is the common case (first visit, paging): sorted once per version.
  const unfiltered = !search.q && !search.type && !search.city && search.min === undefined && search.max === undefined && search.beds === undefined;
  const matching = unfiltered ? repo.derived(`sorted:${lang}:${goal}:${search.sort ?? ''}`, () => filterAndSortCards(scoped, search)) : filterAndSortCards(scoped, search);
  const pageCount = Math.max(1, Math.ceil(matching.length / LIST_PAGE_SIZE));
  const page = Math.min(search.page ?? 1, pageCount);
  return {
    goal,
    cards: matching.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE),
    total: matching.length,
    page,
    pages: pageCount,
    pageSize: LIST_PAGE_SIZE,
    search,
    ...repo.derived(`facets:${lang}:${goal}`, () => facetsOf(scoped, pages.categories)),
  };
}

function newest(cards: CardView[], max: number): CardView[] {
  return cards
    .filter((c) => c.countryId === BELGIUM && c.status !== 'sold' && c.status !== 'rented')
    .toSorted((a, b) => b.createDate.localeCompare(a.createDate))
    .slice(0, max);
}

async function bodyFor(target: PathTarget, page: PageView | null, lang: Lang, rawSearch: Record<string, unknown>, repo: ContentRepository, pages: PagesBundle): Promise<PageBody> {
  const search = parseListSearch(rawSearch);
  switch (target.kind) {
    case 'home': {
      return { kind: 'home', page, blocks: await blocksOf(page, repo, pages, lang) };
    }
    case 'list-sale':
      return { kind: 'list', list: await listFor(repo, pages, lang, 'sale', search), page };
    case 'list-rent':
      return { kind: 'list', list: await listFor(repo, pages, lang, 'rent', search), page };
    case 'list-abroad':
      return { kind: 'list', list: await listFor(repo, pages, lang, 'abroad', search), page };
    case 'projects':
      return { kind: 'projects', projects: pages.projects, page };
    case 'team':
      if (!page) break;
      const teamModule = page.modules.find((m) => m.view === 'ons-team-view');
      const intro = teamModule ? (articlesOfModule(teamModule, pages)[0] ?? null) : null;
      return { kind: 'team', page, intro, members: pages.team.slice(0, teamModule?.maxItems ?? 15) };
    case 'contact':
    case 'demand-register':
    case 'free-valuation': {
      const articleModule = page?.modules.find((m) => m.relation.type === 'article');
      const article = pages.articles.find((a) => String(a.id) === String(articleModule?.relation.id)) ?? null;
      return { kind: 'form', form: target.kind, page, article };
    }
    case 'thanks':
      return { kind: 'thanks', form: target.ref, messageKey: target.messageKey ?? 'THANKS_CONFIDENCE' };
    case 'login':
      return { kind: 'login' };
    case 'module':
    case 'article':
    case 'policy':
    case 'redirect': {
      if (!page) break;
      // Modules render in order; sub-pages that no module already links to follow as cards.
      const blocks = await blocksOf(page, repo, pages, lang);
      const covered = new Set(blocks.flatMap((b) => [...b.articles, ...b.subcategories.flatMap((c) => c.articles)]).map((a) => a.path));
      const children = page.childIds
        .map((id) => pages.pages[String(id)])
        .filter((child): child is PageView => child !== undefined)
        .map((child) => ({ title: child.title, path: pages.pagePaths[String(child.id)] ?? '/', summary: child.description }))
        .filter((c) => !covered.has(c.path));
      return { kind: 'content', page, blocks, children };
    }
  }
  return { kind: 'not-found', what: 'page', listPath: null };
}

/** Each module of a page with what its relation points at, Published only (filtered at publish). */
async function blocksOf(page: PageView | null, repo: ContentRepository, pages: PagesBundle, lang: Lang): Promise<ModuleBlock[]> {
  if (!page) return [];
  const withPath = (a: ArticleView) => ({ ...a, path: pages.articlePaths[String(a.id)] ?? null });
  const blocks: ModuleBlock[] = [];
  for (const module of page.modules) {
    const block: ModuleBlock = { module, articles: [], subcategories: [], cards: [], projects: [], members: [], form: null };
    switch (module.relation.type) {
      case 'article':
      case 'category':
        block.articles = articlesOfModule(module, pages).map(withPath);
        if (module.relation.type === 'category' && module.view !== 'ons-team-view') {
          block.subcategories = pages.articleCategories
            .filter((c) => String(c.parentId) === module.relation.id)
            .map((c) => ({ id: c.id, name: c.name, articles: pages.articles.filter((a) => a.categoryId === c.id).slice(0, module.maxItems).map(withPath) }))
            .filter((c) => c.articles.length > 0);
        }
        if (module.view === 'ons-team-view') block.members = pages.team.slice(0, module.maxItems);
        break;
      case 'property-list': {
        const cards = await repo.listing(lang);
        block.cards = repo.derived(`module:${lang}:${module.id}`, () => propertiesOfModule(module, cards));
        break;
      }
      case 'project-list':
        block.projects = pages.projects.filter((p) => module.relation.id === null || String(p.id) === module.relation.id).slice(0, module.maxItems);
        break;
      case 'contact':
        block.form = module.relation.id;
        break;
    }
    blocks.push(block);
  }
  return blocks;
}

/** A property-list module: its goal filter, newest first (SPEC: home shows the newest, max 4). */
function propertiesOfModule(module: ModuleView, cards: CardView[]): CardView[] {
  const goal = module.relation.goal;
  const available = newest(cards, cards.length);
  return available.filter((c) => goal === null || goalOf(c.goal) === goalOf(goal)).slice(0, module.maxItems);
}

/** The articles a module shows: one article, or the published articles of a category (up to maxItems). */
function articlesOfModule(module: ModuleView, pages: PagesBundle): ArticleView[] {
  const id = module.relation.id;
  if (module.relation.type === 'article') return pages.articles.filter((a) => String(a.id) === id);
  if (module.relation.type === 'category') return pages.articles.filter((a) => String(a.categoryId) === id).slice(0, module.maxItems);
  return [];
}
