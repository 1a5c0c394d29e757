/** The module blocks of a menu page: property lists, articles, team, testimonials, each as its module says. */
import type { VisitSlot } from '../../domain/page-data.ts';
import type { BookedVisit } from '../visits/store.ts';
import type { ArticleView, CardView, ModuleView, PagesBundle, PageView } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { ModuleBlock, TestimonialView } from '../../domain/page-data.ts';
import { goalOf } from '../../domain/rules/goal.ts';
import { BELGIUM } from '../../domain/rules/region.ts';
import type { ContentRepository } from '../live/repository.ts';

/** Data that changes without a new content version (approved testimonials), read when a page shows it. */
export interface LiveData {
  testimonials(): Promise<TestimonialView[]>;
  /** A property's open visit slots. */
  slots(propertyId: number): Promise<VisitSlot[]>;
  /** A booked visit by its secret. */
  visit(token: string): Promise<BookedVisit | null>;
}

export async function blocksOf(page: PageView | null, repo: ContentRepository, pages: PagesBundle, lang: Lang, live: LiveData | undefined): Promise<ModuleBlock[]> {
  if (!page) return [];
  const withPath = (a: ArticleView) => ({ ...a, path: pages.articlePaths[String(a.id)] ?? null });
  const blocks: ModuleBlock[] = [];
  for (const module of page.modules) {
    const block: ModuleBlock = { module, articles: [], subcategories: [], cards: [], projects: [], members: [], form: null, testimonials: [] };
    switch (module.relation.type) {
      case 'article':
      case 'category':
        block.articles = articlesOfModule(module, pages).map(withPath);
        if (module.relation.type === 'category' && module.hasSubcategories && module.view !== 'ons-team-view') {
          block.subcategories = pages.articleCategories
            .filter((c) => String(c.parentId) === module.relation.id)
            .map((c) => ({
              id: c.id,
              name: c.name,
              path: c.path,
              articles: pages.articles
                .filter((a) => a.categoryId === c.id)
                .slice(0, module.maxItems)
                .map(withPath),
            }))
            .filter((c) => c.articles.length > 0);
        }
        if (module.view === 'ons-team-view') block.members = pages.team.slice(0, module.maxItems);
        break;
      case 'property-list':
        block.cards = await moduleCards(repo, module, lang);
        break;
      case 'project-list':
        block.projects = pages.projects.filter((p) => module.relation.id === null || String(p.id) === module.relation.id).slice(0, module.maxItems);
        break;
      case 'contact':
        block.form = module.relation.id;
        break;
      case 'testimonials':
        block.testimonials = live ? (await live.testimonials()).slice(0, module.maxItems) : [];
        break;
    }
    blocks.push(block);
  }
  return blocks;
}

/** The cards a property-list module shows in one language, worked out once per content version. */
export async function moduleCards(repo: ContentRepository, module: ModuleView, lang: Lang): Promise<CardView[]> {
  const cards = await repo.listing(lang);
  return repo.derived(`module:${lang}:${module.id}`, () => propertiesOfModule(module, cards));
}

/** The orders a module may ask for, as the agency's CMS names them. */
const MODULE_SORTS: Record<string, (a: CardView, b: CardView) => number> = {
  'date-desc': (a, b) => b.createDate.localeCompare(a.createDate),
  'date-asc': (a, b) => a.createDate.localeCompare(b.createDate),
  'price-asc': (a, b) => (a.price ?? Number.POSITIVE_INFINITY) - (b.price ?? Number.POSITIVE_INFINITY),
  'price-desc': (a, b) => (b.price ?? -1) - (a.price ?? -1),
  'type-asc': (a, b) => (a.typeDescription || a.mainTypeName).localeCompare(b.typeDescription || b.mainTypeName),
  'type-desc': (a, b) => (b.typeDescription || b.mainTypeName).localeCompare(a.typeDescription || a.mainTypeName),
  'city-asc': (a, b) => a.city.localeCompare(b.city),
  'city-desc': (a, b) => b.city.localeCompare(a.city),
};

/**
 * A property-list module: what is on offer, narrowed as the agency set it (goal, property
 * types, country: Belgium unless it names another), in its order (newest first unless it
 * names another), at most maxItems (the home shows the newest 4).
 */
export function propertiesOfModule(module: ModuleView, cards: CardView[]): CardView[] {
  const { goal, webIds = [], countryId = null, sort = null } = module.relation;
  const country = countryId ?? BELGIUM;
  return cards
    .filter((c) => c.countryId === country && c.status !== 'sold' && c.status !== 'rented')
    .filter((c) => goal === null || goalOf(c.goal) === goalOf(goal))
    .filter((c) => webIds.length === 0 || c.webIds.some((id) => webIds.includes(id)))
    .toSorted(MODULE_SORTS[sort ?? 'date-desc'] ?? MODULE_SORTS['date-desc'])
    .slice(0, module.maxItems);
}

/** The articles a module shows: one article, or the published articles of a category (up to maxItems). */
export function articlesOfModule(module: ModuleView, pages: PagesBundle): ArticleView[] {
  const id = module.relation.id;
  if (module.relation.type === 'article') return pages.articles.filter((a) => String(a.id) === id);
  // A draft category shows nothing: only published ones are in the bundle.
  if (module.relation.type === 'category') {
    if (!pages.articleCategories.some((c) => String(c.id) === id)) return [];
    return pages.articles.filter((a) => String(a.categoryId) === id).slice(0, module.maxItems);
  }
  return [];
}
