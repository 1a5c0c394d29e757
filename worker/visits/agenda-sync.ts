/**
 * Reads the agents' agenda into visit slots: the CRM's when it keeps agendas (its
 * adapter's `agenda`), otherwise the calendar the agency publishes (ICS). On every
 * scheduled run, and again before a booking when the last read is older than
 * AGENDA_FRESH_MINUTES, so a visitor never books an hour the agent has since taken. An
 * agenda that cannot be read leaves the slots as last read; past AGENDA_STALE_MINUTES
 * without a read, its slots take no booking (the visitor is told the appointments are full
 * and sees the slots as they are). A CRM slot is then booked in the CRM itself, which has the
 * last word (forms/crm-booking.ts).
 */
import { boundedFetcher, limitsUntil, PULL_LIMITS, type Fetcher, type PullLimits } from '../../content/crm-bounds.ts';
import { ContentRepository } from '../live/repository.ts';
import { agendaFailed, lastAgendaSync, replaceAgendaSlots, sourceOfSlot, type AgendaSlot } from './agenda.ts';
import { slotsFromIcs } from './ics-agenda.ts';
import { configuredFor, type CrmEnv } from '../crm/configured.ts';
import type { Bindings } from '../env.ts';

export const AGENDA_FRESH_MINUTES = 5;
export const AGENDA_STALE_MINUTES = 20;
/** A calendar's answer: a few weeks of one agency's events, never more. */
const ICS_LIMITS = { ...PULL_LIMITS, callMs: 8_000, maxBytes: 4 * 1024 * 1024, runMs: 10_000 };

export type AgendaEnv = Pick<Bindings, 'DB' | 'CONTENT'> & CrmEnv & { SLOTS_ICS_URL?: string | undefined };

export type AgendaSync = { status: 'off' } | { status: 'synced'; slots: number } | { status: 'failed'; error: string };

/** The listings a calendar may name, by reference: those a visit can still be booked for. */
async function bookableReferences(env: AgendaEnv): Promise<Map<string, number>> {
  const repo = await ContentRepository.open(env.CONTENT);
  const listing = await repo.listing((await repo.routing()).defaultLang);
  return new Map(listing.filter((c) => c.status === 'available' || c.status === 'option').map((c) => [c.reference, c.id]));
}

/** Where the agents' agenda is read from: the CRM when it keeps agendas, else the published calendar, else nowhere. */
function agendaOf(env: AgendaEnv, deadline: number | null): { source: 'crm' | 'ics'; read: (fetcher: Fetcher, bookable: Map<string, number>, now: Date) => Promise<AgendaSlot[]> } | null {
  // While a visitor waits, every call shares what is left of their wait.
  const within = (base: PullLimits): PullLimits => (deadline === null ? base : limitsUntil(deadline, base));
  const crm = configuredFor(env, 'agenda');
  if (crm) {
    return {
      source: 'crm',
      read: async (fetcher, bookable) => {
        const ids = new Set(bookable.values());
        const moments = await crm.does.read(crm.settings, boundedFetcher(fetcher, within(PULL_LIMITS)));
        return moments.filter((m) => ids.has(m.propertyId));
      },
    };
  }
  const url = env.SLOTS_ICS_URL;
  if (!url) return null;
  return {
    source: 'ics',
    read: async (fetcher, bookable, now) => {
      const response = await boundedFetcher(fetcher, within(ICS_LIMITS))(url, { headers: { Accept: 'text/calendar' } });
      if (!response.ok) throw new Error(`the calendar answered ${response.status}`);
      return slotsFromIcs(await response.text(), bookable, now);
    },
  };
}

export async function syncAgenda(
  env: AgendaEnv,
  now: Date,
  fetcher: Fetcher = fetch,
  /** When a visitor is waiting: the moment (ms) every call must have answered by. */
  deadline: number | null = null,
): Promise<AgendaSync> {
  const agenda = agendaOf(env, deadline);
  if (!agenda) return { status: 'off' };
  try {
    const slots = await agenda.read(fetcher, await bookableReferences(env), now);
    return { status: 'synced', slots: await replaceAgendaSlots(env.DB, agenda.source, slots, now) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await agendaFailed(env.DB, agenda.source, message).catch(() => undefined);
    return { status: 'failed', error: message };
  }
}

/**
 * Before a booking: the slot's agenda as the agent has it now. False when the agent has
 * taken the hour since, or when its calendar could not be read for too long: it takes no booking.
 */
export async function agendaCurrent(env: AgendaEnv, slotId: string, now: Date, fetcher: Fetcher = fetch, deadline: number | null = null): Promise<boolean> {
  const source = await sourceOfSlot(env.DB, slotId);
  if (source !== 'ics' && source !== 'crm') return true;
  const minutesSince = async () => {
    const last = await lastAgendaSync(env.DB, source);
    return last ? (now.getTime() - last.getTime()) / 60_000 : Infinity;
  };
  if ((await minutesSince()) <= AGENDA_FRESH_MINUTES) return true;
  await syncAgenda(env, now, fetcher, deadline);
  // Gone from the calendar just now: the agent took the hour.
  if ((await sourceOfSlot(env.DB, slotId)) === null) return false;
  return (await minutesSince()) <= AGENDA_STALE_MINUTES;
}
