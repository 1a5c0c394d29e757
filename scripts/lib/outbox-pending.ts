/**
 * What `npm run mail -- pending` reads and prints: every lead with a mail still missing and
 * every message the queue gave up on, with why (the last error) and whether the sweep still
 * tries it; and the statements that mark them due again for `--resend`.
 */
import { forTerminal } from './terminal.ts';

export const RETRY_FOR_HOURS = 72;

export interface PendingRow {
  what: 'lead' | 'letter';
  id: string;
  kind: string | null;
  created_at: string;
  attempts: number;
  error: string | null;
  tried_at: string | null;
}

export const PENDING_SQL =
  [
    "SELECT 'lead' AS what, id, kind, created_at, notify_attempts AS attempts, notify_error AS error, notify_tried_at AS tried_at FROM leads WHERE notified_at IS NULL",
    "SELECT 'letter' AS what, CAST(id AS TEXT) AS id, COALESCE(kind, 'unreadable') AS kind, created_at, attempts, COALESCE(last_error, reason) AS error, next_at AS tried_at FROM dead_letters WHERE done_at IS NULL",
  ].join(' UNION ALL ') + ' ORDER BY created_at';

/** Marks every pending lead and readable letter due now: the sweep sends them whatever their age. */
export function resendSql(now: Date): string[] {
  return [
    'UPDATE leads SET notify_tried_at = NULL WHERE notified_at IS NULL',
    `UPDATE dead_letters SET attempts = 0, next_at = '${now.toISOString()}' WHERE done_at IS NULL AND reason = 'retries-exhausted'`,
  ];
}

/** Whether the sweep still tries it by itself, or only on the operator's --resend. */
export function stateOf(row: PendingRow, now: Date): 'retrying' | 'given up' | 'unreadable' {
  if (row.kind === 'unreadable') return 'unreadable';
  return Date.parse(row.created_at) >= now.getTime() - RETRY_FOR_HOURS * 3_600_000 ? 'retrying' : 'given up';
}

/** One waiting item as the list prints it; its error and kind came from outside and cannot drive the terminal. */
export function pendingLine(row: PendingRow, now: Date): string {
  return [
    forTerminal(row.created_at),
    stateOf(row, now).padEnd(10),
    `${row.what} ${forTerminal(row.kind ?? '')}`.padEnd(28),
    `tries ${row.attempts}`.padEnd(9),
    forTerminal(row.id),
    forTerminal(row.error ?? 'not tried yet'),
  ].join('  ');
}
