/**
 * Every request a visitor sends reaches the agency's CRM, once. It travels as its own queue
 * message, apart from the mails, so a CRM down for hours keeps no mail back and the
 * visitor's answer never waits on it. A push is claimed before the call and marked sent
 * after, so a message delivered twice makes one contact; Whise's upsert by e-mail makes the
 * rare retry of an answer lost in transit harmless too, and Omnicasa's contact carries the
 * lead's id in its comment for the agent to recognise it. The scheduled sweep retries what
 * failed for as long as it retries mails; `npm run crm:outbox` lists the rest.
 */
import { boundedFetcher, PULL_LIMITS, type Fetcher, type PullLimits } from '../../content/crm-bounds.ts';
import { CrmRefused } from '../../content/crm-api.ts';
import { FORMS } from '../forms/registry.ts';
import { findLead, markCrmPushed } from '../forms/leads.ts';
import { readStoredLead } from '../forms/stored-lead.ts';
import { crmContactOf, type CrmVisit } from '../forms/crm-contact.ts';
import { LEAD_SENDERS } from '../crm/lead-senders.ts';
import { configuredFor, type CrmEnv } from '../crm/configured.ts';
import { listingRef } from '../crm/listing-refs.ts';
import { slotOfBooking } from '../visits/store.ts';
import type { Bindings } from '../env.ts';

/** Takes the push for this delivery: false when it is sent, or another delivery works on it now. */
async function claim(db: D1Database, leadId: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - 5 * 60_000).toISOString();
  const taken = await db
    .prepare("UPDATE crm_pushes SET state = 'sending', tried_at = ?, tries = tries + 1 WHERE lead_id = ? AND (state IN ('pending', 'failed') OR (state = 'sending' AND tried_at < ?))")
    .bind(now.toISOString(), leadId, stale)
    .run();
  return taken.meta.changes === 1;
}

/**
 * Sends one lead to the CRM, once. Throws when the CRM failed, after recording why, so the
 * queue (or the sweep) tries again later.
 */
export async function pushLead(
  env: CrmEnv & Pick<Bindings, 'DB'>,
  leadId: string,
  fetcher: Fetcher = fetch,
  now = new Date(),
  /** A CRM call's limits: a silent CRM is given up on within 20 s, and tried again later. */
  limits: PullLimits = PULL_LIMITS,
): Promise<'sent' | 'already-sent' | 'unknown' | 'no-crm'> {
  const crm = configuredFor(env, LEAD_SENDERS);
  if (!crm) return 'no-crm';
  const row = await findLead(env.DB, leadId);
  if (!row || !FORMS[row.kind].crm) return 'unknown';
  if (!(await claim(env.DB, leadId, now))) return 'already-sent';
  const stored = readStoredLead(row);
  const slotId = stored.data && 'slotId' in stored.data ? stored.data.slotId : undefined;
  const slot = slotId ? await slotOfBooking(env.DB, slotId) : null;
  // A slot from the CRM's agenda is booked there with the contact; the CRM could not be asked when the visitor booked.
  const visit: CrmVisit | null = slot ? { startsAt: slot.startsAt, appointmentId: slot.source === 'crm' ? slot.externalId : null } : null;
  const read = crmContactOf(stored, visit);
  // A CRM that names its listings by ids of its own (SweepBright) is told its own.
  const contact = read && read.propertyId !== null ? { ...read, propertyRef: await listingRef(env.DB, read.propertyId) } : read;
  try {
    if (!contact) throw new Error('the lead no longer fits its form: read it in npm run leads and enter it by hand');
    const send = boundedFetcher(fetcher, limits);
    let ref: string | null;
    try {
      ref = await crm.does(contact, crm.settings, send);
    } catch (error) {
      // The place went to someone else before this push reached the CRM: the contact still arrives, and the agent agrees another hour.
      if (!(error instanceof CrmRefused) || !visit || contact.appointmentId === null) throw error;
      const retold = crmContactOf(stored, { ...visit, appointmentId: null, note: '- the agenda had no place left at that hour: call the visitor to agree another' });
      if (!retold) throw error;
      ref = await crm.does(retold, crm.settings, send);
    }
    await markCrmPushed(env.DB, leadId, ref, now);
    return 'sent';
  } catch (error) {
    await env.DB.prepare("UPDATE crm_pushes SET state = 'failed', last_error = ? WHERE lead_id = ?").bind(String(error).slice(0, 500), leadId).run();
    throw error;
  }
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
