import { PRIVACY_NOTICE_VERSION } from '../../domain/privacy/retention.ts';
import type { Lang } from '../../domain/lang.ts';
import type { FormName } from '../../domain/forms/schemas.ts';

/** A stored lead as the notifier reads it. */
export interface LeadRow {
  id: string;
  kind: FormName;
  lang: Lang;
  created_at: string;
  email: string | null;
  /** The listing or project the lead is about, as stored beside the payload: readable even when the payload no longer is. */
  property_id: number | null;
  project_id: number | null;
  payload: string;
  notified_at: string | null;
  /** The mail gate's pass for the address the visitor typed, when the form mails one. */
  mail_pass: string | null;
}

/**
 * Stores a lead; the answer to the visitor waits for this write. With `crm`, the push to the
 * agency's CRM is recorded in the same batch, so no accepted lead can miss its push.
 */
export async function insertLead(db: D1Database, lead: { kind: FormName; lang: Lang; data: Record<string, unknown>; mailPass?: string | null; crm?: boolean }): Promise<string> {
  const id = crypto.randomUUID();
  const email = typeof lead.data.email === 'string' ? lead.data.email : null;
  const propertyId = typeof lead.data.propertyId === 'number' ? lead.data.propertyId : null;
  const projectId = typeof lead.data.projectId === 'number' ? lead.data.projectId : null;
  const insert = db
    .prepare('INSERT INTO leads (id, kind, lang, email, property_id, project_id, payload, mail_pass, notice_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(id, lead.kind, lead.lang, email, propertyId, projectId, JSON.stringify(lead.data), lead.mailPass ?? null, PRIVACY_NOTICE_VERSION);
  await db.batch(lead.crm ? [insert, db.prepare('INSERT INTO crm_pushes (lead_id) VALUES (?)').bind(id)] : [insert]);
  return id;
}

/** The CRM has the lead: no delivery sends it again. */

/** A lead refused before the visitor was told it was accepted (its CRM had no place left): it never existed. */
export async function discardLead(db: D1Database, leadId: string): Promise<void> {
  await db.batch([db.prepare('DELETE FROM crm_pushes WHERE lead_id = ?').bind(leadId), db.prepare('DELETE FROM leads WHERE id = ?').bind(leadId)]);
}

export function findLead(db: D1Database, id: string): Promise<LeadRow | null> {
  return db.prepare('SELECT id, kind, lang, created_at, email, property_id, project_id, payload, notified_at, mail_pass FROM leads WHERE id = ?').bind(id).first<LeadRow>();
}

/** Many leads at once, by id (D1 binds at most 100 values per statement): one read per hundred, not one per lead. */
export async function leadsByIds(db: D1Database, ids: readonly string[]): Promise<Map<string, LeadRow>> {
  const found = new Map<string, LeadRow>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const rows = await db
      .prepare(`SELECT id, kind, lang, created_at, email, property_id, project_id, payload, notified_at, mail_pass FROM leads WHERE id IN (${chunk.map(() => '?').join(', ')})`)
      .bind(...chunk)
      .all<LeadRow>();
    for (const row of rows.results) found.set(row.id, row);
  }
  return found;
}

/** Marks the lead notified unless another delivery already did; true when this call won. */
export async function claimNotification(db: D1Database, id: string): Promise<boolean> {
  const result = await db
    .prepare(
      "UPDATE leads SET notified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), notify_tried_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), notify_attempts = notify_attempts + 1, notify_error = NULL WHERE id = ? AND notified_at IS NULL",
    )
    .bind(id)
    .run();
  return result.meta.changes === 1;
}

/** Undoes a claim when a mail could not be sent, keeping why, so a retry or the sweep sends what is missing. */
export async function recordNotifyFailure(db: D1Database, id: string, error: string): Promise<void> {
  await db.prepare('UPDATE leads SET notified_at = NULL, notify_error = ? WHERE id = ?').bind(error.slice(0, 1000), id).run();
}

/** True when this address already asked for the documents of this property or project. */
export async function alreadyRequested(db: D1Database, email: string, of: { propertyId: number | null; projectId: number | null }): Promise<boolean> {
  const column = of.propertyId !== null ? 'property_id' : 'project_id';
  const row = await db
    .prepare(`SELECT 1 AS found FROM leads WHERE kind = 'document-request' AND lower(email) = lower(?) AND ${column} = ? LIMIT 1`)
    .bind(email, of.propertyId ?? of.projectId)
    .first<{ found: number }>();
  return row !== null;
}

/**
 * Leads with a mail still missing, accepted between `since` and `until` (or marked for a
 * resend by the operator: never tried since), and not tried after `until`.
 */
export async function undeliveredLeads(db: D1Database, window: { since: string; until: string }, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      'SELECT id FROM leads WHERE notified_at IS NULL AND (created_at >= ?1 OR notify_tried_at IS NULL) AND created_at <= ?2 AND (notify_tried_at IS NULL OR notify_tried_at <= ?2) ORDER BY created_at LIMIT ?3',
    )
    .bind(window.since, window.until, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** How many leads accepted since `since` still wait for a mail. */
export async function undeliveredCount(db: D1Database, since: string): Promise<number> {
  return (await db.prepare('SELECT COUNT(*) AS n FROM leads WHERE notified_at IS NULL AND created_at >= ?').bind(since).first<{ n: number }>())?.n ?? 0;
}

/** Whether this mail of the lead went out already: each is sent once, whatever the retries. */
export async function leadMailSent(db: D1Database, leadId: string, mail: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS sent FROM lead_mails WHERE lead_id = ? AND mail = ?').bind(leadId, mail).first()) !== null;
}

/** Records that this mail of the lead went out. */
export async function recordLeadMail(db: D1Database, leadId: string, mail: string): Promise<void> {
  await db.prepare('INSERT OR IGNORE INTO lead_mails (lead_id, mail) VALUES (?, ?)').bind(leadId, mail).run();
}
