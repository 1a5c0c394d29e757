/**
 * The scheduled CRM pull: every 15 minutes the configured source is read (a complete list,
 * or the changes since the last watermark minus an overlap), laid over the
 * records last published, and handed to the same core as `npm run crm:sync`: validated, a
 * new version published atomically, carrying its news for the alerts. A bad record publishes nothing
 * and leaves the watermark where it was, so the next run reads the same changes again.
 *
 * A pull that cannot be trusted publishes nothing and keeps the watermark: the CRM failed,
 * answered something unreadable or cut off, sent an invalid record, or would withdraw more
 * of the catalogue than the site's guard allows (an empty list included). The run is
 * recorded as refused with its reason, and the agency is mailed once when refusals start.
 *
 * The records last published and the watermark live in R2 (the list can outgrow a KV value);
 * every run leaves a line in D1 (crm_runs). A worker writes each KV key of a version with one
 * subrequest: catalogues of a few hundred properties publish here; larger ones with the
 * command, from a machine (documented in the README).
 */
import * as z from 'zod/mini';
import type { Bindings } from '../env.ts';
import type { CrmEnv } from './configured.ts';
import { applyPull, WATERMARK_OVERLAP_MS, type FeedPull } from '../../content/crm/pull.ts';
import { crmMediaHosts, feedSettingsFrom, pullWithin, type FeedSettings } from '../../content/crm/adapters.ts';
import { FeedError, type Fetcher } from '../../content/crm-bounds.ts';
import { CRM_RECORDS_KEY, pullLimitsOf, recordsAsPublished, syncExport } from '../../content/crm-publish.ts';
import { kvPublishStore } from '../../content/publish.ts';
import { formatProblem } from '../../content/schema.ts';
import { contentKeys } from '../../domain/bundles.ts';
import { utcDay } from '../../domain/rules/gone.ts';
import { clearContentCache, ContentRepository } from '../live/repository.ts';
import type { CrmHeldMessage, CrmRefusedMessage, LandConflictMessage, RefusalReason } from '../queues/messages.ts';
import { pullModelOf } from './pull-model.ts';

const RECORDS_KEY = CRM_RECORDS_KEY;
const STATE_KEY = 'crm/state.json';

const PullState = z.object({
  /** When the last accepted pull started: the next asks for changes since then, minus the overlap. */
  watermark: z.nullable(z.string()),
  /** The UTC day of the last complete list of ids (a CRM that cannot say what it deleted is listed whole once a day). */
  reconciledOn: z.nullable(z.string()),
});
type PullState = z.infer<typeof PullState>;
const Records = z.array(z.record(z.string(), z.unknown()));
const Source = z.record(z.string(), z.unknown());
/** What a published run's summary says it held back, to tell the agency once per change. */
const HeldSummary = z.object({ implausible: z.optional(z.array(z.object({ id: z.number(), field: z.string() }))) });
const LandSummary = z.object({ landConflicts: z.optional(z.array(z.object({ id: z.number(), field: z.string(), crm: z.string(), layer: z.string() }))) });

type PullEnv = Pick<Bindings, 'DB' | 'CONTENT' | 'FILES' | 'NOTIFY' | 'SITE_ORIGIN' | 'CRM_CONFIRM_WITHDRAWAL_UNTIL'> & CrmEnv;

export type PullOutcome = { status: 'off' } | { status: 'published' | 'unchanged'; summary: string; version?: string } | { status: 'refused'; reason: RefusalReason; summary: string };

function settingsOf(env: PullEnv): FeedSettings | null {
  const read = feedSettingsFrom(env);
  return read.ok ? read.settings : null;
}

/** What the last pull left in R2, read by its schema: a file that does not fit it counts as none (the next pull reads everything). */
async function readJson<T>(bucket: R2Bucket, key: string, schema: z.ZodMiniType<T>): Promise<T | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const read = schema.safeParse(await object.json().catch(() => null));
  return read.success ? read.data : null;
}

