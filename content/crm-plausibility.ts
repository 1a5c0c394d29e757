/**
 * What a CRM's answer may plausibly be. A CRM that sends every price as 0, every price in
 * cents, every listing as sold, or one record with a price of 1e308 must not reach the
 * site, let alone every subscriber's inbox. Two levels:
 * - the run: many prices falling to 0 or by the same factor, or many statuses changing at
 *   once, is a broken answer, and nothing of it is published;
 * - the record: a value no Belgian or Luxembourg listing can have holds that record back
 *   (its last published form stays), and a photo or document on a host the site does not
 *   trust is left out, so no visitor's browser is sent to a private address.
 * Pure and isomorphic: the command, the cron and their tests share it.
 */
import type { CrmGuard, PropertyDetail } from './schema.ts';

/** Belgium and the Grand Duchy, with a margin of a few hundred metres. */
export const BELGIUM_LUXEMBOURG = { south: 49.44, north: 51.51, west: 2.5, east: 6.55 } as const;

export interface RecordProblem {
  id: number;
  field: string;
  /** The value as text, for the operator's line and the agency's mail. */
  value: string;
  reason: string;
}

/** What a run changes en masse: one reason per kind of fact a broken export tends to garble. */
export const MASS_CHANGE_REASONS = ['mass-price-change', 'mass-status-change', 'mass-surface-change', 'mass-room-change', 'mass-place-change', 'mass-goal-change'] as const;
export type MassChangeReason = (typeof MASS_CHANGE_REASONS)[number];

export interface MassChange {
  reason: MassChangeReason;
  /** Listings whose fact of that kind changes, out of `live`. */
  affected: number;
  live: number;
  /** What the changes look like, in words: "62 down, 7 up; most × 0.01", "available → sold". */
  pattern: string;
}

/**
 * What the previous run knew of a listing: the price a visitor saw and its status, and
 * where the sync state kept them, its goal, place, surfaces and bedrooms (older states and
 * the live version's cards lack some: a fact not known is not compared).
 */
export interface KnownListing {
  price: number | null;
  status: string;
  goal?: number;
  zip?: string;
  city?: string;
  lat?: number | null;
  lng?: number | null;
  living?: number | null;
  land?: number | null;
  bedrooms?: number | null;
}

const isShown = (p: PropertyDetail) => p.PublishPrice && !p.PriceOnDemand;

function inRange(value: number, range: { min: number; max: number }): boolean {
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}

/** A value outside what a Belgian or Luxembourg listing can be: a held-back record names each. */
export function implausibleValues(p: PropertyDetail, guard: CrmGuard): RecordProblem[] {
  const problems: RecordProblem[] = [];
  const flag = (field: string, value: unknown, reason: string) => problems.push({ id: p.ID, field, value: String(value), reason });
  const rent = p.Goal !== 0;
  const prices = rent ? guard.monthlyRent : guard.salePrice;
  if (p.Price !== null && (isShown(p) || p.Price !== 0) && !inRange(p.Price, prices)) flag('Price', p.Price, `a ${rent ? 'monthly rent' : 'sale price'} between ${prices.min} and ${prices.max}`);
  if (p.SurfaceLiving !== null && !inRange(p.SurfaceLiving, guard.livingArea)) flag('SurfaceLiving', p.SurfaceLiving, `at most ${guard.livingArea.max} m²`);
  if (p.SurfaceGround !== null && !inRange(p.SurfaceGround, guard.landArea)) flag('SurfaceGround', p.SurfaceGround, `at most ${guard.landArea.max} m²`);
  for (const field of ['Bedrooms', 'Bathrooms'] as const) {
    const rooms = p[field];
    if (rooms !== null && rooms > guard.maxRooms) flag(field, rooms, `at most ${guard.maxRooms}`);
  }
  const { Latitude: lat, Longitude: lng } = p;
  if (lat !== null && lng !== null) {
    const box = BELGIUM_LUXEMBOURG;
    if (lat < box.south || lat > box.north || lng < box.west || lng > box.east) flag('Latitude/Longitude', `${lat}, ${lng}`, 'a place in Belgium or Luxembourg');
  }
  return problems;
}

