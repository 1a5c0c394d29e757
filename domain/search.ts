/**
 * Search state of list pages (filters, sort, page, view). Every field falls back to
 * undefined when it is missing or invalid, so a hand-edited or stale query string never
 * errors. Hand-written rather than zod: it runs in the first-load bundle of every page.
 */
import { parseFavouriteIds, writeFavouriteIds } from './rules/favourites.ts';
import { parseBbox, writeBbox } from './rules/bbox.ts';

/** `travel`: shortest journey first to the hub chosen (`hub`, else the site's first). */
export const SORTS = ['date-desc', 'price-asc', 'price-desc', 'type', 'city', 'travel'] as const;
export const VIEWS = ['grid', 'list', 'map'] as const;
export const LIST_GOALS = ['sale', 'rent'] as const;
export const EPC_CLASSES = ['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;
export const FEATURES = ['garden', 'parking', 'terrace', 'new'] as const;

export interface ListSearch {
  page?: number | undefined;
  sort?: (typeof SORTS)[number] | undefined;
  view?: (typeof VIEWS)[number] | undefined;
  type?: string | undefined;
  /** One place or several, comma-separated: town slugs, postcodes, whole municipalities (`all-5000`). */
  city?: string | undefined;
  q?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  beds?: number | undefined;
  /** Living area at least (m²), land area at least (m²). */
  area?: number | undefined;
  land?: number | undefined;
  /** An energy class at least this good (a letter of the label's scale, `c`: A to C). */
  epc?: (typeof EPC_CLASSES)[number] | undefined;
  /** Around a town (its slug) within `km`: the town with its sections and neighbours. */
  near?: string | undefined;
  km?: number | undefined;
  /** Features every listing must have, each its own flag (`garden=1&parking=1`): a plain GET form's checkboxes. */
  garden?: 1 | undefined;
  parking?: 1 | undefined;
  terrace?: 1 | undefined;
  new?: 1 | undefined;
  /** Only listings the official flood map puts outside every hazard zone (`noflood=1`). */
  noflood?: 1 | undefined;
  /** Abroad only: for sale or for rent, never both in one list (a monthly rent beside a price). */
  goal?: (typeof LIST_GOALS)[number] | undefined;
  /** A hub of the site's travel times (its id), and at most this many minutes by public transport to it. */
  hub?: string | undefined;
  mins?: number | undefined;
  /** The map's "search this area" (`west,south,east,north`): a filter in the list view too. */
  bbox?: string | undefined;
  /** A property page asked with its visit slots drawn by the server (`?book=1`): booking without JavaScript. */
  book?: 1 | undefined;
  /** A booked visit's secret, on the thank-you page that states it (`?visit=…`). */
  visit?: string | undefined;
  /** The favourites page's selection (`?ids=2041,2071`): a shared link, or this browser's own. */
  ids?: string | undefined;
  /** A thank-you page after a request whose confirmation the mail budget held back (`?mail=held`). */
  mail?: 'held' | undefined;
  /** The send-to-a-friend thank-you page after a project was sent, not a property (`?shared=project`). */
  shared?: 'project' | undefined;
}

/** The secret of a booked visit: 64 hex digits, nothing else reaches a query. */
export const VISIT_TOKEN = /^[0-9a-f]{64}$/;

/** An integer in [min, max] from a number or a numeric string (as `Number()` reads it). */
function intIn(value: unknown, min: number, max: number): number | undefined {
  // An empty field of a plain GET form (`max=`) is no filter, not zero.
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  let n: number;
  try {
    n = Number(value);
  } catch {
    return undefined;
  }
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

function shortText(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 80 ? value : undefined;
}

/**
 * The places of a list, once each, in one order whatever order they were given in (one
 * search, one address, one kept page): at most 20, so a query stays a search.
 */
function placeList(value: unknown): string | undefined {
  const parts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string').flatMap((v) => v.split(','));
  const places = [...new Set(parts.map((p) => p.trim()).filter((p) => p !== '' && p.length <= 80))].slice(0, 20).sort();
  return places.length > 0 ? places.join(',') : undefined;
}

/** What `?city=` says for a whole municipality: `all-` and its lowest postcode (`all-5000`), the same in every language. */
export const MUNICIPALITY_PREFIX = 'all-';

export function isMunicipalityKey(value: string): boolean {
  return value.startsWith(MUNICIPALITY_PREFIX) && /^\d{4}$/.test(value.slice(MUNICIPALITY_PREFIX.length));
}

/** The places of a `city` value: one, or several separated by commas (`namur,all-5300,5590`). */
export function placesOf(city: string): string[] {
  return city
    .split(',')
    .map((place) => place.trim())
    .filter(Boolean);
}

/**
 * A query string as one object: a key given several times (a GET form's checkboxes,
 * `city=namur&city=ciney`) has its values joined by commas, as the site writes them.
 */
export function queryOf(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of params) query[key] = Object.hasOwn(query, key) ? `${query[key]},${value}` : value;
  return query;
}

function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value);
}

