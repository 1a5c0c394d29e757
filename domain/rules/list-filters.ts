/**
 * The values a list's filters offer, and the values that exist in a catalogue: the price
 * steps and bedroom counts of the filter form, and the types and towns of the listings.
 * A list page whose filters are all of these is one the site links to; any other value is
 * still answered, but it is no page worth keeping.
 */
import { slugify } from './slug.ts';
import { municipalityOf } from './municipality.ts';

export const SALE_PRICES = [50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000] as const;
export const RENT_PRICES = [500, 750, 1_000, 1_250, 1_500, 2_000, 2_500, 3_000] as const;
export const BED_CHOICES = [1, 2, 3, 4, 5] as const;
/** "At most N minutes" by public transport to a hub. */
export const MINUTE_CHOICES = [15, 30, 45, 60, 75, 90, 120] as const;

export interface FilterValues {
  types: ReadonlySet<string>;
  /** Towns by slug, postcodes and whole municipalities (`all-5000`): `?city=` takes any of them, several at once. */
  places: ReadonlySet<string>;
  /** The last page of the longest list. */
  pages: number;
  /** Hubs the cards have travel times to. */
  hubs: ReadonlySet<string>;
}

const PRICES = new Set<number>([...SALE_PRICES, ...RENT_PRICES]);
const BEDS = new Set<number>(BED_CHOICES);
const MINUTES = new Set<number>(MINUTE_CHOICES);

/** What exists in a catalogue, read from its cards. */
export function filterValuesOf(cards: readonly { webIds: readonly string[]; city: string; zip: string; travel?: { minutes: Record<string, number | null> } }[], pageSize: number): FilterValues {
  const types = new Set<string>();
  const places = new Set<string>();
  const hubs = new Set<string>();
  for (const card of cards) {
    for (const hub of Object.keys(card.travel?.minutes ?? {})) hubs.add(hub);
    for (const webId of card.webIds) types.add(webId);
    const town = slugify(card.city);
    if (town) places.add(town);
    if (card.zip) places.add(card.zip);
    const municipality = municipalityOf(card.zip);
    if (municipality) places.add(municipality.key);
  }
  return { types, places, pages: Math.max(1, Math.ceil(cards.length / pageSize)), hubs };
}

/**
 * The places of a catalogue by the values `?city=` takes (slug, postcode, municipality),
 * each with its name as the listings write it (a municipality by its main town, else as the
 * postcode list does): how a saved search names its places in a mail, so nothing a visitor
 * typed reaches the agency's mail as text.
 */
export function placeNamesOf(cards: readonly { city: string; zip: string }[]): Map<string, string> {
  const names = new Map<string, string>();
  // A municipality is named by its main town as these listings write it: the town of its first
  // postcode that has its name, else the one with most listings there (Namen in Dutch).
  const mainTowns = new Map<string, Map<string, { name: string; count: number }>>();
  for (const card of cards) {
    const town = slugify(card.city);
    if (town && !names.has(town)) names.set(town, card.city);
    if (card.zip && !names.has(card.zip)) names.set(card.zip, card.city ? `${card.zip} ${card.city}` : card.zip);
    const municipality = municipalityOf(card.zip);
    if (!municipality) continue;
    if (!names.has(municipality.key)) names.set(municipality.key, municipality.name);
    if (card.zip !== municipality.postcodes[0] || !town) continue;
    const towns = mainTowns.get(municipality.key) ?? new Map<string, { name: string; count: number }>();
    const seen = towns.get(town) ?? { name: card.city, count: 0 };
    seen.count++;
    towns.set(town, seen);
    mainTowns.set(municipality.key, towns);
  }
  for (const [key, towns] of mainTowns) {
    const named = towns.get(slugify(names.get(key) ?? ''));
    const most = [...towns.values()].sort((a, b) => b.count - a.count)[0];
    const main = named ?? most;
    if (main) names.set(key, main.name);
  }
  return names;
}

/** Is `value` (as written in the query) one the catalogue has or the filter form offers for `key`? */
export function isKnownFilterValue(values: FilterValues, key: string, value: string): boolean {
  switch (key) {
    case 'type':
      return values.types.has(value);
    case 'city':
      return value.split(',').every((place) => values.places.has(place));
    case 'min':
    case 'max':
      return PRICES.has(Number(value));
    case 'beds':
      return BEDS.has(Number(value));
    case 'hub':
      return values.hubs.has(value);
    case 'mins':
      return MINUTES.has(Number(value));
    case 'page':
      return Number(value) <= values.pages;
    case 'sort':
    case 'view':
      return true;
    default:
      return false;
  }
}
