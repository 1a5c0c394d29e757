/**
 * Every request a visitor sends reaches the agency's CRM, once. It travels as its own queue
 * message, apart from the mails, so a CRM down for hours keeps no mail back and the
 * visitor's answer never waits on it. A push is claimed before the call and marked sent
 * after, so a message delivered twice makes one contact; each CRM's request carries the lead's
 * web reference for the agent to recognise a rare retry of an answer lost in transit. The scheduled sweep retries what
 * failed for as long as it retries mails; `npm run crm:outbox` lists the rest.
 */
import { boundedFetcher, PULL_LIMITS, type Fetcher, type PullLimits } from '../../content/crm-bounds.ts';
import { CrmRefused } from '../../content/crm/answers.ts';
import { FORMS } from '../forms/registry.ts';
import { findLead } from '../leads/store.ts';
import { claimPush, markCrmPushed, markPushFailed } from '../leads/crm-pushes.ts';
import { readStoredLead } from '../leads/stored-lead.ts';
import { crmContactOf, type CrmVisit } from '../forms/crm-contact.ts';
import { configuredFor, type CrmEnv } from '../crm/configured.ts';
import { listingRef } from '../crm/listing-refs.ts';
import { slotOfBooking } from '../visits/store.ts';
import type { Bindings } from '../env.ts';

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
  const crm = configuredFor(env, 'leads');
  if (!crm) return 'no-crm';
  const row = await findLead(env.DB, leadId);
  if (!row || !FORMS[row.kind].crm) return 'unknown';
  if (!(await claimPush(env.DB, leadId, now))) return 'already-sent';
  const stored = readStoredLead(row);
  const slotId = stored.data && 'slotId' in stored.data ? stored.data.slotId : undefined;
  const slot = slotId ? await slotOfBooking(env.DB, slotId) : null;
  // A slot from the CRM's agenda is booked there with the contact; the CRM could not be asked when the visitor booked.
  const visit: CrmVisit | null = slot ? { startsAt: slot.startsAt, appointmentId: slot.source === 'crm' ? slot.externalId : null } : null;
  const read = crmContactOf(stored, visit);
  // A CRM that names its listings by ids of its own is told its own.
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
    await markPushFailed(env.DB, leadId, String(error));
    throw error;
  }
}
