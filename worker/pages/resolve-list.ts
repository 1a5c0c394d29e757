/** A property list page's result: the cards of one goal filtered, sorted and paged, with its facets. */
import type { CardView, PagesBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { ListResult } from '../../domain/page-data.ts';
import { isMunicipalityKey, placesOf, type ListSearch } from '../../domain/search.ts';
import { goalOf } from '../../domain/rules/goal.ts';
import { BELGIUM } from '../../domain/rules/region.ts';
import { isGone, utcDay } from '../../domain/rules/gone.ts';
import type { ContentRepository } from '../live/repository.ts';
import { countedFacets, facetsOf, LIST_PAGE_SIZE, listIndex, matchingPositions, type ListIndex } from '../../domain/list-index.ts';
import { mapPointOf, type MapPoint, type MapPoints } from '../../domain/map-points.ts';
import { slugify } from '../../domain/rules/slug.ts';

/** One list's index, built once per content version, language, list and day. */
async function indexOf(repo: ContentRepository, lang: Lang, goal: ListResult['goal']): Promise<{ index: ListIndex; key: string }> {
  const all = await repo.listing(lang);
  // Gone listings leave the list on the day they answer 410, and travel times the day after their
  // timetables' last, so the day is part of the key.
  const today = utcDay(new Date());
  const key = `${lang}:${goal}:${today}`;
  const index = repo.derived(`list-index:${key}`, () =>
    listIndex(
      all.filter((c) => !isGone(c.goneOn, today) && (goal === 'abroad' ? c.countryId !== BELGIUM : c.countryId === BELGIUM && goalOf(c.goal) === goal)),
      today,
    ),
  );
  return { index, key };
}

/**
 * A town named in another language's words (`?city=namen` on the French list, after a
 * language switch or a shared link) is this language's town: the same listings' town here.
 * Read only when a name is no town of this list; postcodes and municipalities need nothing.
 */
async function inThisLanguage(repo: ContentRepository, lang: Lang, index: ListIndex, search: ListSearch): Promise<ListSearch> {
  if (!search.city) return search;
  const places = placesOf(search.city);
  const foreign = places.filter((place) => !/^\d+$/.test(place) && !isMunicipalityKey(place) && !index.byTown.has(slugify(place)));
  if (foreign.length === 0) return search;
  const routing = await repo.routing();
  const here = await repo.listing(lang);
  const renamed = new Map<string, string>();
  for (const other of routing.languages) {
    if (other === lang) continue;
    const theirs = await repo.listing(other);
    for (const place of foreign) {
      if (renamed.has(place)) continue;
      const named = theirs.find((c) => slugify(c.city) === slugify(place));
      const card = named ? here.find((c) => c.id === named.id) : undefined;
      if (card) renamed.set(place, slugify(card.city));
    }
  }
  return renamed.size === 0 ? search : { ...search, city: places.map((place) => renamed.get(place) ?? place).join(',') };
}

/** Abroad, sales and rents are two lists (sales unless asked): a monthly rent never sits beside a price. The others have their goal. */
export function withGoal(goal: ListResult['goal'], search: ListSearch): ListSearch {
  if (goal === 'abroad') return { ...search, goal: search.goal ?? 'sale' };
  const { goal: _ignored, ...rest } = search;
  return rest;
}

/** A list's result, computed once per request: the page's fingerprint reads it before the page renders it. */
export function listFor(repo: ContentRepository, pages: PagesBundle, lang: Lang, goal: ListResult['goal'], asked: ListSearch): Promise<ListResult> {
  // Keyed by the search's values in a fixed order: the two callers may build it in different ones.
  const key = Object.entries(asked)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&');
  return repo.once(`list:${lang}:${goal}:${key}`, () => computeList(repo, pages, lang, goal, asked));
}

async function computeList(repo: ContentRepository, pages: PagesBundle, lang: Lang, goal: ListResult['goal'], asked: ListSearch): Promise<ListResult> {
  const { index, key } = await indexOf(repo, lang, goal);
  const search = withGoal(goal, await inThisLanguage(repo, lang, index, asked));
  const matching = matchingPositions(index, search);
  const pageCount = Math.max(1, Math.ceil(matching.length / LIST_PAGE_SIZE));
  const page = Math.min(search.page ?? 1, pageCount);
  return {
    goal,
    cards: Array.from(matching.subarray((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE), (i) => index.cards[i] as CardView),
    total: matching.length,
    page,
    pages: pageCount,
    pageSize: LIST_PAGE_SIZE,
    search,
    // The filters' structure once per version; their counts under this search's other filters.
    ...countedFacets(
      index,
      repo.derived(`facets:${key}`, () => facetsOf(index.cards, pages.categories)),
      search,
    ),
  };
}

/** Every listing of a list matching a search (all pages) that has a position: what the map shows. */
export async function mapPointsFor(repo: ContentRepository, lang: Lang, goal: ListResult['goal'], asked: ListSearch): Promise<MapPoints> {
  const { index } = await indexOf(repo, lang, goal);
  const matching = matchingPositions(index, withGoal(goal, await inThisLanguage(repo, lang, index, asked)));
  const points: MapPoint[] = [];
  for (const i of matching) {
    const point = mapPointOf(index.cards[i] as CardView);
    if (point) points.push(point);
  }
  return { total: matching.length, points };
}

export function newest(cards: CardView[], max: number): CardView[] {
  return cards
    .filter((c) => c.countryId === BELGIUM && c.status !== 'sold' && c.status !== 'rented')
    .toSorted((a, b) => b.createDate.localeCompare(a.createDate))
    .slice(0, max);
}
