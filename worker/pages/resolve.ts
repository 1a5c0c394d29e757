import { type CardView, type PagesBundle, type PageView, type PathTarget, type WithdrawnListing } from '../../domain/bundles.ts';
import { formOfPage, listGoalOf, listKindOf, pageKind } from '../../domain/page-kinds.ts';
import { distanceKm, SIMILAR_COUNT } from '../../domain/rules/similar.ts';
import { visitView } from './visit-view.ts';
import type { Lang } from '../../domain/lang.ts';
import type { Crumb, PageBody, PageData, PageMeta, PropertyPageView, ProjectPageView } from '../../domain/page-data.ts';
import type { ListSearch } from '../../domain/search.ts';
import { FAVOURITES_SEGMENTS } from '../../domain/rules/favourites.ts';
import { isPreviewPath, previewedPath } from '../../domain/rules/preview.ts';
import { favouritesPage } from './resolve-favourites.ts';
import type { ResolveInput } from './resolve-input.ts';
import { withSizes, type DocumentFiles } from './resolve-documents.ts';

/** No file store: no document is offered for download. */
const NO_FILES: DocumentFiles = { size: async () => null };

import { goalOf, listGoalOfListing } from '../../domain/rules/goal.ts';
import { isGone, utcDay } from '../../domain/rules/gone.ts';
import { articleNode, projectNode, propertyNode } from '../seo/jsonld.ts';
import { socialImage } from '../seo/meta.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import { listingDescription, listingTitle } from '../../domain/rules/listing-title.ts';
import { epcDisplay, epcOf } from '../../domain/rules/epc.ts';
import type { ContentRepository } from '../live/repository.ts';
import { headFor, pageTitle } from './resolve-head.ts';
import { listFor } from './resolve-list.ts';
import { matchProjectPath, matchPropertyPath, menuTargetOf } from './page-address.ts';
import { articlesOfModule, blocksOf, type LiveData } from './resolve-blocks.ts';

/** The nearest listings on offer of the same goal, kind and country as a withdrawn one. */
export function similarToWithdrawn(gone: WithdrawnListing, listing: CardView[], today: string): CardView[] {
  const here = { lat: gone.lat, lng: gone.lng } as CardView;
  return listing
    .filter((c) => goalOf(c.goal) === goalOf(gone.goal) && c.countryId === gone.countryId && c.webIds.includes(gone.webId) && c.status !== 'sold' && c.status !== 'rented' && !isGone(c.goneOn, today))
    .map((card) => ({ card, d: distanceKm(here, card) }))
    .sort((a, b) => a.d - b.d || a.card.id - b.card.id)
    .slice(0, SIMILAR_COUNT)
    .map((x) => x.card);
}

/** The page's own Twitter card fields, when its content sets them. */
function twitterCard(page: PageView, origin: string, title: string): { title?: string; description?: string; image?: string } {
  const { twitterTitle, twitterDescription, twitterImage } = page.meta;
  const image = twitterImage ? socialImage(origin, { url: twitterImage }, title) : null;
  return {
    ...(twitterTitle ? { title: twitterTitle } : {}),
    ...(twitterDescription ? { description: twitterDescription } : {}),
    ...(image ? { image: image.url } : {}),
  };
}

export async function resolvePage(input: ResolveInput): Promise<PageData> {
  // A path with a 'preview' segment is a preview of the page it names without it.
  if (!isPreviewPath(input.pathname)) return { ...(await resolvePath(input)), preview: false };
  const data = await resolvePath({ ...input, pathname: previewedPath(input.pathname) });
  return { ...data, preview: true, head: { ...data.head, noindex: true } };
}

