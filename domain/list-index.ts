import type { CardView, PagesBundle } from './bundles.ts';
import type { Facet } from './page-data.ts';
import { EPC_CLASSES, FEATURES, isMunicipalityKey, placesOf, SORTS, type ListSearch } from './search.ts';
import { slugify } from './rules/slug.ts';
import { goalOf } from './rules/goal.ts';
import { epcOf } from './rules/epc.ts';
import { inBbox, parseBbox } from './rules/bbox.ts';
import { municipalityOf } from './rules/municipality.ts';

export const LIST_PAGE_SIZE = 12;

type Sort = (typeof SORTS)[number];

/**
 * One list's cards (a goal, a language, a day) prepared once per content version, so that
 * a request with any filters and sort reads typed arrays instead of the catalogue: each
 * order is sorted once, each type and town points at its cards, prices and bedrooms are
 * numbers, slugs are computed once. With 10,000 properties, filtering a cold URL went from
 * ~1.3 ms (slugify and compare every card) to a scan of one small array.
 */
export interface ListIndex {
  cards: CardView[];
  /** Card positions in each order; sorting is stable, so ties keep the cards' own order. */
  orders: Record<Sort, Uint32Array>;
  /** The public price of each card; NaN when it has none (hidden, on demand, missing). */
  prices: Float64Array;
  bedrooms: Uint8Array;
  /** 1 where a card is for sale, 0 for rent (the goal filter of the abroad list, asked per card). */
  forSale: Uint8Array;
  /** Living and land areas (NaN when unknown: such a card never meets an area filter). */
  areas: Float64Array;
  lands: Float64Array;
  /** The energy class's rank on its scale (A = 0 … G = 6; 255 unknown). */
  epcRanks: Uint8Array;
  /** Positions for the map's area filter; NaN where a listing has none (never inside an area). */
  lats: Float64Array;
  lngs: Float64Array;
  /** Card positions per property type (web id), per town slug and per postcode. */
  byType: Map<string, Uint32Array>;
  byTown: Map<string, Uint32Array>;
  byZip: Map<string, Uint32Array>;
  /** Card positions per municipality (`all-5000`: Namur with Salzinnes, Bouge, Jambes, Wépion…). */
  byMunicipality: Map<string, Uint32Array>;
  /** Slugs for the free-text search, which has no closed set of values to index. */
  townSlugs: string[];
  referenceSlugs: string[];
  /** The words of each card's type as the page names it ("appartement", "maison", "semi-detached"). */
  typeWords: string[][];
  /**
   * What the filters' counts add up, as small numbers per card (counting a narrowed list of
   * 10,000 cards by their slugs and municipalities cost ~2 ms a request): each card's place
   * (its town slug, else its postcode) and municipality (-1: none), ids into `placeKeys`;
   * its types as ids into `typeKeys`, card i's from typeIds[typeStarts[i]] to typeIds[typeStarts[i + 1]].
   */
  placeKeys: string[];
  placeIds: Int32Array;
  municipalityIds: Int32Array;
  typeKeys: string[];
  typeStarts: Uint32Array;
  typeIds: Uint32Array;
  /** Hubs with travel times, in the site's order; per hub, each card's minutes (NaN: none, or timetables expired) and the cards by them. */
  hubs: string[];
  travel: Map<string, Float64Array>;
  travelOrders: Map<string, Uint32Array>;
}

/** A card's energy class as a rank on its own scale (the region's or Luxembourg's): A = 0 … G = 6, 255 without a label. */
function epcRankOf(card: CardView): number {
  const found = epcOf({ value: card.energyPerformance, zip: card.zip, countryId: card.countryId, labelText: card.epcLabelText });
  const letter = found?.label.charAt(0) ?? '';
  const rank = EPC_CLASSES.indexOf(letter as (typeof EPC_CLASSES)[number]);
  return rank < 0 ? 255 : rank;
}

