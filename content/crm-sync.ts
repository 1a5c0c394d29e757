/**
 * The core of the CRM sync: the agency's complete current list of properties in, against
 * what the live version holds, out come the properties to publish (with their last price
 * drop), the sync state the next run compares with, and what changed.
 *
 * The export is the whole truth: a listing missing from it is withdrawn (its URL answers
 * 410 at once), a lower price is a drop (kept with the day, because a struck-through price
 * must be the real previous one), a status change is dated when the CRM does not date it.
 * Isomorphic (no node imports): the command and the worker's scheduled pull share it.
 */
import * as z from 'zod';
import { PropertyDetail, formatPath, type ContentProblem } from './schema.ts';
import type { WithdrawnListing } from '../domain/bundles.ts';
import type { MassChangeReason } from './crm-plausibility.ts';

/** What the sync remembers of a listing between runs; its place and kind are what a withdrawal keeps. */
export interface SyncedListing extends Omit<WithdrawnListing, 'on'> {
  /** Fingerprint of the record as the CRM sent it: a different one means "changed". */
  hash: string;
  price: number | null;
  status: string;
  /** Every price the listing had, oldest first, with the day it took effect. */
  prices: { price: number; on: string }[];
  /** The last drop; `unconfirmed` while a steep one waits for the next run before anyone is mailed. */
  drop?: { from: number; on: string; unconfirmed?: true };
  statusDate?: string;
  /** Compared run to run, so a run garbling them en masse is refused (absent in states written before). */
  living?: number | null;
  land?: number | null;
  bedrooms?: number | null;
}

/**
 * A withdrawn listing as the sync remembers it: its place for the 410 page, and while it
 * may still come back, its prices, so a listing the CRM drops for a day returns with its
 * history and is no "new listing" to anyone's alerts.
 */
export interface WithdrawnSynced extends WithdrawnListing {
  prices?: { price: number; on: string }[];
  price?: number | null;
  status?: string;
}

export interface SyncState {
  syncedAt: string;
  listings: Record<string, SyncedListing>;
  withdrawn: Record<string, WithdrawnSynced>;
}

export interface SyncChanges {
  added: number[];
  changed: number[];
  /** Drops to tell subscribers of: ordinary ones, and steep ones the run after confirmed. */
  priceDrops: number[];
  /** Steep drops shown on the site but not yet mailed: the next run confirms them, or not. */
  unconfirmedDrops: number[];
  removed: number[];
  statusChanges: { id: number; from: string; to: string }[];
  /** Every shown price that changed, up or down (null: shown on request). */
  prices: { id: number; from: number | null; to: number | null }[];
}

/** A withdrawn listing's URL answers 410 this long, then 404 like any unknown one. */
export const WITHDRAWN_KEPT_DAYS = 365;
/** A listing back within this many days of its withdrawal is the same listing again: not new, its prices kept. */
export const RETURN_WINDOW_DAYS = 30;

/** Why an export publishes nothing although every record in it is valid. */
export interface FeedRefusal {
  reason: 'empty' | 'mass-withdrawal' | MassChangeReason | 'implausible-record';
  /** Listings live before the export. */
  live: number;
  /** Listings the export would withdraw or change that way. */
  affected: number;
  /** What they share, or the record and field at fault, in words for the operator and the agency. */
  detail: string;
}

/**
 * A CRM that answers with nothing, or with a fraction of the catalogue (a glitch, a cut-off
 * page, a wrong filter), must not take the agency's listings offline: an export that would
 * withdraw every listing, or more than `maxWithdrawnShare` of the live ones, is refused
 * unless the operator confirms it. Listings first published by this export do not count.
 */
export function guardExport(changes: SyncChanges, live: number, exported: number, maxWithdrawnShare: number): FeedRefusal | null {
  if (live === 0) return null;
  const withdrawn = changes.removed.length;
  if (exported === 0) return { reason: 'empty', live, affected: withdrawn, detail: `all ${live} live listings withdrawn` };
  if (withdrawn / live > maxWithdrawnShare) return { reason: 'mass-withdrawal', live, affected: withdrawn, detail: `${withdrawn} of ${live} live listings withdrawn` };
  return null;
}

