import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { publish, request } from './support.ts';

const SLOT = 'p2071-2030-01-07T09';

beforeAll(async () => {
  await publish();
  await env.DB.prepare('INSERT INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2071, ?, 5)').bind(SLOT, '2030-01-07T09:00:00.000Z').run();
});

function book(i: number): Promise<Response> {
  const body = new URLSearchParams({ lang: 'fr', back: '/fr/', firstName: `Visiteur${i}`, lastName: 'Test', email: `v${i}@example.be`, phone: '0475123456', propertyId: '2071', slotId: SLOT });
  return request('/forms/contact-appointment', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': `203.0.113.${i % 250}` },
    body: body.toString(),
  });
}

describe('online visit booking', () => {
  it('lists the open slots of a property', async () => {
    const data = await (await request('/api/slots?property=2071')).json<{ slots: { id: string; left: number }[] }>();
    expect(data.slots.find((s) => s.id === SLOT)?.left).toBe(5);
    expect((await request('/api/slots?property=abc')).status).toBe(400);
  });

  it('100 simultaneous bookings of a slot with capacity 5 accept exactly 5; the others are told it is full', async () => {
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => book(i)));
    const accepted = responses.filter((r) => r.status === 200);
    const full = responses.filter((r) => r.status === 422);
    expect(accepted.length).toBe(5);
    expect(full.length).toBe(95);
    expect(await full[0]?.json()).toEqual({ ok: false, errors: [{ field: 'slotId', key: 'APPOINTMENTS_FULL' }] });
    const slot = await env.DB.prepare('SELECT booked FROM appointment_slots WHERE id = ?').bind(SLOT).first<{ booked: number }>();
    expect(slot?.booked).toBe(5);
    const confirmed = await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments WHERE slot_id = ? AND status = 'confirmed'").bind(SLOT).first<{ n: number }>();
    expect(confirmed?.n).toBe(5);
    const data = await (await request('/api/slots?property=2071')).json<{ slots: { id: string }[] }>();
    expect(data.slots.some((s) => s.id === SLOT)).toBe(false);
  });
});