/** Kilometres between two points on the Earth (haversine). */
export function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The middle of a town's listings on this list (its slug), or null when it has none with a position. */
function townCentre(index: ListIndex, town: string): { lat: number; lng: number } | null {
  let lat = 0;
  let lng = 0;
  let n = 0;
  for (const i of index.byTown.get(slugify(town)) ?? []) {
    const la = index.lats[i] ?? Number.NaN;
    const lo = index.lngs[i] ?? Number.NaN;
    if (Number.isNaN(la) || Number.isNaN(lo)) continue;
    lat += la;
    lng += lo;
    n += 1;
  }
  return n > 0 ? { lat: lat / n, lng: lng / n } : null;
}

function priceOf(card: CardView): number {
  return card.publishPrice && !card.priceOnDemand && card.price ? card.price : Number.NaN;
}

const byPrice = (dir: 1 | -1) => (a: CardView, b: CardView) => {
  const pa = priceOf(a);
  const pb = priceOf(b);
  // Cards without a public price go last whichever way the list is sorted.
  if (Number.isNaN(pa)) return Number.isNaN(pb) ? 0 : 1;
  if (Number.isNaN(pb)) return -1;
  return (pa - pb) * dir;
};

/** How each sort orders two cards. */
export const SORT_ORDER: Record<Sort, (a: CardView, b: CardView) => number> = {
  'date-desc': (a, b) => b.createDate.localeCompare(a.createDate) || b.id - a.id,
  'price-asc': byPrice(1),
  'price-desc': byPrice(-1),
  type: (a, b) => (a.typeDescription || a.mainTypeName).localeCompare(b.typeDescription || b.mainTypeName) || a.city.localeCompare(b.city),
  city: (a, b) => a.city.localeCompare(b.city) || b.createDate.localeCompare(a.createDate),
  // Without a hub with travel times, the newest first (the order per hub is the index's travelOrders).
  travel: (a, b) => b.createDate.localeCompare(a.createDate) || b.id - a.id,
};

/** Gives each distinct string a small number, in the order first seen. */
class Interned {
  readonly keys: string[] = [];
  private readonly ids = new Map<string, number>();
  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push(key);
      this.ids.set(key, id);
    }
    return id;
  }
}

function positionsBy(count: number, keysOf: (i: number) => readonly string[]): Map<string, Uint32Array> {
  const lists = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    for (const key of keysOf(i)) {
      if (!key) continue;
      const list = lists.get(key) ?? [];
      list.push(i);
      lists.set(key, list);
    }
  }
  return new Map([...lists].map(([key, list]) => [key, Uint32Array.from(list)]));
}