const RecordList = z.array(z.unknown());

/** A record the export cannot publish as sent, or a value shown as not specified: which listing, which field, and why. */
export interface ExportProblem {
  id: number;
  field: string;
  value: string;
  reason: string;
}

/** Codes outside the site's lists: a value the schema refuses although the field may be absent. */
const UNKNOWN_CODE = new Set(['invalid_value', 'too_big', 'too_small', 'invalid_union']);
/**
 * The descriptive codes a visitor may read as "not specified" when the CRM sends one the
 * site does not know. Never the status, goal, price or place: an unknown status read as
 * "available" would put a withdrawn house back on sale. A legal statement left out this
 * way is then a gap the listing law check names.
 */
const LENIENT_FIELDS = new Set([
  'Marquee',
  'Facades',
  'AsbestosType',
  'ElectricityCertificate',
  'GasCertificate',
  'GroundCertificate',
  'FloodZone',
  'GScore',
  'PScore',
  'ConstructionYear',
  'RenovationYear',
  'HeatingType',
  'Kitchen',
  'WindowGlazing',
  'WindowFrame',
  'RoofMaterial',
  'RoofCondition',
  'FloorCovering',
  'TerraceOrientation',
  'GardenOrientation',
  'RearOrientation',
  'Condition',
  'PlanningInformation',
  'Availability',
]);

const shown = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')).slice(0, 80);

/**
 * Every record checked with the content schema, one at a time: a CRM's data is never that
 * clean, and one odd record must not stop the others. A code the site does not know (a
 * Marquee of 7, five facades) in a field that may be absent is left out and shown as not
 * specified; a record still unreadable is held back, named with its field (`ID 2044:
 * Price: expected number, received string`), and the rest goes on. Only an answer that is
 * not a list of records fails whole.
 */
export function validateExport(input: unknown): { ok: true; properties: PropertyDetail[]; unreadable: ExportProblem[]; unspecified: ExportProblem[] } | { ok: false; problems: ContentProblem[] } {
  const list = RecordList.safeParse(input);
  if (!list.success) return { ok: false, problems: [{ file: 'export', path: '', reason: 'expected a JSON array of property records' }] };
  const properties: PropertyDetail[] = [];
  const unreadable: ExportProblem[] = [];
  const unspecified: ExportProblem[] = [];
  const seen = new Set<number>();
  list.data.forEach((record, index) => {
    const raw = typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
    const id = typeof raw.ID === 'number' ? raw.ID : Number.NaN;
    let parsed = PropertyDetail.safeParse(record);
    if (!parsed.success) {
      // Unknown codes in fields that may be absent: left out, then the record read again.
      const lenient = { ...raw };
      const dropped: ExportProblem[] = [];
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (issue.path.length !== 1 || typeof field !== 'string' || !LENIENT_FIELDS.has(field) || !UNKNOWN_CODE.has(issue.code) || !(field in lenient)) continue;
        const without = { ...lenient };
        delete without[field];
        if (PropertyDetail.safeParse(without).error?.issues.some((i) => i.path[0] === field)) continue;
        dropped.push({ id, field, value: shown(lenient[field]), reason: 'a code the site does not know: shown as not specified' });
        delete lenient[field];
      }
      const retried = dropped.length > 0 ? PropertyDetail.safeParse(lenient) : parsed;
      if (retried.success) unspecified.push(...dropped);
      parsed = retried;
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 3)) {
        const field = formatPath(issue.path) || '(record)';
        unreadable.push({
          id,
          field,
          value: shown(issue.path.reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[k as PropertyKey] : undefined), raw)),
          reason: `[${index}] ${issue.message}`,
        });
      }
      return;
    }
    if (seen.has(parsed.data.ID)) {
      unreadable.push({ id: parsed.data.ID, field: 'ID', value: String(parsed.data.ID), reason: `[${index}] the same ID as an earlier record` });
      return;
    }
    seen.add(parsed.data.ID);
    properties.push(parsed.data);
  });
  return { ok: true, properties, unreadable, unspecified };
}

