/** A property list page's result: the cards of one goal filtered, sorted and paged, with its facets. */
import type { CardView, PagesBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { ListResult } from '../../domain/page-data.ts';
import { type ListSearch } from '../../domain/search.ts';
import { goalOf } from '../../domain/rules/goal.ts';
import { BELGIUM } from '../../domain/rules/region.ts';
import { isGone, utcDay } from '../../domain/rules/gone.ts';
import type { ContentRepository } from '../content/repository.ts';
import { facetsOf, filterAndSortCards, LIST_PAGE_SIZE } from './list.ts';

export async function listFor(repo: ContentRepository, pages: PagesBundle, lang: Lang, goal: ListResult['goal'], search: ListSearch): Promise<ListResult> {
  const all = await repo.listing(lang);
  // Gone listings leave the list on the day they answer 410, so the day is part of the key.
  const today = utcDay(new Date());
  const scoped = repo.derived(`scope:${lang}:${goal}:${today}`, () =>
    all.filter((c) => !isGone(c.goneOn, today) && (goal === 'abroad' ? c.countryId !== BELGIUM : c.countryId === BELGIUM && goalOf(c.goal) === goal)),
  );
  // The unfiltered list in each order is the common case (first visit, paging): sorted once per version.
  const unfiltered = !search.q && !search.type && !search.city && search.min === undefined && search.max === undefined && search.beds === undefined;
  const matching = unfiltered ? repo.derived(`sorted:${lang}:${goal}:${today}:${search.sort ?? ''}`, () => filterAndSortCards(scoped, search)) : filterAndSortCards(scoped, search);
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
    ...repo.derived(`facets:${lang}:${goal}:${today}`, () => facetsOf(scoped, pages.categories)),
  };
}

export function newest(cards: CardView[], max: number): CardView[] {
  return cards
    .filter((c) => c.countryId === BELGIUM && c.status !== 'sold' && c.status !== 'rented')
    .toSorted((a, b) => b.createDate.localeCompare(a.createDate))
    .slice(0, max);
}
