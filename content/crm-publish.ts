/**
 * Publishing a CRM export: validated record by record, compared with what the live
 * version holds (its sync state, or before any sync its listing), and published as a new
 * version with the rest of the content, atomically. The version carries the sync state for
 * the next run, the withdrawn listings for their 410, and what alerts should tell.
 * Isomorphic: the command runs it against miniflare or the Cloudflare API, the tests
 * against the worker's KV.
 */
import { CrmGuard, PropertyDetail, validateContent, type ContentProblem } from './schema.ts';
import { implausibleValues, massChange, needsConfirmation, withTrustedMedia, type KnownListing, type RecordProblem } from './crm-plausibility.ts';
import { compileContent } from './compile.ts';
import { changeLines, guardExport, syncListings, validateExport, withdrawnBundle, type BaselineListing, type FeedRefusal, type SyncChanges, type SyncState } from './crm-sync.ts';
import { publishVersion, versionName, type PublishStore } from './publish.ts';
import { contentKeys, type CardView, type ChangesBundle } from '../domain/bundles.ts';
import type { Lang } from '../domain/lang.ts';
import { utcDay } from '../domain/rules/gone.ts';
import { PULL_LIMITS, type PullLimits } from './crm-bounds.ts';
import { checkListingLaw, landLines, refusesIncomplete, reportLines, type LandLawReport, type LegalReport } from './listing-law.ts';
import { landLawOf } from './land-law.ts';

/** Where the CRM's records as last published are kept (R2): the cron and the command read and write them. */
export const CRM_RECORDS_KEY = 'crm/records.json';

export type SyncOutcome =
  | { ok: false; problems: ContentProblem[] }
  /** Every record is valid, but the answer cannot be trusted: too much withdrawn or changed at once. */
  | { ok: false; refusal: FeedRefusal }
  | { ok: true; version: string | null; changes: SyncChanges; legal: LegalReport; land: LandLawReport; held: RecordProblem[]; media: RecordProblem[]; unspecified: RecordProblem[] };

async function readJson<T>(store: PublishStore, key: string): Promise<T | null> {
  const text = await store.get(key);
  return text === null ? null : (JSON.parse(text) as T);
}

function baselineOf(cards: CardView[]): BaselineListing[] {
  return cards.map((c) => ({ id: c.id, goal: c.goal, price: c.price, status: c.status, webId: c.webIds[0] ?? '', zip: c.zip, city: c.city, countryId: c.countryId, lat: c.lat, lng: c.lng }));
}

/**
 * What names a version: its content, not the sync's bookkeeping (when it ran) nor its news
 * (what changed since the version before), so the same content twice is the same version.
 */
function hashedPart(entries: Map<string, string>): Map<string, string> {
  const hashed = new Map(entries);
  hashed.delete('sync');
  hashed.delete('changes');
  return hashed;
}