/** Builds a list's index (once per content version, list and day: see resolve-list.ts); travel times count until their timetables' last day. */
export function listIndex(cards: CardView[], today = ''): ListIndex {
  const positions = cards.map((_, i) => i);
  const hubs = [...new Set(cards.flatMap((card) => Object.keys(card.travel?.minutes ?? {})))];
  const travel = new Map(hubs.map((hub) => [hub, Float64Array.from(cards, (card) => (card.travel && card.travel.until >= today ? (card.travel.minutes[hub] ?? Number.NaN) : Number.NaN))]));
  const travelOrders = new Map(
    [...travel].map(([hub, minutes]) => {
      const newest = positions.toSorted((a, b) => SORT_ORDER['date-desc'](cards[a] as CardView, cards[b] as CardView));
      // Listings without a journey go last, newest first among them.
      const rank = (i: number) => (Number.isNaN(minutes[i] ?? Number.NaN) ? Number.POSITIVE_INFINITY : (minutes[i] ?? 0));
      return [hub, Uint32Array.from(newest.toSorted((a, b) => rank(a) - rank(b) || 0))];
    }),
  );
  const orders = Object.fromEntries(SORTS.map((sort) => [sort, Uint32Array.from(positions.toSorted((a, b) => SORT_ORDER[sort](cards[a] as CardView, cards[b] as CardView)))])) as Record<
    Sort,
    Uint32Array
  >;
  const townSlugs = cards.map((card) => slugify(card.city));
  const municipalityKeys = cards.map((card) => municipalityOf(card.zip)?.key ?? '');
  const places = new Interned();
  const types = new Interned();
  const typeStarts = new Uint32Array(cards.length + 1);
  const typeIds: number[] = [];
  cards.forEach((card, i) => {
    for (const webId of card.webIds) typeIds.push(types.id(webId));
    typeStarts[i + 1] = typeIds.length;
  });
  return {
    cards,
    orders,
    prices: Float64Array.from(cards, priceOf),
    bedrooms: Uint8Array.from(cards, (card) => Math.min(255, card.bedrooms ?? 0)),
    forSale: Uint8Array.from(cards, (card) => (goalOf(card.goal) === 'sale' ? 1 : 0)),
    areas: Float64Array.from(cards, (card) => card.surfaceLiving ?? Number.NaN),
    lands: Float64Array.from(cards, (card) => card.surfaceGround ?? Number.NaN),
    epcRanks: Uint8Array.from(cards, epcRankOf),
    lats: Float64Array.from(cards, (card) => card.lat ?? Number.NaN),
    lngs: Float64Array.from(cards, (card) => card.lng ?? Number.NaN),
    byType: positionsBy(cards.length, (i) => cards[i]?.webIds ?? []),
    byTown: positionsBy(cards.length, (i) => [townSlugs[i] ?? '']),
    byZip: positionsBy(cards.length, (i) => [cards[i]?.zip ?? '']),
    byMunicipality: positionsBy(cards.length, (i) => [municipalityKeys[i] ?? '']),
    placeIds: Int32Array.from(cards, (card, i) => places.id(townSlugs[i] || card.zip)),
    municipalityIds: Int32Array.from(municipalityKeys, (key) => (key ? places.id(key) : -1)),
    placeKeys: places.keys,
    typeKeys: types.keys,
    typeStarts,
    typeIds: Uint32Array.from(typeIds),
    townSlugs,
    referenceSlugs: cards.map((card) => slugify(card.reference)),
    typeWords: cards.map((card) => [...new Set(`${slugify(card.mainTypeName)}-${slugify(card.typeDescription)}`.split('-').filter((w) => w.length >= 3))]),
    hubs,
    travel,
    travelOrders,
  };
}

const NONE = new Uint32Array(0);