/** Parses any query object into list search state; never throws, drops unknown keys. */
export function parseListSearch(input: unknown): ListSearch {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return {};
  const get = (key: string): unknown => (Object.hasOwn(input, key) ? Reflect.get(input, key) : undefined);
  const search: ListSearch = {
    page: intIn(get('page'), 1, 100_000),
    sort: oneOf(SORTS, get('sort')),
    view: oneOf(VIEWS, get('view')),
    type: shortText(get('type')),
    city: placeList(get('city')),
    q: shortText(get('q')),
    min: intIn(get('min'), 0, 100_000_000),
    max: intIn(get('max'), 0, 100_000_000),
    beds: intIn(get('beds'), 0, 20),
    goal: oneOf(LIST_GOALS, get('goal')),
    area: intIn(get('area'), 1, 100_000),
    land: intIn(get('land'), 1, 10_000_000),
    epc: oneOf(EPC_CLASSES, get('epc')),
    near: shortText(get('near')),
    km: intIn(get('km'), 1, 50),
    garden: String(get('garden')) === '1' ? 1 : undefined,
    parking: String(get('parking')) === '1' ? 1 : undefined,
    terrace: String(get('terrace')) === '1' ? 1 : undefined,
    new: String(get('new')) === '1' ? 1 : undefined,
    noflood: String(get('noflood')) === '1' ? 1 : undefined,
    hub: ((hub) => (typeof hub === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(hub) && hub.length <= 40 ? hub : undefined))(get('hub')),
    mins: intIn(get('mins'), 1, 600),
    bbox: ((box) => (box ? writeBbox(box) : undefined))(parseBbox(get('bbox'))),
    book: String(get('book')) === '1' ? 1 : undefined,
    visit: typeof get('visit') === 'string' && VISIT_TOKEN.test(String(get('visit'))) ? String(get('visit')) : undefined,
    ids: writeFavouriteIds(parseFavouriteIds(get('ids'))) || undefined,
    mail: get('mail') === 'held' ? 'held' : undefined,
    shared: get('shared') === 'project' ? 'project' : undefined,
  };
  // A bad value stays as an undefined key: the router merges this over the raw query, so
  // the key must be there to drop the bad value (and redirect to the clean URL).
  for (const key of Object.keys(search) as (keyof ListSearch)[]) if (search[key] === undefined && !Object.hasOwn(input, key)) delete search[key];
  return search;
}

/** The route's validateSearch: the same parse. */
export const listSearchSchema = (input: Record<string, unknown>): ListSearch => parseListSearch(input);

/**
 * The query string of a search state, without its '?': empty values are left out, every
 * value is written as the text the parser reads back, and keys come in one order (by
 * name), so one search has one address. The one writer of list query strings (router
 * links, the browser's page requests, the list's own links).
 */
export function writeSearch(search: Readonly<Record<string, unknown>> | ListSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** The query keys of a list page (not a property's `book` or `visit`, nor the favourites' `ids`). */
const LIST_QUERY_KEYS = new Set([
  'page',
  'sort',
  'view',
  'type',
  'city',
  'q',
  'min',
  'max',
  'beds',
  'area',
  'land',
  'epc',
  'near',
  'km',
  'garden',
  'parking',
  'terrace',
  'new',
  'noflood',
  'goal',
  'hub',
  'mins',
  'bbox',
]);

/**
 * The one query string of a list search, or null when the query is not only a list's (a
 * campaign tag, a key the list does not read: left alone) or a value is not one the list
 * reads. `?city=ciney,namur&min=100000` and `?min=100000&city=namur,ciney` are one search:
 * both give the same text here, and the page redirects the other to it.
 */
export function canonicalListQuery(params: URLSearchParams): string | null {
  const keys = new Set(params.keys());
  if (keys.size === 0 || [...keys].some((key) => !LIST_QUERY_KEYS.has(key))) return null;
  const parsed = parseListSearch(queryOf(params)) as Record<string, unknown>;
  if ([...keys].some((key) => parsed[key] === undefined)) return null;
  return writeSearch(parsed);
}

/** The values a list has when its URL says nothing: left out, so one list has one address. */
const DEFAULTS: Partial<Record<keyof ListSearch, unknown>> = { page: 1, sort: 'date-desc', view: 'grid' };

/** A list's address for a search state, defaults left out. */
export function listHref(pathname: string, search: ListSearch): string {
  const kept = Object.fromEntries(Object.entries(search).filter(([key, value]) => DEFAULTS[key as keyof ListSearch] !== value));
  const qs = writeSearch(kept);
  return qs ? `${pathname}?${qs}` : pathname;
}
