/**
 * The CRM's copy of each request: a push claimed before the call and marked sent after, so a
 * message delivered twice makes one contact; what failed is retried by the sweep for as long
 * as mails are, and the operator lists and retries the rest (`npm run crm:outbox`).
 */

/** Takes the push for this delivery: false when it is sent, or another delivery works on it now. */
export async function claimPush(db: D1Database, leadId: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - 5 * 60_000).toISOString();
  const taken = await db
    .prepare("UPDATE crm_pushes SET state = 'sending', tried_at = ?, tries = tries + 1 WHERE lead_id = ? AND (state IN ('pending', 'failed') OR (state = 'sending' AND tried_at < ?))")
    .bind(now.toISOString(), leadId, stale)
    .run();
  return taken.meta.changes === 1;
}

export async function markCrmPushed(db: D1Database, leadId: string, ref: string | null, now: Date): Promise<void> {
  await db.prepare("UPDATE crm_pushes SET state = 'sent', sent_at = ?, crm_ref = ?, last_error = NULL WHERE lead_id = ?").bind(now.toISOString(), ref, leadId).run();
}

/** Records why the CRM refused or failed: the sweep tries again, the operator reads it. */
export async function markPushFailed(db: D1Database, leadId: string, error: string): Promise<void> {
  await db.prepare("UPDATE crm_pushes SET state = 'failed', last_error = ? WHERE lead_id = ?").bind(error.slice(0, 500), leadId).run();
}

/** Pushes not yet confirmed whose window (from the lead, or from the operator's retry) is still open. */
export async function dueCrmPushes(db: D1Database, window: { since: string; until: string }, limit: number): Promise<string[]> {
  const rows = await db
    .prepare("SELECT lead_id FROM crm_pushes WHERE state != 'sent' AND COALESCE(retry_from, created_at) >= ? AND created_at <= ? ORDER BY created_at LIMIT ?")
    .bind(window.since, window.until, limit)
    .all<{ lead_id: string }>();
  return rows.results.map((r) => r.lead_id);
}

/** A push the CRM has not confirmed, as `npm run crm:outbox` lists it. */
export interface PendingCrmPush {
  lead_id: string;
  kind: string;
  state: string;
  tries: number;
  last_error: string | null;
  created_at: string;
  tried_at: string | null;
}

export async function pendingCrmPushes(db: D1Database): Promise<PendingCrmPush[]> {
  const rows = await db
    .prepare("SELECT p.lead_id, l.kind, p.state, p.tries, p.last_error, p.created_at, p.tried_at FROM crm_pushes p JOIN leads l ON l.id = p.lead_id WHERE p.state != 'sent' ORDER BY p.created_at")
    .all<PendingCrmPush>();
  return rows.results;
}

/** The operator's "try again": every unconfirmed push is due from now, whatever its age. */
export async function retryCrmPushes(db: D1Database, now: Date): Promise<number> {
  const marked = await db.prepare("UPDATE crm_pushes SET state = 'pending', retry_from = ? WHERE state != 'sent'").bind(now.toISOString()).run();
  return marked.meta.changes ?? 0;
}