/** Marks the positions of `lists` in a mask as wide as the list (a union). */
function maskOf(length: number, ...lists: (Uint32Array | undefined)[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (const list of lists) for (const i of list ?? NONE) mask[i] = 1;
  return mask;
}

function placePositions(index: ListIndex, place: string): (Uint32Array | undefined)[] {
  if (isMunicipalityKey(place)) return [index.byMunicipality.get(place)];
  return [index.byZip.get(place), index.byTown.get(slugify(place))];
}

/** A reference typed whole ("VI-2046") or without its office's prefix ("2046"), as buyers copy it from a portal. */
export function referenceMatches(referenceSlug: string, needle: string): boolean {
  return referenceSlug === needle || referenceSlug.endsWith(`-${needle}`);
}

/**
 * The positions of the cards matching a search, in its order. Type and town narrow through
 * their own index; price and bedrooms are numeric tests on the survivors; the free text
 * (a reference, a town, a postcode) is the one filter that compares strings.
 */
export function matchingPositions(index: ListIndex, search: ListSearch): Uint32Array {
  const count = index.cards.length;
  const masks: Uint8Array[] = [];
  if (search.type) masks.push(maskOf(count, index.byType.get(search.type)));
  // Several places are one filter (any of them): towns, postcodes, whole municipalities.
  if (search.city) masks.push(maskOf(count, ...placesOf(search.city).flatMap((place) => placePositions(index, place))));
  const needle = search.q ? slugify(search.q) : '';
  const zip = search.q?.trim().toLowerCase() ?? '';
  // "gembloux appartement": every word must name the town, postcode, reference or type (a whole
  // town name with spaces, "la roche en ardenne", is tried whole first).
  const words = needle.split('-').filter((w) => w.length >= 2);
  const wordMatches = (i: number, word: string) =>
    referenceMatches(index.referenceSlugs[i] ?? '', word) ||
    (index.townSlugs[i] ?? '').split('-').some((part) => part.startsWith(word)) ||
    index.cards[i]?.zip === word ||
    (index.typeWords[i] ?? []).some((type) => type.startsWith(word) || (type.length >= 4 && word.startsWith(type)));
  const { min, max, beds } = search;
  const area = parseBbox(search.bbox);
  // Around a town: within km of the middle of its listings (5 km unless said); a town with none here finds nothing.
  const centre = search.near ? townCentre(index, search.near) : null;
  const radius = search.km ?? 5;
  const epcRank = search.epc ? EPC_CLASSES.indexOf(search.epc) : -1;
  const wanted = FEATURES.filter((f) => search[f] === 1);
  // Travel time is to the hub chosen, else the site's first.
  const hub = search.hub ?? index.hubs[0] ?? '';
  const minutes = index.travel.get(hub);
  const order = search.sort === 'travel' ? (index.travelOrders.get(hub) ?? index.orders.travel) : index.orders[search.sort ?? 'date-desc'];
  const kept = new Uint32Array(count);
  // The type and place masks as one: a card passes when it is in every one of them.
  const allowed = masks.length === 0 ? null : masks.reduce((all, mask) => all.map((a, i) => a & (mask[i] ?? 0)));
  const saleWanted = search.goal === undefined ? -1 : search.goal === 'sale' ? 1 : 0;
  let total = 0;
  for (const i of order) {
    if (allowed !== null && allowed[i] === 0) continue;
    const price = index.prices[i] ?? Number.NaN;
    if (min !== undefined && !(price >= min)) continue;
    if (max !== undefined && !(price <= max)) continue;
    if (beds !== undefined && !((index.bedrooms[i] ?? 0) >= beds)) continue;
    if (saleWanted >= 0 && index.forSale[i] !== saleWanted) continue;
    if (area && !inBbox(area, index.lats[i] ?? Number.NaN, index.lngs[i] ?? Number.NaN)) continue;
    if (search.area !== undefined && !((index.areas[i] ?? Number.NaN) >= search.area)) continue;
    if (search.land !== undefined && !((index.lands[i] ?? Number.NaN) >= search.land)) continue;
    if (epcRank >= 0 && !((index.epcRanks[i] ?? 255) <= epcRank)) continue;
    if (search.mins !== undefined && !((minutes?.[i] ?? Number.NaN) <= search.mins)) continue;
    if (wanted.length > 0 && !wanted.every((f) => index.cards[i]?.features.includes(f))) continue;
    if (search.noflood === 1 && !index.cards[i]?.features.includes('noflood')) continue;
    if (search.near && !(centre && kmBetween(centre.lat, centre.lng, index.lats[i] ?? Number.NaN, index.lngs[i] ?? Number.NaN) <= radius)) continue;
    if (
      needle &&
      !(
        referenceMatches(index.referenceSlugs[i] ?? '', needle) ||
        (index.townSlugs[i] ?? '').includes(needle) ||
        index.cards[i]?.zip.toLowerCase() === zip ||
        (words.length > 1 && words.every((word) => wordMatches(i, word)))
      )
    )
      continue;
    kept[total++] = i;
  }
  return kept.subarray(0, total);
}

/**
 * The filters' counts as the list is narrowed now: each type counted under every other filter
 * of the search (its own left out, so the visitor sees what choosing another would give), and
 * each place the same way. Without another filter, the counts of the whole list stand.
 */
export function countedFacets(index: ListIndex, facets: { types: Facet[]; places: Facet[] }, search: ListSearch): { types: Facet[]; places: Facet[] } {
  const { page: _page, sort: _sort, view: _view, ...filters } = search;
  const narrowed = (without: 'type' | 'city') => Object.entries(filters).some(([key, value]) => key !== without && key !== 'goal' && key !== 'hub' && value !== undefined);
  let { types, places } = facets;
  if (narrowed('type')) {
    const counts = new Uint32Array(index.typeKeys.length);
    for (const i of matchingPositions(index, { ...filters, type: undefined })) {
      for (let k = index.typeStarts[i] ?? 0; k < (index.typeStarts[i + 1] ?? 0); k++) counts[index.typeIds[k] ?? 0]! += 1;
    }
    const counted = new Map(index.typeKeys.map((key, id) => [key, counts[id] ?? 0]));
    types = types.map((facet) => ({ ...facet, count: counted.get(facet.value) ?? 0 }));
  }
  if (narrowed('city')) {
    const counts = new Uint32Array(index.placeKeys.length);
    for (const i of matchingPositions(index, { ...filters, city: undefined })) {
      counts[index.placeIds[i] ?? 0]! += 1;
      const municipality = index.municipalityIds[i] ?? -1;
      if (municipality >= 0) counts[municipality]! += 1;
    }
    const counted = new Map(index.placeKeys.map((key, id) => [key, counts[id] ?? 0]));
    places = places.map((facet) => ({ ...facet, count: counted.get(facet.value) ?? 0 }));
  }
  return { types, places };
}

/**
 * Types and places of one list with their counts, for the filters. A town is chosen by its
 * name (value: its slug), shown with its postcode: several towns share a postcode (5000 is
 * Namur and Salzinnes), and a town can span postcodes. A municipality with several towns on
 * the list is offered whole too (`all-5000`: Namur with Salzinnes, Bouge, Jambes…), its towns
 * drawn under it. A postcode typed in the search, or `?city=5000`, still finds all its towns.
 */
export function facetsOf(cards: CardView[], categories: PagesBundle['categories']): { types: Facet[]; places: Facet[] } {
  const typeCounts = new Map<string, number>();
  const towns = new Map<string, { name: string; zips: Set<string>; count: number; municipality: string | null }>();
  const municipalities = new Map<string, { name: string; count: number; towns: Set<string>; first: string }>();
  for (const card of cards) {
    for (const webId of card.webIds) typeCounts.set(webId, (typeCounts.get(webId) ?? 0) + 1);
    const key = slugify(card.city) || card.zip;
    const found = municipalityOf(card.zip);
    const town = towns.get(key) ?? { name: card.city || card.zip, zips: new Set<string>(), count: 0, municipality: found?.key ?? null };
    town.count++;
    if (card.zip) town.zips.add(card.zip);
    towns.set(key, town);
    if (found) {
      const whole = municipalities.get(found.key) ?? { name: found.name, count: 0, towns: new Set<string>(), first: found.postcodes[0] ?? '' };
      whole.count++;
      whole.towns.add(key);
      municipalities.set(found.key, whole);
    }
  }
  const types = categories.filter((c) => (typeCounts.get(c.webId) ?? 0) > 0).map((c) => ({ value: c.webId, label: c.name, count: typeCounts.get(c.webId) ?? 0 }));
  const townFacet = (key: string, town: { name: string; zips: Set<string>; count: number }, within: string | null): Facet => ({
    value: key,
    label: town.zips.size > 0 && town.name !== [...town.zips][0] ? `${town.name} – ${[...town.zips].sort().join(', ')}` : town.name,
    count: town.count,
    ...(within ? { within } : {}),
  });
  const places: Facet[] = [];
  const groups = [...towns].filter(([, town]) => !town.municipality || (municipalities.get(town.municipality)?.towns.size ?? 0) < 2).map(([key, town]) => [townFacet(key, town, null)]);
  for (const [key, whole] of municipalities) {
    if (whole.towns.size < 2) continue;
    const members = [...whole.towns].map((town) => [town, towns.get(town)] as const);
    // Named as the listings write its main town, in the page's language (Namen on the Dutch list):
    // the town of its first postcode that has its name, else the one with most listings there.
    const inFirst = members.filter(([, town]) => town?.zips.has(whole.first)).sort((a, b) => (b[1]?.count ?? 0) - (a[1]?.count ?? 0));
    const main = inFirst.find(([slug]) => slug === slugify(whole.name)) ?? inFirst[0];
    const name = main?.[1]?.name ?? whole.name;
    const townFacets = members.flatMap(([slug, town]) => (town ? [townFacet(slug, town, key)] : [])).sort((a, b) => a.label.localeCompare(b.label, 'fr'));
    groups.push([{ value: key, label: name, count: whole.count, municipality: true }, ...townFacets]);
  }
  for (const group of groups.sort((a, b) => (a[0]?.label ?? '').localeCompare(b[0]?.label ?? '', 'fr'))) places.push(...group);
  return { types, places };
}
