/**
 * Publishing a CRM export: validated record by record, compared with what the live
 * version holds (its sync state, or before any sync its listing), and published as a new
 * version with the rest of the content, atomically. The version carries the sync state for
 * the next run, the withdrawn listings for their 410, and what alerts should tell.
 * Isomorphic: the command runs it against miniflare or the Cloudflare API, the tests
 * against the worker's KV.
 */
import { validateContent, type ContentProblem } from './schema.ts';
import { compileContent } from './compile.ts';
import { guardExport, syncListings, validateExport, withdrawnBundle, type BaselineListing, type FeedRefusal, type SyncChanges, type SyncState } from './crm-sync.ts';
import { publishVersion, versionName, type PublishStore } from './publish.ts';
import { contentKeys, type CardView, type ChangesBundle } from '../domain/bundles.ts';
import type { Lang } from '../domain/lang.ts';
import { utcDay } from '../domain/rules/gone.ts';
import { checkListingLaw, refusesIncomplete, reportLines, type LegalReport } from './listing-law.ts';

export type SyncOutcome =
  | { ok: false; problems: ContentProblem[] }
  /** Every record is valid, but publishing would take too much of the catalogue offline. */
  | { ok: false; refusal: FeedRefusal }
  | { ok: true; version: string | null; changes: SyncChanges; legal: LegalReport };

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
  /** The operator's word that a mass withdrawal is real (the agency sold its portfolio, changed CRM). */
  confirmWithdrawal?: boolean;
}): Promise<SyncOutcome> {
  const log = input.log ?? (() => undefined);
  const now = input.now ?? new Date();
  const exported = validateExport(input.records);
  if (!exported.ok) return { ok: false, problems: exported.problems };
  // Belgian listing law, as in force today: warned about, or kept offline when the site says so.
  const on = utcDay(now);
  const findings = checkListingLaw(exported.properties, on);
  const heldBack = refusesIncomplete(input.rest.site) ? findings.map((f) => f.id) : [];
  const offered = heldBack.length ? exported.properties.filter((p) => !heldBack.includes(p.ID)) : exported.properties;
  const legal: LegalReport = { on, checked: exported.properties.filter((p) => p.Status !== 'sold' && p.Status !== 'rented').length, findings, heldBack };
  for (const line of reportLines(legal)) log(line);

  const live = await input.store.get(contentKeys.pointer);
  const previous = live ? await readJson<SyncState>(input.store, contentKeys.sync(live)) : null;
  let baseline: BaselineListing[] = [];
  if (live && !previous) {
    const routing = await readJson<{ defaultLang: Lang }>(input.store, contentKeys.routing(live));
    baseline = baselineOf((await readJson<CardView[]>(input.store, contentKeys.listing(live, routing?.defaultLang ?? 'fr'))) ?? []);
  }
  const { properties, state, changes } = syncListings(offered, previous, now, baseline);

  // The rest of the site comes from the content folder; the listings from the export.
  const content = validateContent({ ...input.rest, properties });
  if (!content.ok) return { ok: false, problems: content.problems.map((p) => (p.file === 'properties.json' ? { ...p, file: 'export' } : p)) };
  const refusal = guardExport(changes, Object.keys(previous?.listings ?? {}).length || baseline.length, offered.length, content.content.site.crmGuard.maxWithdrawnShare);
  if (refusal && !input.confirmWithdrawal) return { ok: false, refusal };

  const alerts: ChangesBundle = { added: changes.added, priceDrops: changes.priceDrops };
  const withSync = (entries: Map<string, string>) =>
    entries
      .set('sync', JSON.stringify(state))
      .set('withdrawn', JSON.stringify(withdrawnBundle(state)))
      .set('changes', JSON.stringify(alerts));
  const version = await versionName(hashedPart(withSync(compileContent(content.content, 'pending'))), now);
  // Nothing a visitor would see changed (same hash as the live version): nothing to publish or send.
  if (live && live.slice(live.lastIndexOf('-')) === version.slice(version.lastIndexOf('-'))) {
    log(`Unchanged: ${live} is live.`);
    return { ok: true, version: null, changes, legal };
  }
  const entries = withSync(compileContent(content.content, version));
  log(`Publishing version ${version} (${entries.size} keys) …`);
  const outcome = await publishVersion(input.store, entries, { version, now });
  log(`Live: ${outcome.version} (previous ${outcome.previous ?? 'none'}; removed ${outcome.removedVersions.length} old version(s))`);
  return { ok: true, version: outcome.version, changes, legal };
}
