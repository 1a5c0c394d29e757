/**
 * The retention schedule applied, once a day, from the scheduled run: each kind of personal
 * data past its period is erased (domain/privacy/retention.ts, with the agency's periods from
 * site.json). Each run is one row of privacy_runs with its counts, never the data. A run that
 * fails is tried again at the next tick (every 15 minutes); after three failures the agency is
 * mailed once that day, and the log says so on every tick until one succeeds. Each rule deletes only what its own period
 * has ended: a younger row, or another kind's, is never touched.
 */
import { retentionDays, type RetentionKind } from '../../domain/privacy/retention.ts';
import type { DoorEnv, OtherDoors, RetentionCounts } from '../personal-data/door.ts';
import { ALL_DOORS } from './doors.ts';
import { forgetRequests } from './subject-data.ts';

export type { RetentionCounts } from '../personal-data/door.ts';

/**
 * Applies every room's rules once, through its door; returns what each kind erased. Throws
 * when D1 or R2 fails, having erased only what it reports.
 */
export async function applyRetention(env: DoorEnv, chosen: Partial<Record<string, number>> | undefined, now: Date): Promise<{ counts: RetentionCounts; more: boolean }> {
  const days = retentionDays(chosen);
  const counts: RetentionCounts = {};
  let more = false;
  for (const door of ALL_DOORS) {
    const others: OtherDoors = {
      forgetRequests: (requests) => forgetRequests(env, requests, now),
      heldUploads: async () => (await Promise.all(ALL_DOORS.filter((d) => d !== door).map((d) => d.heldUploads?.(env.DB) ?? Promise.resolve([])))).flat(),
    };
    const expired = await door.expire(env, days, now, others);
    for (const [kind, n] of Object.entries(expired.counts) as [RetentionKind, number][]) counts[kind] = (counts[kind] ?? 0) + n;
    more ||= expired.more === true;
  }
  return { counts, more };
}

/** How many failed tries of one day's run before the agency is told (once that day) and every tick logs it. */
export const REPORT_AFTER_TRIES = 3;

/**
 * Today's run, from the scheduled run: done once a day; a failed or unfinished one is taken
 * up again at the next tick, its counts added up.
 */
export async function dailyRetention(
  env: DoorEnv,
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
