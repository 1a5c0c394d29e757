/**
 * Where an export comes from when the site pulls it itself (the scheduled sync): a feed
 * URL that returns the complete list in the content's own shape, or one of the two Belgian
 * CRMs through its API. Each adapter turns the CRM's answer into records of the content's
 * shape (CRM field names) and maps its status codes; the core (crm-sync.ts) does the rest.
 *
 * Incremental pulls ask for what changed since the last watermark minus an overlap, so a
 * record saved while the last run was reading is read again rather than missed; reading a
 * record twice changes nothing. Omnicasa says which records were deleted; Whise cannot, so
 * once a day its complete list of ids is read and whatever is missing is withdrawn.
 * Isomorphic: `fetch` is passed in (the worker's, or a fake server's in tests).
 */

import { boundedFetcher, FeedError, Pager, PULL_LIMITS, PullBudget, type Fetcher, type PullLimits } from './crm-bounds.ts';
import * as z from 'zod';
import { answerOf, json, omnicasaCall, whiseToken } from './crm-api.ts';
import { pullSweepBright, type AnnouncedEstate } from './sweepbright.ts';

export type { Fetcher, FeedFailure, PullLimits } from './crm-bounds.ts';
export { boundedFetcher, PULL_LIMITS, PullBudget } from './crm-bounds.ts';

/** How far back each incremental pull reaches before the last watermark. */
export const WATERMARK_OVERLAP_MS = 60 * 60_000;
/** Records per page asked of a CRM. */
const PAGE = 100;

/** A page of listings as each CRM answers it: the items are judged record by record, the count by the pager. */
const OMNICASA_PAGE = z.looseObject({ Items: z.unknown().optional(), RowCount: z.unknown().optional() }).nullable();
const WHISE_PAGE = z.looseObject({ estates: z.unknown().optional(), totalCount: z.unknown().optional(), isValidRequest: z.unknown().optional() }).nullable();

export type FeedPull =
  /** The whole catalogue: anything missing from it is withdrawn. */
  | { kind: 'complete'; records: Record<string, unknown>[] }
  /** What changed since the watermark; `ids`, when known, is every id the CRM still publishes. */
  | { kind: 'changes'; changed: Record<string, unknown>[]; deleted: number[]; ids: number[] | null };

export interface FeedSettings {
  adapter: AdapterName;
  url: string;
  /** A bearer token for a plain feed; the API user for a CRM. */
  user?: string;
  password?: string;
  /** Whise: the agency's client and office. */
  clientId?: string;
  officeId?: string;
  /** The pull's bounds; PULL_LIMITS unless a test sets smaller ones. */
  limits?: PullLimits;
}

/**
 * The list in a CRM's answer. A missing or malformed list is an error, never an empty
 * catalogue: read as [], one glitchy `200 {}` would withdraw every listing.
 */
function records(value: unknown, what: string): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw new FeedError(`${what}: the answer has no list of records`);
  return value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
}

/** A paged list that stopped short of the total the CRM announced was cut off: nothing of it is trusted. */
function wholeList(found: number, announced: unknown, what: string): void {
  if (typeof announced === 'number' && found < announced) throw new FeedError(`${what}: cut off at ${found} of ${announced} records`);
}

// ───────────────────────────── a plain feed ─────────────────────────────

/** A pull's budget: the one its run shares, or a fresh one for a list read on its own. */
const budgetOf = (settings: FeedSettings, budget?: PullBudget) => budget ?? new PullBudget(settings.limits ?? PULL_LIMITS);

/** A URL answering the complete list in the content's shape (as `crm:sync --file` takes). */
export async function pullFeed(settings: FeedSettings, fetcher: Fetcher, budget?: PullBudget): Promise<FeedPull> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (settings.user) headers.Authorization = `Bearer ${settings.user}`;
  const list = records(await json(await fetcher(settings.url, { headers }), 'the feed'), 'the feed');
  budgetOf(settings, budget).spendRecords(list.length);
  return { kind: 'complete', records: list };
}

// ───────────────────────────── Omnicasa ─────────────────────────────

/**
 * Omnicasa's status codes (its SubStatus) as the site's statuses; a withdrawn listing is
 * left out of the records, which withdraws it.
 */
export const OMNICASA_STATUS: Record<number, 'available' | 'option' | 'sold' | 'rented' | 'withdrawn'> = {
  1: 'available',
  2: 'option',
  3: 'sold',
  4: 'rented',
  5: 'withdrawn',
};

