/**
 * The retention schedule applied, once a day, from the scheduled run: each kind of personal
 * data past its period is erased (domain/privacy/retention.ts, with the agency's periods from
 * site.json). Each run is one row of privacy_runs with its counts, never the data. A run that
 * fails is tried again at the next tick (every 15 minutes); after three failures the agency is
 * mailed once that day, and the log says so on every tick until one succeeds. Each rule deletes only what its own period
 * has ended: a younger row, or another kind's, is never touched.
 */
import { APPLICATION_FORMS, cutoff, retentionDays, type RetentionKind } from '../../domain/privacy/retention.ts';
import { eraseRequests } from './subject-data.ts';
import type { Bindings } from '../env.ts';

export type RetentionCounts = Partial<Record<RetentionKind, number>>;

/** At most this many requests erased per tick: the rest waits for the next tick, so a run stays well inside its CPU time. */
const BATCH = 200;

/** The requests whose period has ended: an application from its date, any other request from its sender's last request. */
async function endedRequests(db: D1Database, days: Record<RetentionKind, number>, now: Date): Promise<{ leads: string[]; applications: string[] }> {
  const apps = APPLICATION_FORMS.map((_, i) => `?${i + 3}`).join(', ');
  const [leads, applications] = await db.batch<{ id: string }>([
    db
      .prepare(
        `SELECT id FROM leads WHERE kind NOT IN (${apps}) AND created_at < ?1
         AND (email IS NULL OR lower(email) NOT IN (SELECT lower(email) FROM leads WHERE email IS NOT NULL AND created_at >= ?1)) LIMIT ?2`,
      )
      .bind(cutoff(now, days.lead), BATCH, ...APPLICATION_FORMS),
    db.prepare(`SELECT id FROM leads WHERE kind IN (${apps}) AND created_at < ?1 LIMIT ?2`).bind(cutoff(now, days.application), BATCH, ...APPLICATION_FORMS),
  ]);
  return { leads: (leads?.results ?? []).map((r) => r.id), applications: (applications?.results ?? []).map((r) => r.id) };
}

