/**
 * Visit slots from the agency's published calendar (a fake calendar server answering as
 * Google Calendar's secret iCal address does): the scheduled run offers its hours on the
 * listing, a booking checks the calendar as it is now, an hour the agent took is never
 * booked, a visitor's booking survives the event's removal, and a calendar down for long
 * takes no booking. Plus the operator's own slots (`npm run slots`).
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/index.ts';
import { publish } from './support.ts';
import { syncAgenda, type AgendaEnv } from '../../worker/visits/agenda-sync.ts';
import { addSlot, listSlots, removeSlot, slotId } from '../../worker/visits/agenda.ts';

const ICS_URL = 'https://calendar.fake/agency/private-3f9a/basic.ics';
const agendaEnv = { ...env, SLOTS_ICS_URL: ICS_URL } as AgendaEnv & Env;
const calendar = { up: true, events: [] as string[], reads: 0 };

/** An hour `days` from now at `hour` UTC, as the site stores it. */
function hourAhead(days: number, hour: number): { iso: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return { iso: at.toISOString() };
}
const icsTime = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const visitEvent = (uid: string, reference: string, start: { iso: string }, hours = 1) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261120T090000Z',
    `SUMMARY:Visites ${reference}`,
    `DTSTART:${icsTime(Date.parse(start.iso))}`,
    `DTEND:${icsTime(Date.parse(start.iso) + hours * 3_600_000)}`,
    'END:VEVENT',
  ].join('\r\n');
const ics = () => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', ...calendar.events, 'END:VCALENDAR'].join('\r\n');

const realFetch = globalThis.fetch;
beforeAll(async () => {
  await publish();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== ICS_URL) return realFetch(input, init);
    calendar.reads += 1;
    return calendar.up ? new Response(ics(), { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } }) : new Response('Service Unavailable', { status: 503 });
  });
});
afterAll(() => {
  vi.restoreAllMocks();
});
beforeEach(async () => {
  calendar.up = true;
  calendar.events = [];
  await env.DB.prepare("DELETE FROM appointments WHERE slot_id IN (SELECT id FROM appointment_slots WHERE source = 'ics')").run();
  await env.DB.prepare("DELETE FROM appointment_slots WHERE source = 'ics'").run();
  await env.DB.prepare('DELETE FROM agenda_syncs').run();
});