/** An Omnicasa property as a record: its fields already carry the content's names; the status is mapped. */
export function omnicasaRecord(item: Record<string, unknown>): Record<string, unknown> | null {
  const code = typeof item.SubStatus === 'number' ? item.SubStatus : 1;
  const status = OMNICASA_STATUS[code] ?? 'available';
  if (status === 'withdrawn') return null;
  const { SubStatus: _code, ...rest } = item;
  return { ...rest, Status: status };
}

/** GetPropertyList with ChangeSince, page by page, and GetDeletedPropertyIDs since the same moment. */
export async function pullOmnicasa(settings: FeedSettings, since: Date | null, fetcher: Fetcher, budget?: PullBudget): Promise<FeedPull> {
  const call = (method: string, params: Record<string, unknown>) => omnicasaCall(settings, fetcher, method, params);
  const changeSince = since ? { ChangeSince: since.toISOString() } : {};
  const changed: Record<string, unknown>[] = [];
  const withdrawn: number[] = [];
  let read = 0;
  const pager = new Pager('Omnicasa GetPropertyList', (settings.limits ?? PULL_LIMITS).maxPages, budgetOf(settings, budget));
  for (let offset = 0; ; offset += PAGE) {
    const value = answerOf(OMNICASA_PAGE, await call('GetPropertyList', { ...changeSince, Limit: PAGE, Offset: offset }), 'Omnicasa GetPropertyList');
    const items = records(value?.Items, 'Omnicasa GetPropertyList');
    pager.take(items, value?.RowCount);
    read += items.length;
    for (const item of items) {
      const record = omnicasaRecord(item);
      if (record) changed.push(record);
      else if (typeof item.ID === 'number') withdrawn.push(item.ID);
    }
    if (items.length < PAGE) {
      wholeList(read, value?.RowCount, 'Omnicasa GetPropertyList');
      break;
    }
  }
  if (!since) return { kind: 'complete', records: changed };
  const deleted = await call('GetDeletedPropertyIDs', changeSince);
  if (!Array.isArray(deleted)) throw new FeedError('Omnicasa GetDeletedPropertyIDs: the answer has no list of ids');
  const ids = deleted.filter((id): id is number => typeof id === 'number');
  return { kind: 'changes', changed, deleted: [...ids, ...withdrawn], ids: null };
}

// ───────────────────────────── Whise ─────────────────────────────

/** Whise's purpose status (for sale, for rent, sold, rented, under option…) as the site's status; null leaves the estate out. */
export const WHISE_PURPOSE_STATUS: Record<number, 'available' | 'option' | 'sold' | 'rented' | null> = {
  1: 'available', // for sale
  2: 'available', // for rent
  3: 'sold',
  4: 'rented',
  5: 'option', // under option (sale)
  6: 'option', // under option (rent)
  7: null, // withdrawn
  8: null, // suspended
};

const WHISE_LANGS: Record<string, 'fr' | 'nl' | 'en' | 'de'> = { 'fr-BE': 'fr', 'nl-BE': 'nl', 'en-GB': 'en', 'de-DE': 'de' };