/** Validates, compares and publishes one export; the core of the command and of its tests. */
export async function syncExport(input: {
  records: unknown;
  rest: Record<string, unknown>;
  store: PublishStore;
  now?: Date;
  log?: (line: string) => void;
  /** The operator's word that a mass withdrawal or change is real (the agency sold its portfolio, repriced, changed CRM). */
  confirm?: boolean;
  /** The records as last published (the cron keeps them): a held-back listing keeps showing its last form. */
  previousRecords?: readonly Record<string, unknown>[];
  /** The CRM's own hosts, whose photos and documents the site trusts. */
  crmHosts?: readonly string[];
}): Promise<SyncOutcome> {
  const log = input.log ?? (() => undefined);
  const now = input.now ?? new Date();
  const exported = validateExport(input.records);
  if (!exported.ok) return { ok: false, problems: exported.problems };
  const guard = guardOf(input.rest.site);

  const live = await input.store.get(contentKeys.pointer);
  const previous = live ? await readJson<SyncState>(input.store, contentKeys.sync(live)) : null;
  let baseline: BaselineListing[] = [];
  if (live && !previous) {
    const routing = await readJson<{ defaultLang: Lang }>(input.store, contentKeys.routing(live));
    baseline = baselineOf((await readJson<CardView[]>(input.store, contentKeys.listing(live, routing?.defaultLang ?? 'fr'))) ?? []);
  }
  const known = new Map<number, KnownListing>(previous ? Object.entries(previous.listings).map(([id, l]) => [Number(id), l]) : baseline.map((b) => [b.id, b]));

  // A broken answer (one price for all, an off-by-one join, cents, every listing sold) publishes nothing and mails no one.
  const mass = massChange(exported.properties, known, guard);
  if (mass && !input.confirm) return { ok: false, refusal: { ...mass, detail: `${mass.affected} of ${mass.live} live listings: ${mass.pattern}` } };
  // A confirmed mass repricing is shown at once, but its drops reach subscribers only when the next run still has them.
  const beyondNormal = mass !== null;

  // One absurd record is held back: its last published form stays, a new one waits.
  const media: RecordProblem[] = [];
  const held: RecordProblem[] = [];
  const checked: PropertyDetail[] = [];
  for (const original of exported.properties) {
    const trusted = withTrustedMedia(original, [...guard.mediaHosts, ...(input.crmHosts ?? [])]);
    media.push(...trusted.problems);
    const absurd = implausibleValues(trusted.record, guard);
    if (absurd.length === 0) {
      checked.push(trusted.record);
      continue;
    }
    held.push(...absurd);
    const kept = input.previousRecords?.find((r) => r.ID === original.ID);
    const last = kept ? PropertyDetail.safeParse(kept) : null;
    if (last?.success) checked.push(withTrustedMedia(last.data, [...guard.mediaHosts, ...(input.crmHosts ?? [])]).record);
    else if (known.has(original.ID) && !input.confirm) {
      // Live, and no earlier form to keep showing: holding it back would withdraw it.
      const first = absurd[0] as RecordProblem;
      return { ok: false, refusal: { reason: 'implausible-record', live: known.size, affected: 1, detail: `${first.id} ${first.field} = ${first.value}: expected ${first.reason}` } };
    }
  }
  // A record the schema cannot read is held back the same way: the rest is published.
  const readable = new Set(exported.properties.map((p) => p.ID));
  const unreadable = exported.unreadable.filter((u) => !readable.has(u.id));
  for (const problem of unreadable) {
    if (checked.some((p) => p.ID === problem.id)) continue;
    const kept = input.previousRecords?.find((r) => r.ID === problem.id);
    const last = kept ? PropertyDetail.safeParse(kept) : null;
    if (last?.success) checked.push(withTrustedMedia(last.data, [...guard.mediaHosts, ...(input.crmHosts ?? [])]).record);
    else if (known.has(problem.id) && !input.confirm)
      return { ok: false, refusal: { reason: 'implausible-record', live: known.size, affected: 1, detail: `${problem.id} ${problem.field} = ${problem.value}: ${problem.reason}` } };
  }
  // Two listings with one reference: a reference names one listing. The one the site already
  // shows under it keeps it (else the first); the other is held back like any bad record, so
  // one duplicate never holds back the whole run.
  const byReference = new Map<string, PropertyDetail>();
  for (const p of [...checked].sort((a, b) => Number(!known.has(a.ID)) - Number(!known.has(b.ID)))) {
    const first = byReference.get(p.RecordFile);
    if (!first) {
      byReference.set(p.RecordFile, p);
      continue;
    }
    held.push({ id: p.ID, field: 'RecordFile', value: p.RecordFile, reason: `a reference of its own (listing ${first.ID} has it)` });
    // A live listing keeps its last published form (under its own reference); a new one waits.
    const kept = input.previousRecords?.find((r) => r.ID === p.ID);
    const last = kept ? PropertyDetail.safeParse(kept) : null;
    checked.splice(checked.indexOf(p), 1, ...(last?.success && last.data.RecordFile !== p.RecordFile ? [withTrustedMedia(last.data, [...guard.mediaHosts, ...(input.crmHosts ?? [])]).record] : []));
  }
  for (const p of exported.unreadable.filter((u) => readable.has(u.id))) log(`Left out: ${p.id} ${p.field} ${p.reason}`);
  for (const p of held) log(`Held back: ${p.id} ${p.field} = ${p.value} (expected ${p.reason})`);
  for (const p of unreadable) log(`Held back, unreadable: ${p.id} ${p.field} = ${p.value} (${p.reason})`);
  held.push(...unreadable);
  for (const p of exported.unspecified) log(`Not specified: ${p.id} ${p.field} = ${p.value} (${p.reason})`);
  for (const p of media) log(`Left out: ${p.id} ${p.field} ${p.value} (expected ${p.reason})`);

  // Belgian listing law, as in force today: warned about, or kept offline when the site says so.
  const on = utcDay(now);
  // What the official layers answer: a statement the CRM left out is filled from them before the law is checked.
  const land = landLawOf(checked, input.rest.land, on);
  for (const line of landLines(land.report)) log(line);
  const findings = checkListingLaw(land.properties, on);
  const heldBack = refusesIncomplete(input.rest.site) ? findings.map((f) => f.id) : [];
  const offered = heldBack.length ? checked.filter((p) => !heldBack.includes(p.ID)) : checked;
  const legal: LegalReport = { on, checked: checked.filter((p) => p.Status !== 'sold' && p.Status !== 'rented').length, findings, heldBack };
  for (const line of reportLines(legal)) log(line);

  const { properties, state, changes } = syncListings(offered, previous, now, baseline, (from, to) => beyondNormal || needsConfirmation(from, to, guard));

  // The rest of the site comes from the content folder; the listings from the export.
  const content = validateContent({ ...input.rest, properties });
  if (!content.ok) return { ok: false, problems: content.problems.map((p) => (p.file === 'properties.json' ? { ...p, file: 'export' } : p)) };
  const refusal = guardExport(changes, known.size, offered.length, guard.maxWithdrawnShare);
  if (refusal && !input.confirm) return { ok: false, refusal };

  // Listing by listing, for the operator: what this publish brings.
  const places = new Map<number, string>([...Object.entries(state.withdrawn).map(([id, w]) => [Number(id), w.city] as [number, string]), ...properties.map((p) => [p.ID, p.City] as [number, string])]);
  for (const line of changeLines(changes, places)) log(line);
  const alerts: ChangesBundle = { added: changes.added, priceDrops: changes.priceDrops };
  const withSync = (entries: Map<string, string>) =>
    entries
      .set('sync', JSON.stringify(state))
      .set('withdrawn', JSON.stringify(withdrawnBundle(state)))
      .set('changes', JSON.stringify(alerts));
  // Compiled once: the entries do not name their version, only the keys they are written under do.
  const entries = withSync(compileContent(content.content));
  const version = await versionName(hashedPart(entries), now);
  // Nothing a visitor would see changed (same hash as the live version): nothing to publish or send.
  // A steep drop confirmed by this run is news even when the pages stay the same.
  if (live && live.slice(live.lastIndexOf('-')) === version.slice(version.lastIndexOf('-')) && changes.priceDrops.length === 0) {
    log(`Unchanged: ${live} is live.`);
    return { ok: true, version: null, changes, legal, land: land.report, held, media, unspecified: exported.unspecified };
  }
  log(`Publishing version ${version} (${entries.size} keys) …`);
  const outcome = await publishVersion(input.store, entries, { version, now });
  log(`Live: ${outcome.version} (previous ${outcome.previous ?? 'none'}; removed ${outcome.removedVersions.length} old version(s))`);
  return { ok: true, version: outcome.version, changes, legal, land: land.report, held, media, unspecified: exported.unspecified };
}

