/**
 * Attacks on the visitor forms and on the isolate's memory, performed through the real
 * worker: the site as an open mail relay, an inbox flooded from the agency's domain, a
 * re-subscription without consent, a slot of one property booked on another, impossible
 * dates, document requests that tell who asked for what, dictionary and query-string
 * floods, and visit counts inflated by changing the user agent.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brusselsToday } from '../../domain/rules/calendar-date.ts';
import { app } from '../../worker/index.ts';
import { renderedPages } from '../../worker/pages/routes.tsx';
import { ContentRepository } from '../../worker/live/repository.ts';
import { forgetSalt } from '../../worker/owners/page-views.ts';
import { MAIL_BUDGETS } from '../../worker/mail/gate.ts';
import { publish } from './support.ts';

const MAILS_PER_RECIPIENT_PER_DAY = MAIL_BUDGETS.visitor.perRecipient;
const MAILS_PER_SENDER_PER_DAY = MAIL_BUDGETS.visitor.perSender ?? 0;

const ORIGIN = 'https://vitrine.test';
const SAME_ORIGIN = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';

let ip = 0;
const nextIp = () => `203.0.113.${++ip % 250}`;

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`${ORIGIN}${path}`, init, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function post(form: string, fields: Record<string, string>, address = nextIp()): Promise<Response> {
  return call(`/forms/${form}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'CF-Connecting-IP': address, ...SAME_ORIGIN },
    body: new URLSearchParams({ lang: 'fr', back: '/fr/', ...fields }).toString(),
  });
}

async function count(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? -1;
}

const friend = (fields: Record<string, string> = {}) => ({ name: 'Marie', email: 'marie@example.be', friendEmail: 'ami@example.be', message: 'Regarde !', propertyId: '2071', ...fields });

beforeAll(async () => {
  await publish();
});

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM leads'), env.DB.prepare('DELETE FROM mail_quota'), env.DB.prepare('DELETE FROM newsletter_subscribers')]);
});

describe('send to a friend is no open relay', () => {
  it.each([
    ['a property that does not exist', { propertyId: '999999' }],
    ['no property at all', { propertyId: '' }],
  ])('%s: refused with a localized message, nothing stored or sent', async (_, fields) => {
    const response = await post('send-to-friend', friend(fields));
    expect(response.status).toBe(422);
    const body = await response.json<{ errors: { key: string }[] }>();
    expect(body.errors.map((e) => e.key)).toEqual(['PROPERTY_NOT_ONLINE']);
    expect(await count('SELECT COUNT(*) AS n FROM leads')).toBe(0);
  });

  it('a note longer than a short note is refused', async () => {
    const response = await post('send-to-friend', friend({ message: 'x'.repeat(501) }));
    expect(response.status).toBe(422);
  });
});

describe('mail to a typed address is limited', () => {
  it(`one recipient gets at most ${MAILS_PER_RECIPIENT_PER_DAY} mails a day, whoever asks; the next is refused and nothing is stored`, async () => {
    for (let i = 0; i < MAILS_PER_RECIPIENT_PER_DAY; i++) expect((await post('send-to-friend', friend({ email: `sender${i}@example.be` }))).status).toBe(200);
    const refused = await post('send-to-friend', friend({ email: 'another@example.be' }));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ ok: false, errors: [{ field: 'friendEmail', key: 'MAIL_LIMIT_REACHED' }] });
    expect(await count("SELECT COUNT(*) AS n FROM leads WHERE kind = 'send-to-friend'")).toBe(MAILS_PER_RECIPIENT_PER_DAY);
    // The newsletter's confirmation counts against the same recipient.
    expect((await post('sign-newsletter', { email: 'AMI@example.be' })).status).toBe(429);
  });

  it(`one sending network has the site mail at most ${MAILS_PER_SENDER_PER_DAY} typed addresses a day`, async () => {
    // Hosts of one IPv6 /64: one network to the mail budget, each under the per-minute form limit.
    const statuses: number[] = [];
    for (let i = 0; i <= MAILS_PER_SENDER_PER_DAY; i++) statuses.push((await post('send-to-friend', friend({ friendEmail: `friend${i}@example.be` }), `2001:db8:7:7::${i + 1}`)).status);
    expect(
      statuses.slice(0, MAILS_PER_SENDER_PER_DAY).every((s) => s === 200),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('without JavaScript the refusal is the form page again, localized, with what was typed', async () => {
    for (let i = 0; i < MAILS_PER_RECIPIENT_PER_DAY; i++) await post('send-to-friend', friend({ email: `s${i}@example.be` }));
    const back = (await (await ContentRepository.open(env.CONTENT)).listing('nl')).find((c) => c.id === 2071)?.path ?? '';
    const page = await call('/forms/send-to-friend', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': nextIp(), ...SAME_ORIGIN },
      body: new URLSearchParams({ lang: 'nl', back, ...friend() }).toString(),
    });
    expect(page.status).toBe(429);
    const html = await page.text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain('Dit adres kreeg vandaag al zoveel berichten');
    expect(html).toContain('value="ami@example.be"');
  });
});

describe('newsletter consent', () => {
  it('a sign-up is pending until confirmed; an address that unsubscribed is not subscribed again without a new confirmation', async () => {
    expect((await post('sign-newsletter', { email: 'lea@example.be' })).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE email = 'lea@example.be' AND status = 'pending'")).toBe(1);
    // Confirmed, then unsubscribed.
    await env.DB.prepare("UPDATE newsletter_subscribers SET status = 'confirmed', confirm_token = NULL, unsubscribed_at = '2026-11-01T00:00:00Z' WHERE email = 'lea@example.be'").run();
    expect((await post('sign-newsletter', { email: 'lea@example.be' })).status).toBe(200);
    const row = await env.DB.prepare("SELECT status, unsubscribed_at FROM newsletter_subscribers WHERE email = 'lea@example.be'").first<{ status: string; unsubscribed_at: string | null }>();
    expect(row).toEqual({ status: 'pending', unsubscribed_at: '2026-11-01T00:00:00Z' });
  });
});

describe('visit booking', () => {
  const SLOT_2071 = 'p2071-2030-02-04T09';
  const PAST_2058 = 'p2058-2020-02-04T09';
  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare('INSERT OR IGNORE INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2071, ?, 5)').bind(SLOT_2071, '2030-02-04T09:00:00.000Z'),
      env.DB.prepare('INSERT OR IGNORE INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2058, ?, 5)').bind(PAST_2058, '2020-02-04T09:00:00.000Z'),
    ]);
  });
  const book = (propertyId: string, slotId: string) =>
    post('contact-appointment', { title: 'ms', firstName: 'A', lastName: 'B', email: `v${++ip}@example.be`, phone: '0475123456', propertyId, slotId });

  it.each([
    ['a slot of property 2071 on property 2058', '2058', SLOT_2071],
    ['a slot that has passed', '2058', PAST_2058],
    ['a slot that was never offered', '2058', 'p2058-2030-02-04T09'],
    ['a slot without a property', '', SLOT_2071],
  ])('%s is refused (SLOT_INVALID) and takes no place', async (_, propertyId, slotId) => {
    const response = await book(propertyId, slotId);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: 'slotId', key: 'SLOT_INVALID' }] });
    expect(await count(`SELECT booked AS n FROM appointment_slots WHERE id = '${SLOT_2071}'`)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM leads')).toBe(0);
  });

  it('the slot of the property itself is booked', async () => {
    expect((await book('2071', SLOT_2071)).status).toBe(200);
    expect(await count(`SELECT booked AS n FROM appointment_slots WHERE id = '${SLOT_2071}'`)).toBe(1);
  });
});

describe('dates', () => {
  const offer = (signingDate: string, validUntil = '2027-12-31') =>
    post('purchase-offer', {
      title: 'ms',
      startDate: '2027-01-01',
      buyerA: 'Anne Petit',
      email: 'anne@example.be',
      phone: '0475123456',
      amount: '200000',
      amountWords: 'deux cent mille',
      signingDate,
      binding: 'yes',
      validUntil,
      place: 'Namur',
      propertyId: '2071',
    });
  it.each(['2027-02-30', '2027-00-10', '2027-13-01', '9999-01-01', '0202-05-01'])('the signing date %s is refused with the field message, nothing stored', async (date) => {
    const response = await offer(date);
    expect(response.status).toBe(422);
    expect((await response.json<{ errors: unknown[] }>()).errors).toContainEqual({ field: 'signingDate', key: 'DATE_INVALID' });
    expect(await count('SELECT COUNT(*) AS n FROM leads')).toBe(0);
  });

  it('a real date passes', async () => {
    expect((await offer('2027-02-28')).status).toBe(200);
  });

  const rental = (movingDate: string) =>
    post('rental-application', { title: 'ms', firstName: 'A', lastName: 'B', email: 'a@example.be', phone: '0475123456', adults: '2', income1: '2500', movingDate, propertyId: '2090' });

  it('a moving date of a rental application is checked the same way', async () => {
    const response = await rental('2027-02-29');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: 'movingDate', key: 'DATE_INVALID' }] });
  });

  it.each([
    ['ten days ago', 10],
    ['yesterday in Belgium', 1],
  ])('a move in the past (%s) is refused with its own message, nothing stored', async (_when, days) => {
    const day = brusselsToday(new Date(Date.now() - days * 86_400_000));
    const response = await rental(day);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: 'movingDate', key: 'MOVING_DATE_PAST' }] });
    expect(await count('SELECT COUNT(*) AS n FROM leads')).toBe(0);
  });

  it('a move today in Belgium is taken', async () => {
    expect((await rental(brusselsToday())).status).toBe(200);
  });
});

describe('a purchase offer warns the buyer before it binds them', () => {
  it('is refused until the buyer says they have read that an accepted offer makes the sale', async () => {
    const response = await post('purchase-offer', {
      title: 'ms',
      startDate: '2027-01-01',
      buyerA: 'Anne Petit',
      email: 'anne@example.be',
      phone: '0475123456',
      amount: '200000',
      amountWords: 'deux cent mille',
      signingDate: '2027-01-02',
      validUntil: '2027-01-20',
      place: 'Namur',
      propertyId: '2071',
    });
    expect(response.status).toBe(422);
    expect((await response.json<{ errors: unknown[] }>()).errors).toContainEqual({ field: 'binding', key: 'OFFER_BINDING_REQUIRED' });
    expect(await count('SELECT COUNT(*) AS n FROM leads')).toBe(0);
  });
});

describe('document requests tell a stranger nothing', () => {
  it('a known property, a second request and an unknown property all get the same answer; only the first is stored', async () => {
    const ask = (propertyId: string) => post('document-request', { name: 'Eve', email: 'eve@example.be', propertyId });
    const answers = [await ask('2071'), await ask('2071'), await ask('999999')];
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM leads WHERE kind = 'document-request'")).toBe(1);
  });
});

describe('memory the requests cannot fill', () => {
  it('the dictionary of a made-up version is limited per address like any API call', async () => {
    const statuses: number[] = [];
    // More than twice the limit (120 a minute): a minute's boundary falling among them still leaves one minute over it.
    for (let i = 0; i < 250; i++) statuses.push((await call(`/api/dictionary/20991231T000000Z-${String(i).padStart(8, '0')}/fr`, { headers: { 'CF-Connecting-IP': '198.18.9.9' } })).status);
    expect(statuses.slice(0, 100).every((s) => s === 404)).toBe(true);
    expect(statuses).toContain(429);
  });

  it("the live version's dictionary stays unlimited for the same address", async () => {
    const version = (await (await ContentRepository.open(env.CONTENT)).site('fr')).dictionaryVersion;
    for (let i = 0; i < 130; i++) await call(`/api/dictionary/20991231T000000Z-${String(i).padStart(8, '0')}/fr`, { headers: { 'CF-Connecting-IP': '198.18.9.10' } });
    expect((await call(`/api/dictionary/${version}/fr`, { headers: { 'CF-Connecting-IP': '198.18.9.10' } })).status).toBe(200);
  });

  it('a made-up query string renders the page but keeps nothing in the page cache', async () => {
    await call('/fr/a-vendre/', { headers: { 'User-Agent': BROWSER } });
    const before = renderedPages.size;
    for (let i = 0; i < 20; i++) {
      const response = await call(`/fr/a-vendre/?utm_campaign=${i}&x${i}=1`, { headers: { 'User-Agent': BROWSER } });
      expect(response.status).toBe(200);
    }
    expect(renderedPages.size).toBe(before);
  });

  it.each([
    ['a town the catalogue lacks', '/fr/a-vendre/?city=zz1', 200],
    ['a town written as a domain name', '/fr/a-vendre/?city=www.evil.example', 200],
    ['a type the catalogue lacks', '/fr/a-vendre/?type=9999', 200],
    ['a price no filter offers', '/fr/a-vendre/?min=123457', 200],
    ['a page past the last', '/fr/a-vendre/?page=999', 200],
    ['a path that does not exist', '/fr/nope-abc/', 404],
    ['a list filter on a page that is no list', '/fr/?city=ciney', 200],
  ])('%s is answered and never kept: the second request renders it again', async (_what, path, status) => {
    const first = await call(path, { headers: { 'User-Agent': BROWSER } });
    expect(first.status).toBe(status);
    const second = await call(path, { headers: { 'User-Agent': BROWSER } });
    expect(second.headers.get('Server-Timing')).toBe('page;desc="rendered"');
  });

  it('a filter value the catalogue has is kept: the page the site links to is served from the cache', async () => {
    await call('/fr/a-vendre/?city=ciney&sort=price-asc', { headers: { 'User-Agent': BROWSER } });
    const again = await call('/fr/a-vendre/?city=ciney&sort=price-asc', { headers: { 'User-Agent': BROWSER } });
    expect(again.headers.get('Server-Timing')).toBe('page;desc="cached"');
  });

  it('a forged Host creates no cache entry and gets no page', async () => {
    const before = renderedPages.size;
    const ctx = createExecutionContext();
    const response = await app.request('https://evil.example/fr/a-louer/', { headers: { 'User-Agent': BROWSER } }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(421);
    expect(renderedPages.size).toBe(before);
  });
});

describe('visit statistics', () => {
  it('one visitor counts once per property and day, whatever user agent it sends', async () => {
    forgetSalt();
    await env.DB.batch([env.DB.prepare('DELETE FROM visit_seen'), env.DB.prepare('DELETE FROM property_visits WHERE property_id = 2071')]);
    const path = (await (await ContentRepository.open(env.CONTENT)).listing('fr')).find((c) => c.id === 2071)?.path ?? '';
    for (let i = 0; i < 5; i++) expect((await call(path, { headers: { 'User-Agent': `${BROWSER} build/${i}`, 'CF-Connecting-IP': '198.18.4.4' } })).status).toBe(200);
    expect(await count('SELECT SUM(visits) AS n FROM property_visits WHERE property_id = 2071')).toBe(1);
  });
});
