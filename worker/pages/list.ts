import type { CardView } from '../../content/bundles.ts';
import type { ListSearch } from '../../client/search.ts';
import { slugify } from '../../client/lib/slug.ts';

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
