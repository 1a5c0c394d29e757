/**
 * Addresses of article categories and articles, built from their names: the chain of
 * category names, then the article's title, each without accents or punctuation, lower
 * case, spaces as hyphens, the path ending in a slash ('/fr/nos-services/guides-pratiques/
 * frais-d-achat-en-wallonie/'). A `slug` in the content replaces a name's segment.
 *
 * A category or article that a menu page already shows (the page of a category, an article
 * as a page's single view, a policy of the path table) keeps that page as its address: the
 * built path answers 301 to it, so every address a name gives leads somewhere.
 */
import type { Crumb } from '../../domain/page-data.ts';
import type { ArticleView, PageView, PathTarget, RoutingBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { slugify, toPath } from '../../domain/rules/slug.ts';
import type { ContentSource } from '../schema.ts';
import { homePath, tr, type Ctx, type Twins } from './context.ts';

type Category = ContentSource['articleCategories'][number];

export interface ArticleAddresses {
  /** Published category → its page per language (its own, or the menu page that is it). */
  categories: Map<number, Twins>;
  /** Published article of a published category → its page per language. */
  articles: Map<number, Twins>;
  /** The crumbs down to a category, per language (home first). */
  crumbs: (categoryId: number, lang: Lang) => Crumb[];
  /** The published categories, in their order. */
  published: Category[];
}

/** Categories whose whole chain is published: a draft parent hides its children. */
export function publishedCategories(categories: readonly Category[]): Map<number, Category[]> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const chains = new Map<number, Category[]>();
  for (const category of categories) {
    const chain: Category[] = [];
    const seen = new Set<number>();
    for (let c: Category | undefined = category; c; c = c.parentId === null ? undefined : byId.get(c.parentId)) {
      if (seen.has(c.id) || c.status !== 'Published') break;
      seen.add(c.id);
      chain.unshift(c);
      if (c.parentId === null) chains.set(category.id, chain);
    }
  }
  return chains;
}

/** The path segment of a name: its slug when the content gives one, else the name made a slug. */
function segmentOf(item: { slug: Partial<Record<Lang, string>> }, name: string, lang: Lang): string {
  return item.slug[lang] || slugify(name);
}

/**
 * Adds a page for each category and article that has none yet to `paths` (and its English
 * original to `originals`, for old addresses without a language), and a permanent redirect
 * for each built path whose category or article a menu page already shows.
 * `shownAt` gives the page that shows an article as its own (single view, path table).
 */
export function addArticleAddresses(
  paths: RoutingBundle['paths'],
  originals: RoutingBundle['originals'],
  source: ContentSource,
  ctx: Ctx,
  shownAt: (articleId: number) => Twins | undefined,
): ArticleAddresses {
  const chains = publishedCategories(source.articleCategories);
  const home = (lang: Lang): Crumb => ({ label: ctx.source.translations[lang]?.HOME ?? 'Home', path: homePath(lang) });
  const built = (segments: (lang: Lang) => string[]): Twins => Object.fromEntries(ctx.langs.map((lang) => [lang, toPath(lang, ...segments(lang))]));
  const categorySegments = (id: number, lang: Lang) => (chains.get(id) ?? []).map((c) => segmentOf(c, tr(c.name, lang, ctx), lang));

  const categories = new Map<number, Twins>();
  const crumbs = (categoryId: number, lang: Lang): Crumb[] => [
    home(lang),
    ...(chains.get(categoryId) ?? []).map((c) => ({ label: tr(c.name, lang, ctx), path: categories.get(c.id)?.[lang] ?? homePath(lang) })),
  ];
  const redirect = (lang: Lang, location: string, original: string): PathTarget => ({ kind: 'redirect', lang, ref: '', original, twins: {}, breadcrumb: [], location, permanent: true });

  // Parents before children, so a child's crumbs name its parent's page.
  const ordered = [...chains.entries()].sort((a, b) => a[1].length - b[1].length);
  for (const [id] of ordered) {
    const twins = built((lang) => categorySegments(id, lang));
    // Where a menu page already has the path, that page is the category's (it shows it).
    const own = ctx.langs.every((lang) => !paths[twins[lang] ?? '']);
    categories.set(id, twins);
    const original = toPath(...categorySegments(id, 'en' as Lang)).toLowerCase();
    for (const lang of ctx.langs) {
      const path = twins[lang];
      if (!path || paths[path]) continue;
      paths[path] = { kind: 'module', lang, ref: `category:${id}`, original, twins, breadcrumb: crumbs(id, lang) };
    }
    if (own) originals[original] ??= twins;
  }

  const articles = new Map<number, Twins>();
  for (const article of [...source.articles].sort((a, b) => a.id - b.id)) {
    if (article.status !== 'Published' || !chains.has(article.categoryId)) continue;
    const twins = built((lang) => [...categorySegments(article.categoryId, lang), segmentOf(article, tr(article.title, lang, ctx), lang)]);
    const original = toPath(...categorySegments(article.categoryId, 'en' as Lang), segmentOf(article, tr(article.title, 'en' as Lang, ctx), 'en' as Lang)).toLowerCase();
    const elsewhere = shownAt(article.id);
    articles.set(article.id, elsewhere ?? twins);
    for (const lang of ctx.langs) {
      const path = twins[lang];
      if (!path || paths[path]) continue;
      const location = elsewhere?.[lang];
      if (elsewhere && !location) continue;
      paths[path] = location
        ? redirect(lang, location, original)
        : { kind: 'article', lang, ref: `article:${article.id}`, original, twins, breadcrumb: [...crumbs(article.categoryId, lang), { label: tr(article.title, lang, ctx), path }] };
    }
    originals[original] ??= elsewhere ?? twins;
  }
  return { categories, articles, crumbs, published: source.articleCategories.filter((c) => chains.has(c.id)).sort((a, b) => a.sort - b.sort) };
}

/** What a page that is no menu page (an article, a category, a policy of the path table) has by default. */
export const PAGE_DEFAULTS = {
  meta: {},
  indexed: true,
  fixedMenu: false,
  subMenu: [],
  banner: { type: 'none', image: null, images: [], video: null, transparent: false },
  showBreadCrumb: true,
  showPageBanner: false,
  bannerTitle: null,
  bannerDescription: null,
  bannerColor: null,
  logo: null,
  noReferrerNoFollow: false,
  css: null,
  childIds: [],
} satisfies Partial<PageView>;

/** An article's own page: its title, summary as the lead, its text. */
export function articlePage(article: ArticleView): PageView {
  return {
    ...PAGE_DEFAULTS,
    id: article.id,
    kind: 'article',
    title: article.title,
    description: article.summary,
    content: article.body,
    meta: article.image ? { ogImage: article.image } : {},
    modules: [],
  };
}

/** A category's own page: its articles with their summaries, then its sub-categories', each linked. */
export function categoryPage(id: number, name: string): PageView {
  return {
    ...PAGE_DEFAULTS,
    id,
    kind: 'module',
    title: name,
    description: '',
    content: '',
    modules: [
      {
        id: -id,
        title: '',
        titleSize: 'h2',
        description: '',
        description2: '',
        view: 'news-view',
        className: '',
        background: null,
        image: null,
        images: [],
        numberItemOfRow: 3,
        maxItems: 100,
        hasSubcategories: true,
        span: 12,
        col: { sm: 12, md: 12, lg: 12 },
        position: 'contentRow',
        relation: { type: 'category', id: String(id), goal: null },
      },
    ],
  };
}
