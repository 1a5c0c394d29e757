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

describe('the visitor confirmation of a booked visit', () => {
  const RENTAL_SLOT = 'p2101-2030-01-08T13';

  it('states when and, for a rental, the conditions with their amounts, in the visitor language', async () => {
    await env.DB.prepare('INSERT INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2101, ?, 5)').bind(RENTAL_SLOT, '2030-01-08T13:00:00.000Z').run();
    const body = new URLSearchParams({ lang: 'nl', back: '/nl/', firstName: 'Lies', lastName: 'Peeters', email: 'lies@example.be', phone: '0475123456', propertyId: '2101', slotId: RENTAL_SLOT });
    const response = await request('/forms/contact-appointment', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': '203.0.113.251' },
      body: body.toString(),
    });
    expect(response.status).toBe(200);
    const lead = await env.DB.prepare("SELECT id FROM leads WHERE email = 'lies@example.be'").first<{ id: string }>();
    const sent: { to: string; raw: string }[] = [];
    const { notifyLead } = await import('../../worker/forms/notify.ts');
    await notifyLead(
      { DB: env.DB, CONTENT: env.CONTENT, EMAIL: env.EMAIL, MAIL_FROM: env.MAIL_FROM, AGENCY_INBOX: env.AGENCY_INBOX, SITE_ORIGIN: 'https://vitrine.test' },
      lead?.id ?? '',
      async (_from, to, raw) => void sent.push({ to, raw: typeof raw === 'string' ? raw : raw.text }),
    );
    expect(sent.map((m) => m.to)).toEqual([env.AGENCY_INBOX, 'lies@example.be']);
    const text = new TextDecoder().decode(Uint8Array.from(atob((sent[1]?.raw.split('\r\n\r\n')[1] ?? '').replace(/\r\n/g, '')), (ch) => ch.charCodeAt(0)));
    // 8 January 2030 13:00 UTC is 14:00 in Brussels.
    expect(text).toContain('8 januari 2030');
    expect(text).toContain('14:00');
    expect(text).toContain('https://vitrine.test/nl/');
    // Rent 1,150, charges 130: income 3 × 1,280 = 3,840 → 3,850; deposit as listed; half the inventory of 200.
    for (const amount of ['€ 3.850', '€ 1.150', '€ 130', '€ 100', '€ 3.450']) expect(text).toContain(amount);
    expect(sent[1]?.raw).toContain(`Reply-To: ${env.AGENCY_INBOX}`);
  });
});
