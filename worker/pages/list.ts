import type { CardView, PagesBundle } from '../../domain/bundles.ts';
import type { Facet } from '../../domain/page-data.ts';
import type { ListSearch } from '../../domain/search.ts';
import { slugify } from '../../domain/rules/slug.ts';

export const LIST_PAGE_SIZE = 12;

function matchesQuery(card: CardView, q: string): boolean {
  const needle = slugify(q);
  if (!needle) return true;
  return slugify(card.reference) === needle || slugify(card.city).includes(needle) || card.zip.toLowerCase() === q.trim().toLowerCase();
}

function priceOf(card: CardView): number {
  return card.publishPrice && !card.priceOnDemand && card.price ? card.price : Number.NaN;
}

/** Filters and sorts the cards of one list by the URL's search state. Pure, so it is tested alone. */
export function filterAndSortCards(cards: CardView[], search: ListSearch): CardView[] {
  const result = cards.filter((card) => {
    if (search.q && !matchesQuery(card, search.q)) return false;
    if (search.type && !card.webIds.includes(search.type)) return false;
    if (search.city && card.zip !== search.city && slugify(card.city) !== slugify(search.city)) return false;
    const price = priceOf(card);
    if (search.min !== undefined && !(price >= search.min)) return false;
    if (search.max !== undefined && !(price <= search.max)) return false;
    if (search.beds !== undefined && !((card.bedrooms ?? 0) >= search.beds)) return false;
    return true;
  });
  const byPrice = (dir: 1 | -1) => (a: CardView, b: CardView) => {
    const pa = priceOf(a);
    const pb = priceOf(b);
    // Cards without a public price go last whichever way the list is sorted.
    if (Number.isNaN(pa)) return Number.isNaN(pb) ? 0 : 1;
    if (Number.isNaN(pb)) return -1;
    return (pa - pb) * dir;
  };
  switch (search.sort) {
    case 'price-asc':
      return result.sort(byPrice(1));
    case 'price-desc':
      return result.sort(byPrice(-1));
    case 'type':
      return result.sort((a, b) => (a.typeDescription || a.mainTypeName).localeCompare(b.typeDescription || b.mainTypeName) || a.city.localeCompare(b.city));
    case 'city':
      return result.sort((a, b) => a.city.localeCompare(b.city) || b.createDate.localeCompare(a.createDate));
    default:
      return result.sort((a, b) => b.createDate.localeCompare(a.createDate) || b.id - a.id);
  }
}

/**
 * Types and towns of one list with their counts, for the filter selects. A town is chosen
 * by its name (value: its slug), shown with its postcode: several towns share a postcode
 * (5000 is Namur and Salzinnes), and a town can span postcodes. A postcode typed in the
 * search, or `?city=5000`, still finds all its towns.
 */
export function facetsOf(cards: CardView[], categories: PagesBundle['categories']): { types: Facet[]; places: Facet[] } {
  const typeCounts = new Map<string, number>();
  const towns = new Map<string, { name: string; zips: Set<string>; count: number }>();
  for (const card of cards) {
    for (const webId of card.webIds) typeCounts.set(webId, (typeCounts.get(webId) ?? 0) + 1);
    const key = slugify(card.city) || card.zip;
    const town = towns.get(key) ?? { name: card.city || card.zip, zips: new Set<string>(), count: 0 };
    town.count++;
    if (card.zip) town.zips.add(card.zip);
    towns.set(key, town);
  }
  const types = categories.filter((c) => (typeCounts.get(c.webId) ?? 0) > 0).map((c) => ({ value: c.webId, label: c.name, count: typeCounts.get(c.webId) ?? 0 }));
  const places = [...towns]
    .map(([key, town]) => ({ value: key, label: town.zips.size > 0 && town.name !== [...town.zips][0] ? `${town.name} – ${[...town.zips].sort().join(', ')}` : town.name, count: town.count }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
  return { types, places };
}
