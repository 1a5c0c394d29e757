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

export type MassChangeReason = 'mass-price-change' | 'mass-status-change';

export interface MassChange {
  reason: MassChangeReason;
  /** Listings the change touches, out of `live`. */
  affected: number;
  live: number;
  /** What they share, in words: "to 0", "× 0.01", "→ sold". */
  pattern: string;
}

/** What the previous run knew of a listing: the price a visitor saw and its status. */
export interface KnownListing {
  price: number | null;
  status: string;
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

/**
 * A change no agency makes to many listings in one quarter of an hour: prices falling to 0
 * or changing by one same factor (cents, thousands), or statuses all moving the same way.
 * `known` is what the previous run published; listings new to this run do not count.
 */
export function massChange(exported: readonly PropertyDetail[], known: ReadonlyMap<number, KnownListing>, guard: CrmGuard): MassChange | null {
  const live = known.size;
  if (live === 0) return null;
  const threshold = (share: number) => Math.max(guard.minMassCount, Math.ceil(share * live));
  const factors = new Map<string, number>();
  const moves = new Map<string, number>();
  for (const record of exported) {
    const before = known.get(record.ID);
    if (!before) continue;
    const price = isShown(record) ? record.Price : null;
    if (before.price !== null && before.price > 0 && price !== null && price !== before.price) {
      const f = factor(before.price, price);
      factors.set(f, (factors.get(f) ?? 0) + 1);
    }
    if (before.status !== record.Status) {
      const move = `${before.status} → ${record.Status}`;
      moves.set(move, (moves.get(move) ?? 0) + 1);
    }
  }
  const largest = (counts: Map<string, number>) => [...counts].reduce<[string, number] | null>((best, entry) => (best === null || entry[1] > best[1] ? entry : best), null);
  const prices = largest(factors);
  if (prices && prices[1] >= threshold(guard.maxPriceChangeShare)) {
    return { reason: 'mass-price-change', affected: prices[1], live, pattern: prices[0] === '0' ? 'to 0' : `× ${prices[0]}` };
  }
  const changed = [...moves.values()].reduce((sum, n) => sum + n, 0);
  const move = largest(moves);
  if (move && changed >= threshold(guard.maxStatusChangeShare)) return { reason: 'mass-status-change', affected: changed, live, pattern: move[0] };
  return null;
}

/** A drop steeper than the guard's share: shown at once, mailed once the next run still has it. */
export function needsConfirmation(from: number, to: number, guard: CrmGuard): boolean {
  return from > 0 && (from - to) / from > guard.confirmDropShare;
}