/** A Whise estate as a record of the content's shape; null when its status keeps it off the site. */
export function whiseRecord(estate: Record<string, unknown>): Record<string, unknown> | null {
  const get = <T>(key: string, guard: (v: unknown) => v is T): T | undefined => (guard(estate[key]) ? (estate[key] as T) : undefined);
  const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const isStr = (v: unknown): v is string => typeof v === 'string';
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const purposeStatus = get('purposeStatus', isObj);
  const status = WHISE_PURPOSE_STATUS[isNum(purposeStatus?.id) ? purposeStatus.id : 1];
  if (status === null || status === undefined) return null;
  const purpose = get('purpose', isObj);
  const category = get('category', isObj);
  const country = get('country', isObj);
  const texts = Array.isArray(estate.shortDescription) ? estate.shortDescription.filter(isObj) : [];
  const description: Record<string, string> = {};
  for (const t of texts) if (isStr(t.languageId) && isStr(t.content) && WHISE_LANGS[t.languageId]) description[WHISE_LANGS[t.languageId] as string] = t.content;
  const pictures = Array.isArray(estate.pictures) ? estate.pictures.filter(isObj) : [];
  return {
    ID: estate.id,
    Goal: isNum(purpose?.id) && purpose.id === 2 ? 1 : 0,
    RecordFile: get('referenceNumber', isStr) ?? `W-${String(estate.id)}`,
    MainTypeName: isStr(category?.name) ? category.name : '',
    WebID: isNum(category?.id) ? String(category.id) : '',
    Status: status,
    Street: get('address', isStr) ?? '',
    HouseNumber: get('number', isStr) ?? '',
    BoxNr: get('box', isStr) ?? '',
    Zip: get('zip', isStr) ?? '',
    City: get('city', isStr) ?? '',
    CountryID: isNum(country?.id) && country.id !== 1 ? 50 : 10,
    CountryName: isNum(country?.id) && country.id !== 1 ? { fr: 'Luxembourg', nl: 'Luxemburg', en: 'Luxembourg', de: 'Luxemburg' } : { fr: 'Belgique', nl: 'België', en: 'Belgium', de: 'Belgien' },
    PublishAddress: estate.displayAddress !== false,
    Latitude: get('latitude', isNum) ?? null,
    Longitude: get('longitude', isNum) ?? null,
    Price: get('price', isNum) ?? null,
    PublishPrice: estate.displayPrice !== false,
    Bedrooms: get('rooms', isNum) ?? null,
    SurfaceLiving: get('area', isNum) ?? null,
    SurfaceGround: get('groundArea', isNum) ?? null,
    EnergyPerformance: get('energyValue', isNum) ?? null,
    EPCLabelText: get('energyClass', isStr) ?? '',
    Description: description,
    Photos: pictures
      .map((p, i) => ({ ID: isNum(p.id) ? p.id : i + 1, Url: isStr(p.urlXXL) ? p.urlXXL : isStr(p.urlLarge) ? p.urlLarge : '', Width: 1600, Height: 1067, Name: `photo-${i + 1}` }))
      .filter((p) => p.Url),
    CreateDate: get('createDateTime', isStr) ?? get('updateDateTime', isStr) ?? new Date(0).toISOString(),
    ModifyDate: get('updateDateTime', isStr) ?? new Date(0).toISOString(),
  };
}

/**
 * estates/list with UpdateDateTimeRange since the watermark, page by page; with
 * `reconcile`, also every id Whise still lists, since it has no call for deleted ones.
 */
export async function pullWhise(settings: FeedSettings, since: Date | null, reconcile: boolean, fetcher: Fetcher, now = new Date(), budget?: PullBudget): Promise<FeedPull> {
  const token = await whiseToken(settings, fetcher);
  const shared = budgetOf(settings, budget);
  // Each page is turned into what the pull keeps (records, or ids) at once: the raw page is not kept.
  const list = async <T>(filter: Record<string, unknown>, keep: (estate: Record<string, unknown>) => T, fields?: string[]) => {
    const found: T[] = [];
    let read = 0;
    const pager = new Pager('Whise estates/list', (settings.limits ?? PULL_LIMITS).maxPages, shared);
    for (let offset = 0; ; offset += PAGE) {
      const response = await fetcher(`${settings.url}/v1/estates/list`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ Filter: filter, Page: { Limit: PAGE, Offset: offset }, ...(fields ? { Field: { included: fields } } : {}) }),
      });
      const body = answerOf(WHISE_PAGE, await json(response, 'Whise estates/list'), 'Whise estates/list');
      if (body?.isValidRequest === false) throw new FeedError('Whise estates/list: the request was not valid');
      const estates = records(body?.estates, 'Whise estates/list');
      pager.take(estates, body?.totalCount);
      read += estates.length;
      for (const estate of estates) found.push(keep(estate));
      if (estates.length < PAGE) {
        wholeList(read, body?.totalCount, 'Whise estates/list');
        return found;
      }
    }
  };
  const estates = await list(since ? { UpdateDateTimeRange: { Min: since.toISOString(), Max: now.toISOString() } } : {}, (estate) => ({ id: estate.id, record: whiseRecord(estate) }));
  const changed: Record<string, unknown>[] = [];
  const off: number[] = [];
  for (const { id, record } of estates) {
    if (record) changed.push(record);
    else if (typeof id === 'number') off.push(id);
  }
  if (!since) return { kind: 'complete', records: changed };
  const ids = reconcile ? (await list({}, (e) => e.id, ['id'])).filter((id): id is number => typeof id === 'number') : null;
  return { kind: 'changes', changed, deleted: off, ids };
}

/**
 * The complete list after a pull: a complete pull is itself; changes are laid over the
 * previous records (by ID), deleted ids removed, and with a reconciliation only the ids
 * the CRM still lists are kept.
 */
