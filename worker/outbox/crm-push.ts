/**
 * Every request a visitor sends reaches the agency's CRM, once. It travels as its own queue
 * message, apart from the mails, so a CRM down for hours keeps no mail back and the
 * visitor's answer never waits on it. A push is claimed before the call and marked sent
 * after, so a message delivered twice makes one contact; Whise's upsert by e-mail makes the
 * rare retry of an answer lost in transit harmless too, and Omnicasa's contact carries the
 * lead's id in its comment for the agent to recognise it. The scheduled sweep retries what
 * failed for as long as it retries mails; `npm run crm:outbox` lists the rest.
 */
import * as z from 'zod';
import { boundedFetcher, PULL_LIMITS, type Fetcher, type PullLimits } from '../../content/crm-bounds.ts';
import { FORMS } from '../forms/registry.ts';
import { findLead } from '../forms/leads.ts';
import { leadProjectId, leadPropertyId, readStoredLead, type StoredLead } from '../forms/stored-lead.ts';
import { LEAD_SENDERS, type CrmContact } from '../crm/lead-senders.ts';
import { configuredFor, type CrmEnv } from '../crm/configured.ts';
import { slotStart } from '../visits/store.ts';
import { brusselsTime } from '../mail/brussels-time.ts';

export const CrmPushMessage = z.strictObject({ crmPush: z.strictObject({ leadId: z.string().min(1).max(64) }) });
export type CrmPushMessage = z.infer<typeof CrmPushMessage>;

/**
 * A lead as the CRM receives it. Every value the form read goes into the comment, labelled
 * with the field's name, so nothing the visitor said is lost in a CRM without that field.
 */
export function crmContactOf(lead: StoredLead, visitAt: string | null = null): CrmContact | null {
  const { row, data } = lead;
  if (!data) return null;
  // The form's fields by name, as its schema read them.
  const values = new Map<string, unknown>(Object.entries(data));
  const text = (key: string) => {
    const value = values.get(key);
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const fields = FORMS[row.kind].fields.filter((f) => f.kind !== 'hidden' && f.kind !== 'file');
  const lines = fields.flatMap((f) => {
    const value = values.get(f.name);
    if (value === undefined || value === '' || ['title', 'firstName', 'lastName', 'email', 'phone'].includes(f.name)) return [];
    // A booked visit reads as its time, in Brussels, not as the slot's id.
    if (f.name === 'slotId' && visitAt) return [`visit: ${brusselsTime(visitAt, 'fr')} (Europe/Brussels)`];
    return [`${f.name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`];
  });
  const [first, ...rest] = (text('name') ?? '').split(' ');
  const demand =
    'goal' in data && 'types' in data
      ? {
          goal: data.goal,
          typeIds: data.types.map(Number).filter(Number.isInteger),
          priceMin: data.minPrice ?? null,
          priceMax: data.maxPrice ?? null,
          minRooms: data.minBedrooms ?? null,
          maxRooms: data.maxBedrooms ?? null,
          zones: data.zones,
        }
      : null;
  return {
    ref: row.id,
    lang: row.lang,
    title: text('title'),
    firstName: text('firstName') ?? first ?? '',
    lastName: text('lastName') ?? rest.join(' '),
    email: text('email') ?? row.email,
    phone: text('phone'),
    propertyId: leadPropertyId(data),
    projectId: leadProjectId(data),
    subject: `Web: ${row.kind}`,
    comment: [...lines, `Web reference: ${row.id}`].join('\n'),
    demand,
  };
}

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
  env: CrmEnv & Pick<Env, 'DB'>,
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
  const contact = crmContactOf(stored, slotId ? await slotStart(env.DB, slotId) : null);
  try {
    if (!contact) throw new Error('the lead no longer fits its form: read it in npm run leads and enter it by hand');
    const ref = await crm.does(contact, crm.settings, boundedFetcher(fetcher, limits));
    await env.DB.prepare("UPDATE crm_pushes SET state = 'sent', sent_at = ?, crm_ref = ?, last_error = NULL WHERE lead_id = ?").bind(now.toISOString(), ref, leadId).run();
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