/**
 * The CRM's records as they were published: a held-back record keeps its last published
 * form (or stays out, when it never had one). What the next run compares with and holds
 * back to, for the cron and the command alike.
 */
export function recordsAsPublished(records: readonly Record<string, unknown>[], previous: readonly Record<string, unknown>[], held: readonly RecordProblem[]): Record<string, unknown>[] {
  const heldIds = new Set(held.map((h) => h.id));
  if (heldIds.size === 0) return [...records];
  return records.flatMap((r) => (heldIds.has(r.ID as number) ? previous.filter((p) => p.ID === r.ID) : [r]));
}

/** What a pull may read and keep in all, as the agency's site.json sets it: the cron and the command hold every pull to it. */
export function pullLimitsOf(site: unknown, base: PullLimits = PULL_LIMITS): PullLimits {
  const guard = guardOf(site);
  return { ...base, maxTotalBytes: Math.round(guard.pullMegabytes * 1024 * 1024), maxRecords: guard.pullRecords };
}

/** The site's CRM guard, or its defaults when site.json is unreadable (validateContent names that later). */
function guardOf(site: unknown): CrmGuard {
  const parsed = CrmGuard.safeParse(typeof site === 'object' && site !== null && 'crmGuard' in site ? site.crmGuard : {});
  return parsed.success ? parsed.data : CrmGuard.parse({});
}