let visitor = 0;
async function book(propertyId: number, slot: string): Promise<Response> {
  const body = new URLSearchParams({
    lang: 'fr',
    back: '/fr/',
    title: 'ms',
    firstName: 'Anne',
    lastName: 'Agenda',
    email: `agenda${++visitor}@example.be`,
    phone: '0475123456',
    propertyId: String(propertyId),
    slotId: slot,
  });
  const ctx = createExecutionContext();
  const response = await app.request(
    'https://vitrine.test/forms/contact-appointment',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': `203.0.113.${visitor}` },
      body: body.toString(),
    },
    agendaEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
const offered = async (propertyId: number) => {
  const ctx = createExecutionContext();
  const response = await app.request(`https://vitrine.test/api/slots?property=${propertyId}`, {}, agendaEnv, ctx);
  await waitOnExecutionContext(ctx);
  return (await response.json<{ slots: { id: string; left: number }[] }>()).slots;
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('visit slots from the agency’s calendar', () => {
  it('the scheduled run offers the calendar’s hours on the listing it names, and a visitor books one', async () => {
    const ten = hourAhead(3, 9);
    calendar.events = [visitEvent('a', 'VI-2046', ten, 2)];
    expect(await syncAgenda(agendaEnv, new Date())).toEqual({ status: 'synced', slots: 2 });
    const slots = await offered(2046);
    const id = slotId(2046, ten.iso);
    expect(slots.find((s) => s.id === id)?.left).toBe(1);
    expect((await book(2046, id)).status).toBe(200);
    // One place an hour: the next visitor finds it taken.
    expect((await offered(2046)).some((s) => s.id === id)).toBe(false);
    expect(await (await book(2046, id)).json()).toEqual({ ok: false, errors: [{ field: 'slotId', key: 'APPOINTMENTS_FULL' }] });
  });

  it('the agent takes the hour in the calendar: a booking a while later reads the calendar again and is refused, never double-booked', async () => {
    const hour = hourAhead(4, 13);
    calendar.events = [visitEvent('b', 'VI-2046', hour)];
    await syncAgenda(agendaEnv, minutesAgo(10));
    const id = slotId(2046, hour.iso);
    // The agent gave the hour to a buyer by phone and removed the visit event.
    calendar.events = [];
    const reads = calendar.reads;
    const refused = await book(2046, id);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ ok: false, errors: [{ field: 'slotId', key: 'APPOINTMENTS_FULL' }] });
    expect(calendar.reads).toBe(reads + 1);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE slot_id = ?').bind(id).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it('a booking within minutes of the last read does not wait on the calendar', async () => {
    const hour = hourAhead(5, 9);
    calendar.events = [visitEvent('c', 'VI-2046', hour)];
    await syncAgenda(agendaEnv, new Date());
    const reads = calendar.reads;
    expect((await book(2046, slotId(2046, hour.iso))).status).toBe(200);
    expect(calendar.reads).toBe(reads);
  });

  it('a visit already booked stays when the agent later removes the event; the hour offers no more places', async () => {
    const hour = hourAhead(6, 9);
    calendar.events = [visitEvent('d', 'LO-2085', hour)];
    await syncAgenda(agendaEnv, new Date());
    const id = slotId(2085, hour.iso);
    expect((await book(2085, id)).status).toBe(200);
    calendar.events = [];
    await syncAgenda(agendaEnv, new Date());
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments WHERE slot_id = ? AND status = 'confirmed'").bind(id).first<{ n: number }>()).toEqual({ n: 1 });
    expect((await offered(2085)).some((s) => s.id === id)).toBe(false);
  });

  it('a calendar down keeps the hours as last read; after twenty minutes without a read they take no booking', async () => {
    const [first, second] = [hourAhead(7, 9), hourAhead(7, 10)];
    calendar.events = [visitEvent('e', 'VI-2046', first, 2)];
    await syncAgenda(agendaEnv, minutesAgo(10));
    calendar.up = false;
    expect((await syncAgenda(agendaEnv, minutesAgo(8))).status).toBe('failed');
    // Ten minutes old and unreadable now: still within the twenty minutes, the booking goes through.
    expect((await book(2046, slotId(2046, first.iso))).status).toBe(200);
    await env.DB.prepare("UPDATE agenda_syncs SET synced_at = ? WHERE source = 'ics'").bind(minutesAgo(30).toISOString()).run();
    expect((await book(2046, slotId(2046, second.iso))).status).toBe(422);
    expect(await env.DB.prepare('SELECT error FROM agenda_syncs').first<{ error: string }>()).toMatchObject({ error: expect.stringMatching(/503/) });
  });

  it('a page that is not a calendar empties nothing', async () => {
    const hour = hourAhead(8, 9);
    calendar.events = [visitEvent('f', 'VI-2046', hour)];
    await syncAgenda(agendaEnv, new Date());
    calendar.events = ['<html>'];
    expect((await syncAgenda(agendaEnv, new Date())).status).toBe('failed');
    expect((await offered(2046)).some((s) => s.id === slotId(2046, hour.iso))).toBe(true);
  });
});

describe('the operator’s own slots (npm run slots)', () => {
  it('adds an hour, lists it, and removes it; a booked hour is closed, never deleted', async () => {
    const hour = hourAhead(9, 9).iso;
    const id = await addSlot(env.DB, { propertyId: 2071, startsAt: hour, places: 2 });
    expect((await listSlots(env.DB, new Date(), 2071)).find((s) => s.id === id)).toMatchObject({ capacity: 2, booked: 0, source: 'site', closed: 0 });
    expect(await removeSlot(env.DB, id)).toBe('removed');
    await addSlot(env.DB, { propertyId: 2071, startsAt: hour, places: 2 });
    expect((await book(2071, id)).status).toBe(200);
    expect(await removeSlot(env.DB, id)).toBe('closed');
    expect((await offered(2071)).some((s) => s.id === id)).toBe(false);
    expect(await removeSlot(env.DB, 'p1-2030-01-01T09')).toBe('unknown');
  });
});
