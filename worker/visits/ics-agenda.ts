/**
 * Visit slots from the calendar the agency publishes (RFC 5545, the "secret address in iCal
 * format" Google Calendar, Outlook and every agenda give): each event whose summary or
 * location names a listing's reference ("Visites VI-2046") offers its hours for visits of
 * that listing, one place per hour unless the event says `X-VITRINE-PLACES`. Recurring
 * events are expanded, cancelled ones and exceptions honoured, and times read in the
 * calendar's own time zones (Mozilla's ical.js does the reading).
 */
import ICAL from 'ical.js';
import type { AgendaSlot } from './agenda.ts';

/** How far ahead the site offers slots: the agenda beyond is read again later. */
export const AGENDA_DAYS = 42;
const HOUR = 3_600_000;

/** An instant from a calendar time: its zone's when the calendar gives one, Brussels for a floating time. */
function instant(time: ICAL.Time): Date {
  if (time.zone && time.zone.tzid !== 'floating') return time.toJSDate();
  const asUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const brussels = new Date(new Date(asUtc).toLocaleString('en-US', { timeZone: 'Europe/Brussels' }));
  const utc = new Date(new Date(asUtc).toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(asUtc - (brussels.getTime() - utc.getTime()));
}

/** The listing an event is for: the first known reference its summary or location names as a word. */
function listingOf(event: ICAL.Event, references: ReadonlyMap<string, number>): number | null {
  const words = `${event.summary ?? ''} ${event.location ?? ''}`.toUpperCase();
  for (const [reference, id] of references) if (new RegExp(`(^|[^A-Z0-9-])${reference.toUpperCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Z0-9-])`).test(words)) return id;
  return null;
}

/** The agent holding the hours: the event's organizer by name (`ORGANIZER;CN=Marie Dubois:mailto:…`), never their address. */
function agentOf(vevent: ICAL.Component): string | null {
  const name = vevent.getFirstProperty('organizer')?.getParameter('cn');
  const text = (Array.isArray(name) ? name[0] : name)?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return text ? text.slice(0, 80) : null;
}

/**
 * The slots a calendar offers from `now` for AGENDA_DAYS: each hour an event covers (an
 * event of 10:00–12:00 offers 10:00 and 11:00; one of 10:00–10:30 offers 10:00). Throws on a text that is not a
 * calendar, so a broken feed never empties the agenda.
 */
export function slotsFromIcs(text: string, references: ReadonlyMap<string, number>, now: Date): AgendaSlot[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error('not a calendar (no VCALENDAR)');
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const until = now.getTime() + AGENDA_DAYS * 24 * HOUR;
  const vevents = calendar.getAllSubcomponents('vevent');
  // Moved or cancelled occurrences of a series are their own VEVENTs with a RECURRENCE-ID.
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id'));
  const slots: AgendaSlot[] = [];
  for (const vevent of vevents) {
    const event = new ICAL.Event(vevent, { exceptions: vevent.hasProperty('recurrence-id') ? [] : exceptions.filter((e) => e.getFirstPropertyValue('uid') === vevent.getFirstPropertyValue('uid')) });
    if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
    if (event.isRecurrenceException()) continue;
    const propertyId = listingOf(event, references);
    if (propertyId === null) continue;
    const places = Math.max(1, Math.min(50, Number.parseInt(String(vevent.getFirstPropertyValue('x-vitrine-places') ?? '1'), 10) || 1));
    const agent = agentOf(vevent);
    const occurrences: { start: Date; end: Date; uid: string; places: number; cancelled: boolean }[] = [];
    if (event.isRecurring()) {
      const iterator = event.iterator();
      for (let next = iterator.next(); next && instant(next).getTime() < until; next = iterator.next()) {
        const details = event.getOccurrenceDetails(next);
        const status = String(details.item.component.getFirstPropertyValue('status') ?? '').toUpperCase();
        occurrences.push({ start: instant(details.startDate), end: instant(details.endDate), uid: `${event.uid}/${next.toString()}`, places, cancelled: status === 'CANCELLED' });
      }
    } else occurrences.push({ start: instant(event.startDate), end: instant(event.endDate), uid: event.uid, places, cancelled: false });
    for (const o of occurrences) {
      if (o.cancelled || o.end.getTime() <= now.getTime() || o.start.getTime() >= until) continue;
      // A visit starts on the hour: every hour mark within the event that a whole hour follows,
      // and the event's own start when it is on the hour (a visit of half an hour at 10:00).
      const [start, end] = [o.start.getTime(), o.end.getTime()];
      for (let at = Math.ceil(start / HOUR) * HOUR; at < end && at < until; at += HOUR)
        if (at > now.getTime() && (at + HOUR <= end || at === start)) slots.push({ propertyId, startsAt: new Date(at).toISOString(), places: o.places, externalId: o.uid, agent });
    }
  }
  return slots;
}