async function resolvePath(input: ResolveInput): Promise<PageBody & PageMeta> {
  const { repo, routing, origin, lang, search } = input;
  const pathname = input.pathname;
  const [site, pages] = await Promise.all([repo.site(lang), repo.pages(lang)]);
  const t = (key: string) => site.dict[key] ?? key;
  const agency = site.agency.name;
  const parts = pathname.split('/').filter(Boolean);
  const homeCrumb: Crumb = { label: t('HOME'), path: site.homes[lang] ?? `/${lang}/` };
  // The head of a page never indexed: one that says something is not (or no longer) here, or a visitor's own selection.
  const unindexedHead = (title: string, description: string) =>
    headFor({ origin, lang, routing, site, repo, path: pathname, twins: {}, title: `${title} | ${agency}`, description, noindex: true, image: null, breadcrumb: [] });

  const target = menuTargetOf(routing, lang, pathname);

  if (target) {
    const page = pages.pages[target.ref] ?? null;
    // An article at its own address is an Article for search engines.
    const ownArticle = target.ref.startsWith('article:') ? (pages.articles.find((a) => `article:${a.id}` === target.ref) ?? null) : null;
    const title = pageTitle(page, target.breadcrumb.at(-1)?.label ?? agency, agency);
    const description = page?.meta.metadataDescription || page?.description || page?.content || site.banner.description || agency;
    const breadcrumb = target.kind === 'home' ? [] : target.breadcrumb;
    const ogImage = page?.meta.ogImage || (target.kind === 'home' ? site.banner.images[0] : undefined);
    const head = headFor({
      origin,
      lang,
      routing,
      site,
      repo,
      path: pathname,
      twins: target.twins,
      title,
      description,
      // A page whose SEO switch is off is shown to visitors, never to search engines.
      noindex: !pageKind(target.kind).indexed || page?.indexed === false,
      image: ogImage ? socialImage(origin, { url: ogImage }, title) : null,
      breadcrumb,
      social: { title: page?.meta.ogTitle, description: page?.meta.ogDescription, ...(ownArticle ? { type: 'article' as const } : {}), ...(page ? { twitter: twitterCard(page, origin, title) } : {}) },
      ...(target.kind === 'home' ? { xDefaultPath: '/' } : {}),
      ...(ownArticle ? { jsonLd: [articleNode({ article: ownArticle, path: pathname, origin, lang })] } : {}),
    });
    const body = await bodyFor(target, page, lang, search, repo, pages, input.live);
    return { ...body, head, breadcrumb, twins: target.twins, status: 200 };
  }

  if (parts.length === 2 && parts[0] === lang && parts[1] === FAVOURITES_SEGMENTS[lang]) return favouritesPage(input, unindexedHead(t('FAVOURITES'), t('FAVOURITES_INTRO')));

  const propertyId = matchPropertyPath(routing, lang, parts);
  if (propertyId !== null) {
    const published = await repo.property<PropertyPageView>(lang, propertyId);
    if (published) {
      const property = { ...published, documents: await withSizes(published.documents, input.files ?? NO_FILES) };
      const twins = property.twins;
      const listKey = listKindOf(listGoalOfListing(property.card));
      const list = Object.entries(routing.paths).find(([, v]) => v.kind === listKey && v.lang === lang);
      // Past its grace period a sold or rented listing is gone for good (410), not merely missing.
      if (isGone(property.card.goneOn, utcDay(new Date()))) {
        const what = property.card.status === 'rented' ? 'rented' : 'sold';
        const goneTitle = what === 'rented' ? t('PROPERTY_RENTED') : t('PROPERTY_SOLD');
        const head = unindexedHead(goneTitle, t('PROPERTY_GONE_TEXT'));
        return { kind: 'not-found', what, listPath: list?.[0] ?? null, similar: property.similar, head, breadcrumb: [], twins: {}, status: 410 };
      }
      const label = property.card.typeDescription || property.card.mainTypeName;
      // As the portals name a listing: its kind, for sale or to rent, the town, the bedrooms and the price.
      const words = createTranslator(lang, site.dict).t;
      const epc = epcOf({ value: property.card.energyPerformance, zip: property.card.zip, countryId: property.card.countryId, labelText: property.card.epcLabelText });
      const title = `${listingTitle(property.card, words, site.marqueeIgnore)} | ${agency}`;
      const breadcrumb: Crumb[] = [
        homeCrumb,
        ...(list ? [{ label: list[1].breadcrumb.at(-1)?.label ?? '', path: list[0] }] : []),
        { label: `${property.card.city} – ${property.card.reference}`, path: property.card.path },
      ];
      const photo = property.photos[0];
      const head = headFor({
        origin,
        lang,
        routing,
        site,
        repo,
        path: property.card.path,
        twins,
        title,
        description: listingDescription({ ...property.card, epc: epc ? epcDisplay(epc.label) : null }, words, site.marqueeIgnore, property.description),
        noindex: false,
        image: photo ? socialImage(origin, photo, `${label} – ${property.card.city}`) : null,
        breadcrumb,
        social: { type: 'article' },
        jsonLd: [propertyNode({ property, origin, lang, title: `${label} – ${property.card.city}`, marqueeIgnore: site.marqueeIgnore })],
      });
      // Asked with ?book=1 (the booking link of a page without JavaScript): the open slots, drawn by the server.
      const slots = search.book === 1 && input.live ? await input.live.slots(property.card.id) : undefined;
      return { kind: 'property', property, ...(slots ? { slots } : {}), head, breadcrumb, twins, status: 200 };
    }
  }

  const projectId = matchProjectPath(routing, lang, parts);
  if (projectId !== null) {
    const published = await repo.project<ProjectPageView>(lang, projectId);
    if (published) {
      const project = { ...published, documents: await withSizes(published.documents, input.files ?? NO_FILES) };
      const twins = project.twins;
      const list = Object.entries(routing.paths).find(([, v]) => v.kind === 'projects' && v.lang === lang);
      const breadcrumb: Crumb[] = [homeCrumb, ...(list ? [{ label: list[1].breadcrumb.at(-1)?.label ?? '', path: list[0] }] : []), { label: project.card.name, path: project.card.path }];
      const photo = project.photos[0];
      const head = headFor({
        origin,
        lang,
        routing,
        site,
        repo,
        path: project.card.path,
        twins,
        title: `${project.card.name} | ${agency}`,
        description: project.description,
        noindex: false,
        image: photo ? socialImage(origin, photo, project.card.name) : null,
        breadcrumb,
        social: { type: 'article' },
        jsonLd: [projectNode({ project, origin, lang })],
      });
      return { kind: 'project', project, head, breadcrumb, twins, status: 200 };
    }
  }

  // An unknown or withdrawn property says so, and offers the list it would have been in.
  const isProperty = propertyId !== null;
  const listPath = isProperty
    ? (Object.entries(routing.paths).find(([, v]) => v.lang === lang && v.kind === listKindOf(parts[1] === routing.listSegments.rent[lang] ? 'rent' : 'sale'))?.[0] ?? null)
    : null;
  // Withdrawn from the CRM's export: gone for good (410), with what is still on offer like it.
  const withdrawn = isProperty ? (await repo.withdrawn())[String(propertyId)] : undefined;
  if (withdrawn) {
    const similar = similarToWithdrawn(withdrawn, await repo.listing(lang), utcDay(new Date()));
    const head = unindexedHead(t('PROPERTY_WITHDRAWN'), t('PROPERTY_WITHDRAWN_TEXT'));
    return { kind: 'not-found', what: 'withdrawn', listPath, similar, head, breadcrumb: [], twins: {}, status: 410 };
  }
  const title = isProperty ? t('PROPERTY_NOT_FOUND') : t('PAGE_NOT_FOUND');
  const head = unindexedHead(title, t('PAGE_NOT_FOUND_TEXT'));
  return { kind: 'not-found', what: isProperty ? 'property' : 'page', listPath, head, breadcrumb: [], twins: {}, status: 404 };
}