async function logRun(db: D1Database, run: { startedAt: Date; adapter: string; status: string; reason?: RefusalReason; version: string | null; summary: string; reconciled: boolean }): Promise<void> {
  await db
    .prepare('INSERT INTO crm_runs (started_at, adapter, status, reason, version, summary, reconciled) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(run.startedAt.toISOString(), run.adapter, run.status, run.reason ?? null, run.version, run.summary.slice(0, 4000), run.reconciled ? 1 : 0)
    .run();
}

/**
 * Records a refused run; the agency hears of it once, when the refusals start or their
 * reason changes, not every 15 minutes while the CRM stays down.
 */
async function refuse(env: PullEnv, run: { startedAt: Date; adapter: string; reason: RefusalReason; summary: string }): Promise<PullOutcome> {
  console.error('CRM pull refused; nothing was published', run.reason, run.summary);
  const last = await env.DB.prepare('SELECT status, reason FROM crm_runs ORDER BY id DESC LIMIT 1').first<{ status: string; reason: string | null }>();
  await logRun(env.DB, { ...run, status: 'refused', version: null, reconciled: false });
  if (last?.status !== 'refused' || last.reason !== run.reason) {
    const message: CrmRefusedMessage = { crmRefused: { reason: run.reason, summary: run.summary.slice(0, 2000), at: run.startedAt.toISOString() } };
    try {
      await env.NOTIFY.send(message);
    } catch (error) {
      console.error('CRM refusal mail not queued', error);
    }
  }
  return { status: 'refused', reason: run.reason, summary: run.summary };
}

/**
 * Tells the agency which listings this run held back, when that differs from the last
 * published run's: once per change, not every 15 minutes while the CRM keeps the bad value.
 */
async function tellHeld(env: PullEnv, held: { id: number; field: string; value: string }[], now: Date): Promise<void> {
  const before = HeldSummary.safeParse(await lastPublishedSummary(env)).data?.implausible ?? [];
  if (held.length === 0 || sameListings(held, before, (h) => `${h.id} ${h.field}`)) return;
  const message: CrmHeldMessage = { crmHeld: { listings: held.slice(0, 100).map((h) => ({ ...h, field: h.field.slice(0, 200), value: h.value.slice(0, 200) })), at: now.toISOString() } };
  await env.NOTIFY.send(message).catch((error: unknown) => console.error('held-back notice not queued', error));
}

/** The last published (or unchanged) run's summary as it was recorded; {} when there is none or it is not JSON. */
async function lastPublishedSummary(env: PullEnv): Promise<unknown> {
  const last = await env.DB.prepare("SELECT summary FROM crm_runs WHERE status IN ('published', 'unchanged') ORDER BY id DESC LIMIT 1").first<{ summary: string | null }>();
  try {
    return JSON.parse(last?.summary ?? '{}') as unknown;
  } catch {
    return {};
  }
}

/** Two runs name the same listings (in any order): the agency was told already. */
function sameListings<T>(now: readonly T[], before: readonly T[], keyOf: (item: T) => string): boolean {
  const key = (list: readonly T[]) => list.map(keyOf).sort().join('|');
  return key(now) === key(before);
}

/**
 * Tells the agency which listings an official map contradicts, when that differs from the last
 * published run's: once per change (a value corrected in the CRM, a new layer), not every run.
 */
async function tellLandConflicts(env: PullEnv, conflicts: { id: number; field: string; crm: string; layer: string }[], now: Date): Promise<void> {
  const before = LandSummary.safeParse(await lastPublishedSummary(env)).data?.landConflicts ?? [];
  if (conflicts.length === 0 || sameListings(conflicts, before, (c) => `${c.id} ${c.field} ${c.crm} ${c.layer}`)) return;
  const message: LandConflictMessage = {
    landConflict: { listings: conflicts.slice(0, 100).map((c) => ({ id: c.id, field: c.field.slice(0, 60), crm: c.crm.slice(0, 200), layer: c.layer.slice(0, 200) })), at: now.toISOString() },
  };
  await env.NOTIFY.send(message).catch((error: unknown) => console.error('land conflict notice not queued', error));
}

export async function scheduledPull(
  env: PullEnv,
  now: Date,
  fetcher: Fetcher = (input, init) => fetch(input, init),
  /** Smaller bounds and a clock for tests; the site's pull budget and the real clock otherwise. */
  bounds: { limits?: FeedSettings['limits']; clock?: () => number } = {},
): Promise<PullOutcome> {
  const configured = settingsOf(env);
  if (!configured) return { status: 'off' };
  // The pull builds on the live version: read fresh, never the second-old one pages read.
  const repo = await ContentRepository.open(env.CONTENT, { fresh: true });
  const source = Source.safeParse(await env.CONTENT.get(contentKeys.source(repo.version), 'json')).data;
  if (!source) {
    const summary = `the live version ${repo.version} has no content source; publish it once with npm run content:publish or crm:sync`;
    return refuse(env, { startedAt: now, adapter: configured.adapter, reason: 'no-content', summary });
  }
  // The whole pull is held to the agency's budget of bytes and records (site.json), checked as each page arrives.
  const settings: FeedSettings = { ...configured, limits: bounds.limits ?? pullLimitsOf(source.site) };
  const state: PullState = (await readJson(env.FILES, STATE_KEY, PullState)) ?? { watermark: null, reconciledOn: null };
  const previous = (await readJson(env.FILES, RECORDS_KEY, Records)) ?? [];
  // Without the records of an earlier pull, changes alone cannot say what the catalogue is: read it whole.
  const since = state.watermark && previous.length > 0 ? new Date(Date.parse(state.watermark) - WATERMARK_OVERLAP_MS) : null;
  // How this CRM's listings reach the site: listed by the pull, or announced by its webhook and read then.
  const model = pullModelOf(settings.adapter);
  const pending = await model.toRead(env);
  if (!pending) return { status: 'unchanged', summary: 'no announcement' };
  let pull: FeedPull;
  try {
    pull = await pullWithin(settings, { since, now, reconciledOn: state.reconciledOn, announced: pending.announced }, fetcher, bounds.clock);
  } catch (error) {
    const reason = error instanceof FeedError ? error.failure : 'unreachable';
    return refuse(env, { startedAt: now, adapter: settings.adapter, reason, summary: `pull failed: ${error instanceof Error ? error.message : String(error)}` });
  }
  pull = await model.prepare(env, pull, fetcher);
  const records = applyPull(previous, pull);
  // The operator's confirmation of a real mass withdrawal holds until the moment they set.
  const confirm = Date.parse(env.CRM_CONFIRM_WITHDRAWAL_UNTIL ?? '') > now.getTime();
  const outcome = await syncExport({
    records,
    rest: source,
    store: kvPublishStore(env.CONTENT),
    now,
    confirm,
    previousRecords: previous,
    crmHosts: crmMediaHosts(settings.url),
  });
  if (!outcome.ok && 'refusal' in outcome) {
    const { reason, detail } = outcome.refusal;
    return refuse(env, { startedAt: now, adapter: settings.adapter, reason, summary: `${reason}: ${detail}` });
  }
  if (!outcome.ok) return refuse(env, { startedAt: now, adapter: settings.adapter, reason: 'invalid-record', summary: outcome.problems.map(formatProblem).join('\n') });
  // What was published is what the next run compares with: a held-back record keeps its last good form.
  await env.FILES.put(RECORDS_KEY, JSON.stringify(recordsAsPublished(records, previous, outcome.held)), { httpMetadata: { contentType: 'application/json' } });
  const next: PullState = { watermark: now.toISOString(), reconciledOn: pull.kind === 'changes' && pull.ids ? utcDay(now) : pull.kind === 'complete' ? utcDay(now) : state.reconciledOn };
  await env.FILES.put(STATE_KEY, JSON.stringify(next), { httpMetadata: { contentType: 'application/json' } });
  const c = outcome.changes;
  // The run's record says which listings lack a statement the law asks for, and which were kept offline.
  const legalGaps = outcome.legal.findings.map((f) => ({ id: f.id, missing: f.missing }));
  const held = outcome.held.map((h) => ({ id: h.id, field: h.field, value: h.value }));
  await tellHeld(env, held, now);
  const landConflicts = outcome.land.conflicts.map((c) => ({ id: c.id, field: c.field, crm: c.crm, layer: c.layer }));
  await tellLandConflicts(env, landConflicts, now);
  const media = outcome.media.map((m) => ({ id: m.id, field: m.field }));
  const summary = JSON.stringify({
    added: c.added,
    changed: c.changed,
    priceDrops: c.priceDrops,
    unconfirmedDrops: c.unconfirmedDrops,
    removed: c.removed,
    legalGaps,
    heldBack: outcome.legal.heldBack,
    implausible: held,
    unspecified: outcome.unspecified.map((u) => ({ id: u.id, field: u.field, value: u.value })),
    mediaLeftOut: media,
    landFilled: outcome.land.fills.map((f) => ({ id: f.id, field: f.field, value: f.value })),
    landConflicts,
  });
  await logRun(env.DB, {
    startedAt: now,
    adapter: settings.adapter,
    status: outcome.version ? 'published' : 'unchanged',
    version: outcome.version,
    summary,
    reconciled: pull.kind === 'changes' && pull.ids !== null,
  });
  await model.read(env, pending, now);
  if (!outcome.version) return { status: 'unchanged', summary };
  clearContentCache();
  await model.published(env, settings, fetcher, pending);
  // The version carries its news; the scheduled run matches it against the alerts next.
  return { status: 'published', summary, version: outcome.version };
}
