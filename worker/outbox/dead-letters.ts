/**
 * Queue messages the queue gave up on, kept in D1 so nothing accepted is lost when the
 * mail service is down for longer than the queue's retries: the scheduled sweep sends them
 * again, backing off, for days; `npm run mail -- pending` lists them. An unreadable body
 * is kept too, as evidence, and never sent.
 */
import type { MessageKind } from '../queues/messages.ts';

/** How long the sweep keeps trying a message or a lead after it was accepted. */
export const RETRY_FOR_HOURS = 72;

export interface DeadLetterRow {
  id: number;
  kind: MessageKind | null;
  body: string;
  reason: 'retries-exhausted' | 'unreadable';
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_at: string;
}

export async function keepDeadLetter(db: D1Database, letter: { kind: MessageKind | null; body: unknown; reason: DeadLetterRow['reason']; error: string | null }, now = new Date()): Promise<void> {
  let body: string;
  try {
    body = JSON.stringify(letter.body) ?? 'undefined';
  } catch {
    body = String(letter.body);
  }
  await db
    .prepare('INSERT INTO dead_letters (kind, body, reason, last_error, created_at, next_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(letter.kind, body.slice(0, 16_000), letter.reason, letter.error, now.toISOString(), now.toISOString())
    .run();
}

/** Readable letters due for another try, oldest first; those past the retry window stay listed, unsent, until the operator asks for a resend (attempts back to 0). */
export async function dueDeadLetters(db: D1Database, now: Date, limit: number): Promise<DeadLetterRow[]> {
  const since = new Date(now.getTime() - RETRY_FOR_HOURS * 3_600_000).toISOString();
  const { results } = await db
    .prepare(
      "SELECT id, kind, body, reason, attempts, last_error, created_at, next_at FROM dead_letters WHERE done_at IS NULL AND reason = 'retries-exhausted' AND next_at <= ? AND (created_at >= ? OR attempts = 0) ORDER BY id LIMIT ?",
    )
    .bind(now.toISOString(), since, limit)
    .all<DeadLetterRow>();
  return results;
}

/** The next try of a letter backs off: 15 minutes, doubling, at most 6 hours. */
export function nextTryAfterMinutes(attempts: number): number {
  return Math.min(360, 15 * 2 ** Math.max(0, attempts - 1));
}

export async function settleDeadLetter(db: D1Database, id: number, outcome: { ok: true } | { ok: false; error: string; attempts: number }, now = new Date()): Promise<void> {
  if (outcome.ok) {
    await db.prepare('UPDATE dead_letters SET done_at = ?, attempts = attempts + 1 WHERE id = ?').bind(now.toISOString(), id).run();
    return;
  }
  const next = new Date(now.getTime() + nextTryAfterMinutes(outcome.attempts + 1) * 60_000).toISOString();
  await db.prepare('UPDATE dead_letters SET attempts = attempts + 1, last_error = ?, next_at = ? WHERE id = ?').bind(outcome.error.slice(0, 1000), next, id).run();
}
