/**
 * What a saved search matches: the list it was saved on (sale, rent, abroad) and that
 * list's filters, read from the list page's own address so an alert means exactly what
 * the visitor saw, the area drawn on its map included. Sort, page and view are not criteria.
 */
import { type CardView, type RoutingBundle } from '../../domain/bundles.ts';
import { isListKind, LIST_KINDS, listGoalOf, type ListKind } from '../../domain/page-kinds.ts';
import { parseListSearch, queryOf, writeSearch, type ListSearch } from '../../domain/search.ts';
import { listGoalOfListing } from '../../domain/rules/goal.ts';
import { isGone } from '../../domain/rules/gone.ts';
import { listIndex, matchingPositions } from '../../domain/list-index.ts';

/** An alert is saved on one of the lists. */
export type AlertListKind = ListKind;

export interface AlertCriteria {
  kind: AlertListKind;
  /** The list's filters, and the map area it was narrowed to (`bbox`, west,south,east,north). */
  search: Pick<
    ListSearch,
    'type' | 'city' | 'q' | 'min' | 'max' | 'beds' | 'area' | 'land' | 'epc' | 'near' | 'km' | 'garden' | 'parking' | 'terrace' | 'new' | 'noflood' | 'goal' | 'bbox' | 'hub' | 'mins'
  >;
}

/** The criteria of a list page's address (path and query), and its address without sort or page; null when it is no list of this site. */
export function criteriaOfList(address: string, routing: RoutingBundle): { criteria: AlertCriteria; url: string; lang: string } | null {
  let url: URL;
  try {
    url = new URL(address, 'https://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://site.invalid') return null;
  const target = routing.paths[url.pathname];
  if (!target || !isListKind(target.kind)) return null;
  const parsed = parseListSearch(queryOf(url.searchParams));
  const search: AlertCriteria['search'] = {};
  for (const key of ['type', 'city', 'q', 'min', 'max', 'beds', 'area', 'land', 'epc', 'near', 'km', 'garden', 'parking', 'terrace', 'new', 'noflood', 'bbox', 'hub', 'mins'] as const)
    if (parsed[key] !== undefined) Object.assign(search, { [key]: parsed[key] });
  // A radius means nothing without the town it is around; a hub, without the minutes to it.
  if (!search.near) delete search.km;
  if (search.mins === undefined) delete search.hub;
  // Abroad, an alert is on sales or on rents, as its list was (sales unless it said rents).
  if (listGoalOf(target.kind) === 'abroad') search.goal = parsed.goal ?? 'sale';
  const qs = writeSearch(search);
  return { criteria: { kind: target.kind, search }, url: qs ? `${url.pathname}?${qs}` : url.pathname, lang: target.lang };
}

/** Does this card belong to the list of `kind` (before filters)? The same split as the list pages. */
export function onList(card: CardView, kind: AlertListKind, today: string): boolean {
  if (isGone(card.goneOn, today) || card.status === 'sold' || card.status === 'rented') return false;
  return listGoalOfListing(card) === listGoalOf(kind);
}

/**
 * The cards among `cards` each criteria matches, with the list pages' own filter (one
 * index per list kind, built once for all alerts), so an alert never disagrees with its list.
 */
export function matcher(cards: CardView[], today: string): (criteria: AlertCriteria) => CardView[] {
  const indexes = new Map(
    LIST_KINDS.map((kind) => [
      kind,
      listIndex(
        cards.filter((c) => onList(c, kind, today)),
        today,
      ),
    ]),
  );
  return (criteria) => {
    const index = indexes.get(criteria.kind);
    if (!index) return [];
    return Array.from(matchingPositions(index, criteria.search), (i) => index.cards[i] as CardView);
  };
}