export function applyPull(previous: Record<string, unknown>[], pull: FeedPull): Record<string, unknown>[] {
  if (pull.kind === 'complete') return pull.records;
  const byId = new Map(previous.map((r) => [r.ID, r]));
  for (const record of pull.changed) byId.set(record.ID, record);
  for (const id of pull.deleted) byId.delete(id);
  if (pull.ids) {
    const listed = new Set<unknown>(pull.ids);
    for (const id of [...byId.keys()]) if (!listed.has(id)) byId.delete(id);
  }
  return [...byId.values()];
}

// ───────────────────────────── the adapters ─────────────────────────────

/** Where a pull stands: the moment to read changes from (null: read everything), now, and the last day every id was read. */
export interface PullContext {
  since: Date | null;
  now: Date;
  reconciledOn: string | null;
  /** What a CRM that pushes by webhook announced since the last pull (SweepBright); empty for the others. */
  announced?: readonly AnnouncedEstate[];
  /** What the whole pull may still read and keep, shared by its calls and pages. */
  budget?: PullBudget;
}

/** One CRM: how to read what changed (or everything) into records of the content's shape. */
export interface CrmAdapter {
  pull(settings: FeedSettings, context: PullContext, fetcher: Fetcher): Promise<FeedPull>;
}

/**
 * Every CRM the site can pull from, by the name `CRM_ADAPTER` gives. A new CRM is one entry
 * here: the scheduled pull reads this table and nothing else.
 */
export const CRM_ADAPTERS = {
  feed: { pull: (settings, context, fetcher) => pullFeed(settings, fetcher, context.budget) },
  omnicasa: { pull: (settings, context, fetcher) => pullOmnicasa(settings, context.since, fetcher, context.budget) },
  // Whise has no call for deleted estates: once a UTC day every id it still lists is read.
  whise: { pull: (settings, context, fetcher) => pullWhise(settings, context.since, context.reconciledOn !== context.now.toISOString().slice(0, 10), fetcher, context.now, context.budget) },
  // SweepBright cannot be listed: it announces each estate by webhook, and the pull reads those.
  sweepbright: { pull: async (settings, context, fetcher) => ({ kind: 'changes', ...(await pullSweepBright(settings, context.announced ?? [], fetcher)), ids: null }) },
} satisfies Record<string, CrmAdapter>;

export type AdapterName = keyof typeof CRM_ADAPTERS;

export function isAdapterName(name: string | undefined): name is AdapterName {
  return name !== undefined && Object.hasOwn(CRM_ADAPTERS, name);
}

/** The settings that name the CRM, as the worker's bindings and the operator's environment both carry them. */
export type CrmSettingsSource = Partial<Record<'CRM_ADAPTER' | 'CRM_FEED_URL' | 'CRM_USER' | 'CRM_PASSWORD' | 'CRM_CLIENT_ID' | 'CRM_OFFICE_ID', string>>;

/** The feed settings, or why there are none: read in one place for the cron and the command. */
export function feedSettingsFrom(source: CrmSettingsSource): { ok: true; settings: FeedSettings } | { ok: false; reason: string } {
  const adapter = source.CRM_ADAPTER;
  if (!isAdapterName(adapter)) return { ok: false, reason: `CRM_ADAPTER must be one of ${Object.keys(CRM_ADAPTERS).join(', ')}` };
  if (!source.CRM_FEED_URL) return { ok: false, reason: 'CRM_FEED_URL is not set' };
  return {
    ok: true,
    settings: {
      adapter,
      url: source.CRM_FEED_URL.replace(/\/$/, ''),
      ...(source.CRM_USER ? { user: source.CRM_USER } : {}),
      ...(source.CRM_PASSWORD ? { password: source.CRM_PASSWORD } : {}),
      ...(source.CRM_CLIENT_ID ? { clientId: source.CRM_CLIENT_ID } : {}),
      ...(source.CRM_OFFICE_ID ? { officeId: source.CRM_OFFICE_ID } : {}),
    },
  };
}

/**
 * One pull through the adapter the settings name, every call held to the pull's limits and
 * the whole pull to one budget of bytes and records.
 */
export function pullWithin(settings: FeedSettings, context: PullContext, fetcher: Fetcher, clock: () => number = Date.now): Promise<FeedPull> {
  const limits = settings.limits ?? PULL_LIMITS;
  const budget = new PullBudget(limits);
  return CRM_ADAPTERS[settings.adapter].pull(settings, { ...context, budget }, boundedFetcher(fetcher, limits, clock, budget));
}

/** The CRM's own host, whose photos and documents the site trusts without a listing in site.json. */
export function crmMediaHosts(feedUrl: string): string[] {
  try {
    return [new URL(feedUrl).hostname.toLowerCase()];
  } catch {
    return [];
  }
}

export { FeedError };