/** An IP literal, a single-label or a reserved name: never a public media host. */
function privateHost(host: string): boolean {
  return /^\[|^\d+\.\d+\.\d+\.\d+$|^\d+$|^0x/i.test(host) || !host.includes('.') || /(?:^|\.)(?:localhost|local|internal|lan|home|test|invalid|example)$/i.test(host);
}

/**
 * Whether a photo or document address is one the site lets every visitor's browser fetch:
 * a path on the site itself, or public https on the CRM's own host or a listed one.
 */
export function trustedMediaUrl(url: string, hosts: readonly string[]): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return false;
  const host = parsed.hostname.toLowerCase();
  if (privateHost(host)) return false;
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The record with photos, documents and links on untrusted hosts left out, and what was left out. */
export function withTrustedMedia(p: PropertyDetail, hosts: readonly string[]): { record: PropertyDetail; problems: RecordProblem[] } {
  const problems: RecordProblem[] = [];
  const keep = (field: string, url: string | null) => {
    if (url === null || trustedMediaUrl(url, hosts)) return true;
    problems.push({ id: p.ID, field, value: url, reason: 'public https on the CRM’s or a listed media host' });
    return false;
  };
  const photos = p.Photos.filter((photo, i) => keep(`Photos[${i}].Url`, photo.Url));
  const documents = p.Documents.map((d, i) => (keep(`Documents[${i}].url`, d.url) ? d : { ...d, url: null, requestOnly: true }));
  // Links a visitor follows by choice may go anywhere public, but never to a private address.
  const link = (field: 'VirtualTourUrl' | 'VideoUrl') => {
    const url = p[field];
    if (url === null || url.startsWith('/')) return url;
    let host = '';
    try {
      const parsed = new URL(url);
      host = parsed.protocol === 'https:' ? parsed.hostname : '';
    } catch {
      // unreadable: left out below
    }
    if (host && !privateHost(host.toLowerCase())) return url;
    problems.push({ id: p.ID, field, value: url, reason: 'a public https address' });
    return null;
  };
  return { record: { ...p, Photos: photos, Documents: documents, VirtualTourUrl: link('VirtualTourUrl'), VideoUrl: link('VideoUrl') }, problems };
}

/** The share of a price change as a factor with three significant digits: 0.01 for cents, 0 for zero. */
function factor(from: number, to: number): string {
  return to === 0 ? '0' : Number((to / from).toPrecision(3)).toString();
}

/** A move of more than about 100 m: a geocoder refining a pin moves it less. */
const MOVED_DEGREES = 0.001;

const differs = (before: number | null | undefined, now: number | null) => before !== undefined && before !== now;

/** One kind of fact the run is judged on: whether a listing's changed, and the share of the live catalogue allowed to. */
interface Dimension {
  reason: MassChangeReason;
  share: (guard: CrmGuard) => number;
  changed: (before: KnownListing, record: PropertyDetail) => boolean;
  /** The change in words, tallied so the pattern names the most common ones. */
  tally: (before: KnownListing, record: PropertyDetail) => string[];
}

const shownPrice = (p: PropertyDetail) => (isShown(p) ? p.Price : null);

const DIMENSIONS: readonly Dimension[] = [
  {
    reason: 'mass-price-change',
    share: (g) => g.maxPriceChangeShare,
    changed: (before, record) => before.price !== shownPrice(record),
    tally: (before, record) => {
      const price = shownPrice(record);
      if (before.price === null || price === null) return [price === null ? 'hidden' : 'shown'];
      return [price < before.price ? 'down' : 'up', `× ${factor(before.price, price)}`];
    },
  },
  {
    reason: 'mass-status-change',
    share: (g) => g.maxStatusChangeShare,
    changed: (before, record) => before.status !== record.Status,
    tally: (before, record) => [`${before.status} → ${record.Status}`],
  },
  {
    reason: 'mass-surface-change',
    share: (g) => g.maxDetailChangeShare,
    changed: (before, record) => differs(before.living, record.SurfaceLiving) || differs(before.land, record.SurfaceGround),
    tally: (before, record) => [differs(before.living, record.SurfaceLiving) ? 'living area' : 'land area'],
  },
  {
    reason: 'mass-room-change',
    share: (g) => g.maxDetailChangeShare,
    changed: (before, record) => differs(before.bedrooms, record.Bedrooms),
    tally: () => ['bedrooms'],
  },
  {
    reason: 'mass-place-change',
    share: (g) => g.maxDetailChangeShare,
    changed: (before, record) => placeMoved(before, record),
    tally: (before, record) => [before.zip !== undefined && before.zip !== record.Zip ? 'postcode' : before.city !== undefined && before.city !== record.City ? 'town' : 'position'],
  },
  {
    reason: 'mass-goal-change',
    share: (g) => g.maxDetailChangeShare,
    changed: (before, record) => before.goal !== undefined && before.goal !== record.Goal,
    tally: (before, record) => [`goal ${String(before.goal)} → ${record.Goal}`],
  },
];

function placeMoved(before: KnownListing, record: PropertyDetail): boolean {
  if (before.zip !== undefined && before.zip !== record.Zip) return true;
  if (before.city !== undefined && before.city.toLowerCase() !== record.City.toLowerCase()) return true;
  const { lat, lng } = before;
  if (lat === undefined || lng === undefined || lat === null || lng === null || record.Latitude === null || record.Longitude === null) return false;
  return Math.abs(lat - record.Latitude) > MOVED_DEGREES || Math.abs(lng - record.Longitude) > MOVED_DEGREES;
}

/** "62 down, 7 up; most × 0.01": the three most common words of a tally. */
function describe(tally: Map<string, number>): string {
  return [...tally]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([words, n]) => `${n} ${words}`)
    .join(', ');
}

