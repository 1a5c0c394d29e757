/**
 * Reads the agency's published calendar into visit slots: on every scheduled run, and again
 * before a booking when the last read is older than AGENDA_FRESH_MINUTES, so a visitor never
 * books an hour the agent has since taken in their agenda. A calendar that cannot be read
 * leaves the slots as last read; past AGENDA_STALE_MINUTES without a read, its slots take no
 * booking (the visitor is told the appointments are full and sees the slots as they are).
 */
import { boundedFetcher, PULL_LIMITS, type Fetcher } from '../../content/crm-bounds.ts';
import { ContentRepository } from '../live/repository.ts';
import { agendaFailed, lastAgendaSync, replaceAgendaSlots, sourceOfSlot } from './agenda.ts';
import { slotsFromIcs } from './ics-agenda.ts';

export const AGENDA_FRESH_MINUTES = 5;
export const AGENDA_STALE_MINUTES = 20;
/** A calendar's answer: a few weeks of one agency's events, never more. */
const ICS_LIMITS = { ...PULL_LIMITS, callMs: 8_000, maxBytes: 4 * 1024 * 1024, runMs: 10_000 };

export type AgendaEnv = Pick<Env, 'DB' | 'CONTENT'> & { SLOTS_ICS_URL?: string | undefined };

export type AgendaSync = { status: 'off' } | { status: 'synced'; slots: number } | { status: 'failed'; error: string };

/** The listings a calendar may name, by reference: those a visit can still be booked for. */
async function bookableReferences(env: AgendaEnv): Promise<Map<string, number>> {
  const repo = await ContentRepository.open(env.CONTENT);
  const listing = await repo.listing((await repo.routing()).defaultLang);
  return new Map(listing.filter((c) => c.status === 'available' || c.status === 'option').map((c) => [c.reference, c.id]));
}

export async function syncIcsAgenda(env: AgendaEnv, now: Date, fetcher: Fetcher = fetch): Promise<AgendaSync> {
  if (!env.SLOTS_ICS_URL) return { status: 'off' };
  try {
    const response = await boundedFetcher(fetcher, ICS_LIMITS)(env.SLOTS_ICS_URL, { headers: { Accept: 'text/calendar' } });
    if (!response.ok) throw new Error(`the calendar answered ${response.status}`);
    const slots = slotsFromIcs(await response.text(), await bookableReferences(env), now);
    return { status: 'synced', slots: await replaceAgendaSlots(env.DB, 'ics', slots, now) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await agendaFailed(env.DB, 'ics', message).catch(() => undefined);
    return { status: 'failed', error: message };
  }
}

/**
 * Before a booking: the slot's agenda as the agent has it now. False when the agent has
 * taken the hour since, or when its calendar could not be read for too long: it takes no booking.
 */
export async function agendaCurrent(env: AgendaEnv, slotId: string, now: Date, fetcher: Fetcher = fetch): Promise<boolean> {
  if ((await sourceOfSlot(env.DB, slotId)) !== 'ics') return true;
  const minutesSince = async () => {
    const last = await lastAgendaSync(env.DB, 'ics');
    return last ? (now.getTime() - last.getTime()) / 60_000 : Infinity;
  };
  if ((await minutesSince()) <= AGENDA_FRESH_MINUTES) return true;
  await syncIcsAgenda(env, now, fetcher);
  // Gone from the calendar just now: the agent took the hour.
  if ((await sourceOfSlot(env.DB, slotId)) === null) return false;
  return (await minutesSince()) <= AGENDA_STALE_MINUTES;
}
