/**
 * The agency's calendar of the visits booked on the site: its agents subscribe to it, so
 * an hour a visitor booked shows in their agenda before they give it to anyone else. It
 * names people: only its secret address answers.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { app } from '../../worker/index.ts';
import { publish } from './support.ts';

const TOKEN = 'a'.repeat(20) + 'agenda-feed-secret-0123456789';
const withFeed = { ...env, AGENDA_FEED_TOKEN: TOKEN } as Env;

async function get(path: string, bindings: Env = withFeed): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://vitrine.test${path}`, {}, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function book(slot: string, i: number): Promise<string> {
  const body = new URLSearchParams({
    lang: 'fr',
    back: '/fr/',
    title: 'ms',
    firstName: `Visiteuse${i}`,
    lastName: 'Agenda',
    email: `agenda.feed${i}@example.be`,
    phone: '0475 12 34 56',
    propertyId: '2071',
    slotId: slot,
  });
  const ctx = createExecutionContext();
  const response = await app.request(
    'https://vitrine.test/forms/contact-appointment',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': `203.0.113.${100 + i}` },
      body: body.toString(),
    },
    withFeed,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return (await env.DB.prepare('SELECT a.token FROM appointments a JOIN leads l ON l.id = a.lead_id WHERE l.email = ?').bind(`agenda.feed${i}@example.be`).first<{ token: string }>())?.token ?? '';
}

const SLOT = 'p2071-2030-02-04T09';

beforeAll(async () => {
  await publish();
  await env.DB.prepare('INSERT OR IGNORE INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2071, ?, 3)').bind(SLOT, '2030-02-04T09:00:00.000Z').run();
});

describe('the agency’s calendar of booked visits', () => {
  it('lists each visit booked on the site with its listing, visitor and phone; a cancelled one is marked so calendars drop it', async () => {
    await book(SLOT, 1);
    const cancelled = await book(SLOT, 2);
    await env.DB.prepare("UPDATE appointments SET status = 'cancelled' WHERE token = ?").bind(cancelled).run();
    const response = await get(`/agenda/${TOKEN}/visits.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/calendar');
    expect(response.headers.get('Cache-Control')).toContain('no-store');
    // Read back as a calendar application reads it.
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const mine = events.filter((e) => e.startDate.toJSDate().toISOString() === '2030-02-04T09:00:00.000Z');
    expect(mine.map((e) => e.summary).sort()).toEqual([expect.stringMatching(/VI-2071 – Visiteuse1 Agenda$/), expect.stringMatching(/VI-2071 – Visiteuse2 Agenda$/)]);
    expect(mine.find((e) => e.summary.includes('Visiteuse1'))?.description).toContain('0475 12 34 56');
    expect(mine.find((e) => e.summary.includes('Visiteuse2'))?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(mine.find((e) => e.summary.includes('Visiteuse1'))?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it.each([
    ['a wrong address', `/agenda/${'b'.repeat(49)}/visits.ics`, withFeed],
    ['the right address one character short', `/agenda/${TOKEN.slice(0, -1)}/visits.ics`, withFeed],
    ['no feed configured', `/agenda/${TOKEN}/visits.ics`, { ...env, AGENDA_FEED_TOKEN: '' } as Env],
    ['a short secret configured', `/agenda/short/visits.ics`, { ...env, AGENDA_FEED_TOKEN: 'short' } as Env],
  ])('answers 404 and names no one for %s', async (_name, path, bindings) => {
    const response = await get(path, bindings);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/Visiteuse|BEGIN:VCALENDAR/);
  });
});
