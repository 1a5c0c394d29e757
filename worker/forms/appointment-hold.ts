/**
 * A visit request's booking, as the appointment form's hold: the place is taken before the
 * mail gate and the store (only a slot offered for this property, still to come, and, for an
 * hour of the agent's calendar, still free in it), confirmed once the request is stored (an
 * hour of the CRM's agenda is booked there first: the CRM has the last word on its place),
 * and given back when the request is refused or fails after the hold. Everything a booking
 * asks outside systems (the agenda re-read, the CRM's booking) shares one wait.
 */
import { limitsUntil } from '../../content/crm-bounds.ts';
import { markCrmPushed } from '../leads/crm-pushes.ts';
import { confirmAppointment, releasePlace, reservePlace } from '../visits/store.ts';
import { agendaCurrent, syncAgenda } from '../visits/agenda-sync.ts';
import { BOOKING_LIMITS, bookInCrm, VISITOR_WAIT_MS } from './crm-booking.ts';
import type { Held, HoldContext } from './step-context.ts';

const full = { refuse: [{ field: 'slotId', key: 'APPOINTMENTS_FULL' }] };

export async function holdVisit(ctx: HoldContext, booking: { slotId: string | null; propertyId: number | null }): Promise<{ refuse: { field: string; key: string }[] } | Held | null> {
  const { slotId, propertyId } = booking;
  if (!slotId) return null;
  const waitUntil = Date.now() + VISITOR_WAIT_MS;
  // An hour from the agent's calendar is checked against the calendar as it is now.
  const place = propertyId === null ? 'invalid' : !(await agendaCurrent(ctx.env, slotId, new Date(), fetch, waitUntil)) ? 'full' : await reservePlace(ctx.env.DB, slotId, propertyId);
  if (place === 'full') return full;
  if (place === 'invalid') return { refuse: [{ field: 'slotId', key: 'SLOT_INVALID' }] };
  const release = async () => {
    await releasePlace(ctx.env.DB, slotId).catch((error: unknown) => console.error('slot not released', slotId, error));
  };
  return {
    release,
    async confirm(leadId, toCrm) {
      const inCrm = toCrm ? await bookInCrm(ctx.env, { leadId, slotId }, fetch, limitsUntil(waitUntil, BOOKING_LIMITS)) : null;
      if (inCrm?.state === 'taken') {
        await release();
        // The slots shown with the refusal are the agenda as the CRM has it now.
        await syncAgenda(ctx.env, new Date(), fetch, waitUntil).catch(() => undefined);
        return full;
      }
      if (inCrm?.state === 'booked') await markCrmPushed(ctx.env.DB, leadId, inCrm.ref, new Date());
      if (inCrm?.state === 'unreachable') console.error('CRM booking deferred to the queue', leadId, inCrm.error);
      return { visit: await confirmAppointment(ctx.env.DB, slotId, leadId), sentToCrm: inCrm?.state === 'booked' };
    },
  };
}
