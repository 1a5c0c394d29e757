/** The module blocks of a menu page: property lists, articles, team, testimonials, each as its module says. */
import type { VisitSlot } from '../../domain/page-data.ts';
import type { BookedVisit } from '../visits/store.ts';
import type { ArticleView, CardView, ModuleView, PagesBundle, PageView } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { ModuleBlock, TestimonialView } from '../../domain/page-data.ts';
import { goalOf } from '../../domain/rules/goal.ts';
import type { ContentRepository } from '../live/repository.ts';
import { newest } from './resolve-list.ts';

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

/** A property-list module: its goal filter, newest first (the home shows the newest, 4 at most). */
export function propertiesOfModule(module: ModuleView, cards: CardView[]): CardView[] {
  const goal = module.relation.goal;
  const available = newest(cards, cards.length);
  return available.filter((c) => goal === null || goalOf(c.goal) === goalOf(goal)).slice(0, module.maxItems);
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