/** FNV-1a over the record's JSON: a fingerprint, not a secret. */
export function fingerprint(record: unknown): string {
  const text = JSON.stringify(record);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x85ebca6b) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The price a visitor sees, or null: a drop of a hidden price is no drop to show or alert on. */
function shownPrice(p: PropertyDetail): number | null {
  return p.PublishPrice && !p.PriceOnDemand ? p.Price : null;
}

/**
 * Compares the export with the previous state. `previous` is null on the first sync: then
 * `baseline` (what the live version lists: id, price, status) tells what is new, so the
 * first run does not announce the whole catalogue as new listings.
 */
export type BaselineListing = Omit<SyncedListing, 'hash' | 'prices' | 'drop' | 'statusDate'> & { id: number };

export function syncListings(
  exported: PropertyDetail[],
  last: SyncState | null,
  now: Date,
  baseline: BaselineListing[] = [],
  /** Whether a drop is steep enough to wait for the next run before subscribers hear of it. */
  awaitsConfirmation: (from: number, to: number) => boolean = () => false,
): { properties: PropertyDetail[]; state: SyncState; changes: SyncChanges } {
  const today = day(now);
  // Before any sync, the live version stands in; its records have no fingerprint ('').
  const previous: SyncState = last ?? {
    syncedAt: '',
    withdrawn: {},
    listings: Object.fromEntries(baseline.map(({ id, ...b }) => [String(id), { ...b, hash: '', prices: b.price === null ? [] : [{ price: b.price, on: today }] }])),
  };
  const before = new Map(Object.entries(previous.listings).map(([id, listing]) => [Number(id), listing]));
  const returnCutoff = day(new Date(now.getTime() - RETURN_WINDOW_DAYS * 86_400_000));

  const changes: SyncChanges = { added: [], changed: [], priceDrops: [], unconfirmedDrops: [], removed: [], statusChanges: [], prices: [] };
  const listings: SyncState['listings'] = {};
  const properties: PropertyDetail[] = [];
  for (const record of [...exported].sort((a, b) => a.ID - b.ID)) {
    const hash = fingerprint(record);
    const price = shownPrice(record);
    const old = before.get(record.ID);
    const gone = previous.withdrawn[String(record.ID)];
    const returning = !old && gone !== undefined && gone.on >= returnCutoff;
    let drop = old?.drop;
    let statusDate = record.StatusDate ?? old?.statusDate;
    let prices = old?.prices ?? (returning ? (gone.prices ?? []) : []);
    if (price !== null && prices.at(-1)?.price !== price) prices = [...prices, { price, on: today }];
    // Back after a short absence: a change to show, not a new listing to announce.
    if (returning) changes.changed.push(record.ID);
    else if (!old) changes.added.push(record.ID);
    else {
      if (old.hash !== hash && (old.hash !== '' || old.price !== price || old.status !== record.Status)) changes.changed.push(record.ID);
      if (old.price !== price) changes.prices.push({ id: record.ID, from: old.price, to: price });
      if (price !== null && old.price !== null && price < old.price) {
        if (awaitsConfirmation(old.price, price)) {
          drop = { from: old.price, on: today, unconfirmed: true };
          changes.unconfirmedDrops.push(record.ID);
        } else {
          drop = { from: old.price, on: today };
          changes.priceDrops.push(record.ID);
        }
      } else if (price !== null && price === old.price && old.drop?.unconfirmed) {
        // The next run still has the steep drop: it was no glitch, and subscribers hear of it now.
        drop = { from: old.drop.from, on: old.drop.on };
        changes.priceDrops.push(record.ID);
      } else if (price === null || (old.price !== null && price > old.price)) drop = undefined;
      if (old.status !== record.Status) {
        changes.statusChanges.push({ id: record.ID, from: old.status, to: record.Status });
        // The CRM did not date the change: today is the day it was seen, and the grace period of sold listings counts from it.
        if (!record.StatusDate) statusDate = now.toISOString();
      }
    }
    listings[String(record.ID)] = {
      hash,
      goal: record.Goal,
      price,
      status: record.Status,
      prices,
      ...(drop ? { drop } : {}),
      ...(statusDate ? { statusDate } : {}),
      webId: record.WebID,
      zip: record.Zip,
      city: record.City,
      countryId: record.CountryID,
      lat: record.Latitude,
      lng: record.Longitude,
      living: record.SurfaceLiving,
      land: record.SurfaceGround,
      bedrooms: record.Bedrooms,
    };
    properties.push({
      ...record,
      ...(statusDate ? { StatusDate: statusDate } : {}),
      ...(drop ? { PriceReduction: { PreviousPrice: drop.from, Date: drop.on } } : {}),
    });
  }

  const cutoff = day(new Date(now.getTime() - WITHDRAWN_KEPT_DAYS * 86_400_000));
  const withdrawn: SyncState['withdrawn'] = {};
  for (const [id, gone] of Object.entries(previous.withdrawn)) {
    if (id in listings || gone.on < cutoff) continue;
    // Past the return window only the 410 page needs it: the prices are forgotten.
    const { prices: _p, price: _price, status: _s, ...place } = gone;
    withdrawn[id] = gone.on >= returnCutoff ? gone : place;
  }
  for (const [id, old] of Object.entries(previous.listings)) {
    if (id in listings) continue;
    changes.removed.push(Number(id));
    withdrawn[id] = {
      goal: old.goal,
      webId: old.webId,
      zip: old.zip,
      city: old.city,
      countryId: old.countryId,
      lat: old.lat,
      lng: old.lng,
      on: today,
      prices: old.prices,
      price: old.price,
      status: old.status,
    };
  }
  changes.removed.sort((a, b) => a - b);
  return { properties, state: { syncedAt: now.toISOString(), listings, withdrawn }, changes };
}