/**
 * The run judged as a whole: no agency changes the price, surface, bedrooms, place, goal or
 * status of a large share of its catalogue in one quarter of an hour, so a run that does is
 * a broken export (one price for all, an off-by-one join, cents, a shifted column) whatever
 * shape the change takes: up, down, one factor or many. Counted per kind of fact, over the
 * listings the previous run published (new ones have nothing to compare); the first kind
 * whose count reaches its share of the live catalogue (and `minMassCount`) refuses the run.
 */
export function massChange(exported: readonly PropertyDetail[], known: ReadonlyMap<number, KnownListing>, guard: CrmGuard): MassChange | null {
  const live = known.size;
  if (live === 0) return null;
  const threshold = (share: number) => Math.max(guard.minMassCount, Math.ceil(share * live));
  const counts = DIMENSIONS.map(() => ({ affected: 0, tally: new Map<string, number>() }));
  for (const record of exported) {
    const before = known.get(record.ID);
    if (!before) continue;
    DIMENSIONS.forEach((dimension, i) => {
      if (!dimension.changed(before, record)) return;
      const count = counts[i] as (typeof counts)[number];
      count.affected++;
      for (const words of dimension.tally(before, record)) count.tally.set(words, (count.tally.get(words) ?? 0) + 1);
    });
  }
  for (const [i, dimension] of DIMENSIONS.entries()) {
    const { affected, tally } = counts[i] as (typeof counts)[number];
    if (affected >= threshold(dimension.share(guard))) return { reason: dimension.reason, affected, live, pattern: describe(tally) };
  }
  return null;
}

/** A drop steeper than the guard's share: shown at once, mailed once the next run still has it. */
export function needsConfirmation(from: number, to: number, guard: CrmGuard): boolean {
  return from > 0 && (from - to) / from > guard.confirmDropShare;
}
