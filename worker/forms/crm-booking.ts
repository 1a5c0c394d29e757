/**
 * A visit booked on a slot from the CRM's agenda takes its place in the CRM before the site
 * confirms it: the contact request carries the CRM's visit moment, and the CRM says whether
 * the place is still free. An agent who gave that hour away a minute ago wins, and the visitor
 * is told the appointments are full with the slots as they are now. A CRM that cannot be
 * asked does not cost the visitor the visit: the site's own check already holds the place,
 * and the queued push books it in the CRM as soon as it answers (outbox/crm-push.ts).
 */
import { boundedFetcher, PULL_LIMITS, type Fetcher, type PullLimits } from '../../content/crm-bounds.ts';
import { CrmRefused } from '../../content/crm/answers.ts';
import { configuredFor, type CrmEnv } from '../crm/configured.ts';
import { slotOfBooking } from '../visits/store.ts';
import { crmContactOf } from './crm-contact.ts';
import { findLead } from '../leads/store.ts';
import { readStoredLead } from '../leads/stored-lead.ts';
import type { Bindings } from '../env.ts';

/** A visitor waits for this answer: a CRM silent for 8 s is asked again later, by the queue. */
export const BOOKING_LIMITS: PullLimits = { ...PULL_LIMITS, callMs: 8_000, runMs: 10_000 };

/** The longest a visitor booking a visit waits on outside systems, every call together (the agenda re-read included). */
export const VISITOR_WAIT_MS = 8_000;

export type CrmBooking = { state: 'booked'; ref: string | null } | { state: 'taken' } | { state: 'unreachable'; error: string } | { state: 'not-crm' };

export async function bookInCrm(env: CrmEnv & Pick<Bindings, 'DB'>, booking: { leadId: string; slotId: string }, fetcher: Fetcher = fetch, limits: PullLimits = BOOKING_LIMITS): Promise<CrmBooking> {
  const slot = await slotOfBooking(env.DB, booking.slotId);
  const crm = configuredFor(env, 'leads');
  if (!crm || slot?.source !== 'crm' || slot.externalId === null) return { state: 'not-crm' };
  const row = await findLead(env.DB, booking.leadId);
  const contact = row ? crmContactOf(readStoredLead(row), { startsAt: slot.startsAt, appointmentId: slot.externalId }) : null;
  if (!contact) return { state: 'not-crm' };
  try {
    return { state: 'booked', ref: await crm.does(contact, crm.settings, boundedFetcher(fetcher, limits)) };
  } catch (error) {
    if (error instanceof CrmRefused) return { state: 'taken' };
    return { state: 'unreachable', error: error instanceof Error ? error.message : String(error) };
  }
}