/** What a withdrawn listing's 410 page needs, without the sync's own memory of it. */
export function withdrawnBundle(state: SyncState): Record<string, WithdrawnListing> {
  return Object.fromEntries(Object.entries(state.withdrawn).map(([id, { prices: _p, price: _price, status: _s, ...place }]) => [id, place]));
}

/** A price as the operator reads it: "€ 450,000", or "on request". */
function priceWords(price: number | null): string {
  return price === null ? 'on request' : `€ ${price.toLocaleString('en-GB')}`;
}

/**
 * What a publish changes, listing by listing, for the operator: added and removed listings
 * with their town, prices from and to, statuses, and how many others changed otherwise.
 * `places` names each listing (its town) from the export and the withdrawn ones.
 */
export function changeLines(changes: SyncChanges, places: ReadonlyMap<number, string>): string[] {
  const name = (id: number) => `${id}${places.has(id) ? ` (${places.get(id) ?? ''})` : ''}`;
  const lines: string[] = [];
  for (const id of changes.added) lines.push(`  + ${name(id)}: new`);
  for (const id of changes.removed) lines.push(`  − ${name(id)}: withdrawn`);
  for (const p of changes.prices) {
    const share = p.from !== null && p.to !== null && p.from > 0 ? ` (${p.to < p.from ? '−' : '+'}${Math.abs(Math.round(((p.to - p.from) / p.from) * 100))} %)` : '';
    lines.push(`  € ${name(p.id)}: ${priceWords(p.from)} → ${priceWords(p.to)}${share}${changes.unconfirmedDrops.includes(p.id) ? ', mailed once the next run still has it' : ''}`);
  }
  for (const s of changes.statusChanges) lines.push(`  ~ ${name(s.id)}: ${s.from} → ${s.to}`);
  const told = new Set([...changes.prices.map((p) => p.id), ...changes.statusChanges.map((s) => s.id)]);
  const others = changes.changed.filter((id) => !told.has(id));
  if (others.length > 0) lines.push(`  ${others.length} other listing(s) changed in their text, photos or details: ${others.slice(0, 20).join(', ')}${others.length > 20 ? ', …' : ''}`);
  return lines.length > 0 ? ['What changed:', ...lines] : ['No listing changed.'];
}