/** Uploads no request holds any more, older than their period (a request erased by hand, a post that failed after its file was kept). */
async function strayUploads(db: D1Database, files: R2Bucket, days: number, now: Date): Promise<number> {
  const before = new Date(cutoff(now, days));
  const listed = await files.list({ prefix: 'uploads/', limit: 500 });
  const old = listed.objects.filter((o) => o.uploaded < before).map((o) => o.key);
  if (old.length === 0) return 0;
  const held = new Set<string>();
  const rows = await db.prepare(`SELECT payload FROM leads WHERE payload LIKE '%uploads/%'`).all<{ payload: string }>();
  for (const row of rows.results) for (const key of row.payload.match(/uploads\/[^"\\]+/g) ?? []) held.add(key);
  for (const row of (await db.prepare('SELECT image_key FROM testimonials WHERE image_key IS NOT NULL').all<{ image_key: string }>()).results) held.add(row.image_key);
  const stray = old.filter((key) => !held.has(key));
  if (stray.length > 0) await files.delete(stray);
  return stray.length;
}

/** Applies every rule once; returns what each erased. Throws when D1 or R2 fails, having erased only what it reports. */
export async function applyRetention(env: Pick<Bindings, 'DB' | 'FILES'>, chosen: Partial<Record<string, number>> | undefined, now: Date): Promise<{ counts: RetentionCounts; more: boolean }> {
  const db = env.DB;
  const days = retentionDays(chosen);
  const counts: RetentionCounts = {};
  const ended = await endedRequests(db, days, now);
  const leads = await eraseRequests(db, env.FILES, ended.leads, now);
  const applications = await eraseRequests(db, env.FILES, ended.applications, now);
  counts.lead = leads.requests;
  counts.application = applications.requests;
  counts.upload = leads.uploads + applications.uploads + (await strayUploads(db, env.FILES, days.upload, now));
  const [bookings, , alerts, , newsletter, mails, passes, runs] = await db.batch([
    db.prepare('DELETE FROM appointments WHERE slot_id IN (SELECT id FROM appointment_slots WHERE starts_at < ?1)').bind(cutoff(now, days.booking)),
    db.prepare('DELETE FROM appointment_slots WHERE starts_at < ?1 AND id NOT IN (SELECT slot_id FROM appointments)').bind(cutoff(now, days.booking)),
    db
      .prepare("DELETE FROM alerts WHERE (status = 'unsubscribed' AND unsubscribed_at < ?1) OR (status = 'pending' AND confirmed_at IS NULL AND consent_at < ?1) RETURNING id")
      .bind(cutoff(now, days.alert)),
    db.prepare('DELETE FROM alert_addresses WHERE lower(email) NOT IN (SELECT lower(email) FROM alerts)'),
    db.prepare("DELETE FROM newsletter_subscribers WHERE (unsubscribed_at IS NOT NULL AND unsubscribed_at < ?1) OR (status = 'pending' AND subscribed_at < ?1)").bind(cutoff(now, days.newsletter)),
    db.prepare('DELETE FROM mail_log WHERE sent_at < ?1').bind(cutoff(now, days['mail-log'])),
    db.prepare('DELETE FROM mail_passes WHERE created_at < ?1').bind(cutoff(now, days['mail-log'])),
    db.prepare('DELETE FROM crm_runs WHERE started_at < ?1').bind(cutoff(now, days['crm-run'])),
  ]);
  // An ended alert's matches go with it.
  await db.prepare('DELETE FROM alert_matches WHERE alert_id NOT IN (SELECT id FROM alerts)').run();
  counts.booking = bookings?.meta.changes ?? 0;
  counts.alert = alerts?.results.length ?? 0;
  counts.newsletter = newsletter?.meta.changes ?? 0;
  counts['mail-log'] = (mails?.meta.changes ?? 0) + (passes?.meta.changes ?? 0);
  counts['crm-run'] = runs?.meta.changes ?? 0;
  const visits = await db.prepare('DELETE FROM visit_seen WHERE day < ?1').bind(now.toISOString().slice(0, 10)).run();
  counts['visit-statistics'] = visits.meta.changes;
  return { counts, more: ended.leads.length === BATCH || ended.applications.length === BATCH };
}

/** How many failed tries of one day's run before the agency is told (once that day) and every tick logs it. */
export const REPORT_AFTER_TRIES = 3;

/**
 * Today's run, from the scheduled run: done once a day; a failed or unfinished one is taken
 * up again at the next tick, its counts added up.
 */
export async function dailyRetention(
  env: Pick<Bindings, 'DB' | 'FILES'>,
  chosen: Partial<Record<string, number>> | undefined,
  now: Date,
  /** Tells the agency, once a day, that the run keeps failing (a mail, from the scheduled run). */
  report?: (failure: { day: string; tries: number; error: string }) => Promise<void>,
): Promise<'done' | 'already-done' | 'failed'> {
  const day = now.toISOString().slice(0, 10);
  const row = await env.DB.prepare('SELECT finished_at, tries, counts, reported_at FROM privacy_runs WHERE day = ?')
    .bind(day)
    .first<{ finished_at: string | null; tries: number; counts: string; reported_at: string | null }>();
  if (row?.finished_at) return 'already-done';
  if (row) await env.DB.prepare('UPDATE privacy_runs SET tries = tries + 1 WHERE day = ?').bind(day).run();
  else await env.DB.prepare('INSERT INTO privacy_runs (day, started_at) VALUES (?, ?)').bind(day, now.toISOString()).run();
  const before = JSON.parse(row?.counts ?? '{}') as RetentionCounts;
  try {
    const { counts, more } = await applyRetention(env, chosen, now);
    const total = Object.fromEntries(Object.entries(counts).map(([kind, n]) => [kind, n + (before[kind as RetentionKind] ?? 0)]));
    await env.DB.prepare('UPDATE privacy_runs SET counts = ?2, finished_at = ?3, error = NULL WHERE day = ?1')
      .bind(day, JSON.stringify(total), more ? null : now.toISOString())
      .run();
    return 'done';
  } catch (error) {
    const tries = (row?.tries ?? 0) + 1;
    await env.DB.prepare('UPDATE privacy_runs SET error = ?2 WHERE day = ?1')
      .bind(day, String(error).slice(0, 500))
      .run()
      .catch(() => undefined);
    if (tries >= REPORT_AFTER_TRIES) {
      console.error(`retention run of ${day} failed ${tries} times: personal data past its period is still kept`, error);
      if (report && !row?.reported_at) {
        await report({ day, tries, error: String(error).slice(0, 300) })
          .then(() => env.DB.prepare('UPDATE privacy_runs SET reported_at = ?2 WHERE day = ?1').bind(day, now.toISOString()).run())
          .catch((failed: unknown) => console.error('retention failure not reported', failed));
      }
    }
    return 'failed';
  }
}