async function bodyFor(target: PathTarget, page: PageView | null, lang: Lang, search: ListSearch, repo: ContentRepository, pages: PagesBundle, live: LiveData | undefined): Promise<PageBody> {
  switch (target.kind) {
    case 'home': {
      return { kind: 'home', page, blocks: await blocksOf(page, repo, pages, lang, live) };
    }
    case 'list-sale':
    case 'list-rent':
    case 'list-abroad':
      return { kind: 'list', list: await listFor(repo, pages, lang, listGoalOf(target.kind), search), page };
    case 'projects':
      return { kind: 'projects', projects: pages.projects, page };
    case 'team': {
      if (!page) break;
      const teamModule = page.modules.find((m) => m.view === 'ons-team-view');
      const intro = teamModule ? (articlesOfModule(teamModule, pages)[0] ?? null) : null;
      return { kind: 'team', page, intro, members: pages.team.slice(0, teamModule?.maxItems ?? 15) };
    }
    case 'contact':
    case 'demand-register':
    case 'free-valuation': {
      const articleModule = page?.modules.find((m) => m.relation.type === 'article');
      const article = pages.articles.find((a) => String(a.id) === String(articleModule?.relation.id)) ?? null;
      return { kind: 'form', form: formOfPage(target.kind), page, article };
    }
    case 'thanks': {
      const visit = typeof search.visit === 'string' && live ? await visitView(await live.visit(search.visit), search.visit, repo, lang) : undefined;
      // The request arrived, but its confirmation was held back by the mail budget: the page says so.
      // A project sent to a friend is thanked as a project, not as a property.
      const messageKey =
        search.mail === 'held' ? 'THANKS_MAIL_HELD' : search.shared === 'project' && target.messageKey === 'SENT_TO_FRIEND' ? 'SENT_PROJECT_TO_FRIEND' : (target.messageKey ?? 'THANKS_CONFIDENCE');
      return { kind: 'thanks', form: target.ref, messageKey, ...(visit === undefined ? {} : { visit }) };
    }
    case 'login':
      return { kind: 'login' };
    case 'module':
    case 'article':
    case 'policy':
    case 'redirect': {
      if (!page) break;
      // Modules render in order; sub-pages that no module already links to follow as cards.
      const blocks = await blocksOf(page, repo, pages, lang, live);
      const covered = new Set(blocks.flatMap((b) => [...b.articles, ...b.subcategories.flatMap((c) => c.articles)]).map((a) => a.path));
      const children = page.childIds
        .map((id) => pages.pages[String(id)])
        .filter((child): child is PageView => child !== undefined)
        .map((child) => ({ title: child.title, path: pages.pagePaths[String(child.id)] ?? '/', summary: child.description }))
        .filter((c) => !covered.has(c.path));
      return { kind: 'content', page, blocks, children };
    }
    default: {
      // Every page kind is drawn above: a kind added to PAGE_KINDS (domain/page-kinds.ts) without its case fails here.
      const unknown: never = target.kind;
      return unknown;
    }
  }
  return { kind: 'not-found', what: 'page', listPath: null };
}

/** Each module of a page with what its relation points at, Published only (filtered at publish). */
