import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { publish, request } from './support.ts';
import { MAIL_BUDGETS } from '../../worker/mail/gate.ts';

const SLOT = 'p2071-2030-01-07T09';

beforeAll(async () => {
  await publish();
  await env.DB.prepare('INSERT INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2071, ?, 5)').bind(SLOT, '2030-01-07T09:00:00.000Z').run();
});

function book(i: number): Promise<Response> {
  const body = new URLSearchParams({
    lang: 'fr',
    back: '/fr/',
    title: 'ms',
    firstName: `Visiteur${i}`,
    lastName: 'Test',
    email: `v${i}@example.be`,
    phone: '0475123456',
    propertyId: '2071',
    slotId: SLOT,
  });
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

  it('states when, where, who receives the visitor and, for a rental, the conditions with their amounts, in the visitor language', async () => {
    await env.DB.prepare("INSERT INTO appointment_slots (id, property_id, starts_at, capacity, agent) VALUES (?, 2101, ?, 5, 'Marie Dubois')").bind(RENTAL_SLOT, '2030-01-08T13:00:00.000Z').run();
    const body = new URLSearchParams({
      lang: 'nl',
      back: '/nl/',
      title: 'ms',
      firstName: 'Lies',
      lastName: 'Peeters',
      email: 'lies@example.be',
      phone: '0475123456',
      propertyId: '2101',
      slotId: RENTAL_SLOT,
    });
    const response = await request('/forms/contact-appointment', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': '203.0.113.251' },
      body: body.toString(),
    });
    expect(response.status).toBe(200);
    const lead = await env.DB.prepare("SELECT id FROM leads WHERE email = 'lies@example.be'").first<{ id: string }>();
    const sent: { to: string; text: string; replyTo: string | undefined }[] = [];
    const { notifyLead } = await import('../../worker/outbox/consumer.tsx');
    await notifyLead(
      { DB: env.DB, CONTENT: env.CONTENT, EMAIL: env.EMAIL, MAIL_FROM: env.MAIL_FROM, AGENCY_INBOX: env.AGENCY_INBOX, SITE_ORIGIN: 'https://vitrine.test' },
      lead?.id ?? '',
      async (_from, to, mail) => void sent.push({ to, text: mail.text, replyTo: mail.replyTo }),
    );
    expect(sent.map((m) => m.to)).toEqual([env.AGENCY_INBOX, 'lies@example.be']);
    // The agency (in the site's language) reads the visit as a field, "Rendez-vous : …", not as the form's prompt to choose one.
    expect(sent[0]?.text).toMatch(/Rendez-vous\u00a0?: [^\n]*2030/);
    expect(sent[0]?.text).not.toMatch(/Choisissez un créneau/);
    const text = sent[1]?.text ?? '';
    // 8 January 2030 13:00 UTC is 14:00 in Brussels.
    expect(text).toContain('8 januari 2030');
    expect(text).toContain('14:00');
    expect(text).toContain('https://vitrine.test/nl/');
    // Where to go and who will be there: the address the listing publishes, the agent holding the hour.
    expect(text).toContain('Adres van het bezoek: Rue Émile Vandervelde 158 bte 11, 5030 Gembloers');
    expect(text).toMatch(/U wordt ontvangen door: Marie Dubois, [^\n]+ – \+?[\d ]+/);
    // Links are buttons with their words; no address is printed as a bare 90-character line.
    expect(text.split('\n').filter((line) => /^https?:\/\/\S+$/.test(line.trim()))).toEqual([]);
    // Rent 1,150, charges 130: income 3 × 1,280 = 3,840 → 3,850; deposit as listed; half the inventory of 200.
    for (const amount of ['€ 3.850', '€ 1.150', '€ 130', '€ 100', '€ 3.450']) expect(text).toContain(amount);
    expect(sent[1]?.replyTo).toBe(env.AGENCY_INBOX);
    // The calendar file and the cancel link of this very visit.
    expect(text).toMatch(/\.ics\): https:\/\/vitrine\.test\/visits\/[0-9a-f]{64}\/visit\.ics/);
    expect(text).toMatch(/annuleren: https:\/\/vitrine\.test\/visits\/[0-9a-f]{64}\/cancel\//);
  });
});

describe('booking a visit, as a visitor without JavaScript does it', () => {
  const DAY_SLOTS = ['p2071-2030-02-04T09', 'p2071-2030-02-04T13', 'p2071-2030-02-05T09'];
  const person = { title: 'ms', firstName: 'Anne', lastName: 'Lambert', email: 'anne@example.be', phone: '0475123456', propertyId: '2071' };
  let propertyPath = '';

  function post(fields: Record<string, string>, ip: string, accept = 'text/html'): Promise<Response> {
    return request('/forms/contact-appointment', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: accept, 'CF-Connecting-IP': ip },
      body: new URLSearchParams({ lang: 'fr', back: propertyPath, ...person, ...fields }).toString(),
      redirect: 'manual',
    });
  }

  beforeAll(async () => {
    for (const [i, id] of DAY_SLOTS.entries()) {
      await env.DB.prepare('INSERT INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2071, ?, ?)')
        .bind(id, `${id.slice(6, 16)}T${id.slice(17)}:00:00.000Z`, i === 2 ? 1 : 3)
        .run();
    }
    const list = await (await request('/api/page?lang=fr&path=/fr/a-vendre/')).text();
    propertyPath = /"path":"(\/fr\/a-vendre\/[^"]+\/2071\/)"/.exec(list)?.[1] ?? '';
    expect(propertyPath).not.toBe('');
  });

  it('the page asked with ?book=1 offers the slots as radio buttons by day, none chosen in advance', async () => {
    const html = await (await request(`${propertyPath}?book=1`)).text();
    const days = [...html.matchAll(/<fieldset class="slots__day"><legend>([^<]+)<\/legend>/g)].map((m) => m[1]);
    expect(days).toEqual(['Lundi 4 février', 'Mardi 5 février']);
    const radios = [...html.matchAll(/<input type="radio"[^>]*name="slotId"[^>]*>/g)].map((m) => m[0]);
    expect(radios).toHaveLength(3);
    expect(radios.some((r) => r.includes('checked'))).toBe(false);
    expect(radios.every((r) => r.includes('required'))).toBe(true);
    // 4 February 2030 09:00 UTC is 10:00 in Brussels.
    expect(html.replace(/<!-- -->/g, '')).toContain('10:00 · encore 3 places');
    // Without ?book=1 the cached page links to them instead.
    expect(await (await request(propertyPath)).text()).toContain(`href="${propertyPath}?book=1#visit"`);
  });

  it('a visit without a chosen slot is refused with the slots shown again, and nothing is booked', async () => {
    const response = await post({}, '203.0.113.60');
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Choisissez un créneau');
    expect(html).toMatch(/<input type="radio"[^>]*name="slotId"/);
    const booked = await env.DB.prepare("SELECT SUM(booked) AS n FROM appointment_slots WHERE id LIKE 'p2071-2030-02-%'").first<{ n: number }>();
    expect(booked?.n).toBe(0);
  });

  it('a chosen slot is booked; the thank-you page states the day and time, offers the .ics file and a cancel link that gives the place back', async () => {
    const response = await post({ slotId: DAY_SLOTS[1] ?? '' }, '203.0.113.61');
    expect(response.status).toBe(303);
    const location = response.headers.get('Location') ?? '';
    expect(location).toMatch(/^\/fr\/merci\/contact-appointment\/\?visit=[0-9a-f]{64}$/);
    const thanks = await (await request(location)).text();
    expect(thanks).toContain('Votre visite est réservée le lundi 4 février 2030 à 14:00');
    const ics = /href="(\/visits\/[0-9a-f]{64}\/visit\.ics)"/.exec(thanks)?.[1] ?? '';
    const cancel = /href="(\/visits\/[0-9a-f]{64}\/cancel\/)"/.exec(thanks)?.[1] ?? '';
    const calendar = await request(ics);
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const file = await calendar.text();
    expect(file).toContain('DTSTART:20300204T130000Z');
    expect(file).toContain('DTEND:20300204T133000Z');
    // The cancel link opens a page with a button; only its POST cancels.
    const page = await request(cancel);
    expect(await page.text()).toContain('Oui, annuler la visite');
    const left = async () => (await env.DB.prepare('SELECT booked FROM appointment_slots WHERE id = ?').bind(DAY_SLOTS[1]).first<{ booked: number }>())?.booked;
    expect(await left()).toBe(1);
    const cancelled = await request(cancel, { method: 'POST', headers: { Origin: 'https://vitrine.test' } });
    expect(await cancelled.text()).toContain('Votre visite est annulée');
    expect(await left()).toBe(0);
    // Twice is once; the calendar file of a cancelled visit is gone.
    expect(await (await request(cancel, { method: 'POST', headers: { Origin: 'https://vitrine.test' } })).text()).toContain('Cette visite est annulée');
    expect((await request(ics)).status).toBe(404);
    expect(await left()).toBe(0);
  });

  it('a slot taken meanwhile: "appointments full", with the slots as they are now', async () => {
    expect((await post({ slotId: DAY_SLOTS[2] ?? '' }, '203.0.113.62')).status).toBe(303);
    const response = await post({ slotId: DAY_SLOTS[2] ?? '' }, '203.0.113.63');
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toMatch(/complet/i);
    expect(html).not.toContain(`value="${DAY_SLOTS[2]}"`);
  });

  it('a forged visit secret shows nothing of anyone', async () => {
    const forged = `/visits/${'0'.repeat(64)}/cancel/`;
    expect((await request(forged)).status).toBe(404);
    expect((await request(`/visits/${'0'.repeat(64)}/visit.ics`)).status).toBe(404);
    expect((await request('/visits/nothex/visit.ics')).status).toBe(404);
    expect(await (await request(`/fr/merci/contact-appointment/?visit=${'0'.repeat(64)}`)).text()).toContain('pas (ou plus) valable');
  });
});

describe('the mail budget of a booking', () => {
  const FULL = 'p2071-2030-03-04T09';
  const OPEN = 'p2071-2030-03-05T09';
  const person = { lang: 'fr', back: '/fr/', title: 'mr', firstName: 'Paul', lastName: 'Martin', phone: '0475123456', propertyId: '2071' };
  const ask = (email: string, slotId: string, ip: string) =>
    request('/forms/contact-appointment', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': ip },
      body: new URLSearchParams({ ...person, email, slotId }).toString(),
    });
  const booked = async (id: string) => (await env.DB.prepare('SELECT booked FROM appointment_slots WHERE id = ?').bind(id).first<{ booked: number }>())?.booked;

  beforeAll(async () => {
    await env.DB.prepare('INSERT INTO appointment_slots (id, property_id, starts_at, capacity, booked) VALUES (?, 2071, ?, 2, 2)').bind(FULL, '2030-03-04T09:00:00.000Z').run();
    await env.DB.prepare('INSERT INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2071, ?, 5)').bind(OPEN, '2030-03-05T09:00:00.000Z').run();
  });

  it('a booking refused because its slot is full costs the visitor no mail: they can still book another', async () => {
    // More tries than the day's mails to one address: each is told the slot is full.
    for (let i = 0; i < 5; i++) expect((await ask('paul.full@example.be', FULL, `198.18.0.${i + 1}`)).status).toBe(422);
    expect((await ask('paul.full@example.be', OPEN, '198.18.0.9')).status).toBe(200);
    expect(await booked(OPEN)).toBe(1);
  });

  it('a booking past its address’s mail budget is still booked; only its confirmation is held back', async () => {
    for (let i = 0; i < 3; i++) expect((await ask('paul.many@example.be', OPEN, `198.18.1.${i + 1}`)).status).toBe(200);
    const before = await booked(OPEN);
    const fourth = await ask('paul.many@example.be', OPEN, '198.18.1.9');
    expect(fourth.status).toBe(200);
    expect(await booked(OPEN)).toBe((before ?? 0) + 1);
    const unmailed = await env.DB.prepare("SELECT COUNT(*) AS n FROM leads WHERE email = 'paul.many@example.be' AND mail_pass IS NULL").first<{ n: number }>();
    expect(unmailed?.n).toBe(1);
  });
});

describe('many days of slots on a phone', () => {
  const days = ['2030-04-01', '2030-04-02', '2030-04-03', '2030-04-04', '2030-04-05', '2030-04-08'];
  let path = '';

  beforeAll(async () => {
    for (const day of days)
      for (const hour of ['09', '13'])
        await env.DB.prepare('INSERT INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2041, ?, 2)').bind(`p2041-${day}T${hour}`, `${day}T${hour}:00:00.000Z`).run();
    const response = await request('/property/2041/', { headers: { 'Accept-Language': 'fr' }, redirect: 'manual' });
    path = new URL(response.headers.get('Location') ?? '/', 'https://vitrine.test').pathname;
  });

  it('shows the first three days, the others behind one “more days” fold', async () => {
    const html = (await (await request(`${path}?book=1`)).text()).replace(/<!-- -->/g, '');
    const [shown = '', folded = ''] = html.split('<details class="slots__more"');
    expect([...shown.matchAll(/<fieldset class="slots__day"><legend>([^<]+)<\/legend>/g)].map((m) => m[1])).toEqual(['Lundi 1 avril', 'Mardi 2 avril', 'Mercredi 3 avril']);
    expect(folded).toMatch(/^><summary>3 jours de plus<\/summary>/);
    expect([...folded.matchAll(/<fieldset class="slots__day"><legend>([^<]+)<\/legend>/g)].map((m) => m[1])).toEqual(['Jeudi 4 avril', 'Vendredi 5 avril', 'Lundi 8 avril']);
    // One label target only: the first slot of the first day.
    expect(html.match(/id="contact-appointment-slotId"/g)?.length).toBe(1);
  });

  it('a refused form whose chosen slot is in the fold comes back with the fold open on it', async () => {
    const response = await request('/forms/contact-appointment', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', 'CF-Connecting-IP': '198.18.2.1' },
      body: new URLSearchParams({
        lang: 'fr',
        back: path,
        title: 'ms',
        firstName: 'Eva',
        lastName: '',
        email: 'eva@example.be',
        phone: '0475123456',
        propertyId: '2041',
        slotId: 'p2041-2030-04-08T13',
      }).toString(),
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('<details class="slots__more" open="">');
    expect(html.match(/<input[^>]*p2041-2030-04-08T13[^>]*>/)?.[0]).toContain('checked');
  });
});

describe('no visitor refused for another’s traffic', () => {
  const slotsOn = async (day: string, count: number) => {
    const ids = Array.from({ length: count }, (_, i) => `p2071-${day}T${String(8 + (i % 10)).padStart(2, '0')}`).slice(0, count);
    await env.DB.batch(
      ids.map((id) => env.DB.prepare('INSERT OR IGNORE INTO appointment_slots (id, property_id, starts_at, capacity) VALUES (?, 2071, ?, 3)').bind(id, `${day}T${id.slice(-2)}:00:00.000Z`)),
    );
    return ids;
  };
  const bookFrom = (address: string, slot: string, who: string) =>
    request('/forms/contact-appointment', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': address },
      body: new URLSearchParams({
        lang: 'fr',
        back: '/fr/',
        title: 'mr',
        firstName: who,
        lastName: 'Bureau',
        email: `${who}@bureau.example.be`,
        phone: '0475123456',
        propertyId: '2071',
        slotId: slot,
      }).toString(),
    });
  const stored = async (like: string) =>
    (await env.DB.prepare('SELECT COUNT(*) AS n, COUNT(mail_pass) AS mailed FROM leads WHERE email LIKE ?').bind(like).first<{ n: number; mailed: number }>()) ?? { n: 0, mailed: 0 };

  it('seven visitors behind one office address book seven visits, each stored, each confirmed', async () => {
    const slots = await slotsOn('2031-03-03', 7);
    const statuses: number[] = [];
    for (const [i, slot] of slots.entries()) statuses.push((await bookFrom('198.51.100.77', slot, `office-a${i}`)).status);
    expect(statuses).toEqual(Array<number>(7).fill(200));
    expect(await stored('office-a%@bureau.example.be')).toEqual({ n: 7, mailed: 7 });
  });

  it('past the network’s mail budget, visits are still booked and reach the agency; only the confirmations are held back', async () => {
    // One network (an IPv6 /64 office), many hosts: the per-minute form limit is per host, the mail budget per network.
    const perNetwork = MAIL_BUDGETS.visitor.perSender ?? 0;
    const slots = [...(await slotsOn('2031-03-04', 10)), ...(await slotsOn('2031-03-05', 10)), ...(await slotsOn('2031-03-06', 10))].slice(0, perNetwork + 5);
    const statuses: number[] = [];
    for (const [i, slot] of slots.entries()) statuses.push((await bookFrom(`2001:db8:77:1::${i + 1}`, slot, `office-b${i}`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await stored('office-b%@bureau.example.be')).toEqual({ n: perNetwork + 5, mailed: perNetwork });
  });

  it('a request that is no booking says on the page that its confirmation could not go, and is stored', async () => {
    const perNetwork = MAIL_BUDGETS.visitor.perSender ?? 0;
    const send = (i: number) =>
      request('/forms/contact-construction', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'application/json', 'CF-Connecting-IP': `2001:db8:78:1::${i + 1}` },
        body: new URLSearchParams({
          lang: 'fr',
          back: '/fr/',
          title: 'ms',
          firstName: 'Anne',
          lastName: `Projet${i}`,
          email: `projet${i}@example.be`,
          phone: '0475123456',
          projectId: '9001',
        }).toString(),
      });
    for (let i = 0; i < perNetwork; i++) expect((await send(i)).status).toBe(200);
    const held = await send(perNetwork);
    expect(held.status).toBe(200);
    expect(await held.json()).toEqual({ ok: true, messageKey: 'THANKS_MAIL_HELD' });
    expect(await stored(`projet${perNetwork}@example.be`)).toEqual({ n: 1, mailed: 0 });
  });

  it('without JavaScript, a request whose confirmation is held is answered 303 to its thank-you page, which says so: a reload posts nothing again', async () => {
    const perNetwork = MAIL_BUDGETS.visitor.perSender ?? 0;
    const send = (i: number) =>
      request('/forms/contact-construction', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'text/html', 'CF-Connecting-IP': `2001:db8:79:1::${i + 1}` },
        body: new URLSearchParams({ lang: 'nl', back: '/nl/', title: 'ms', firstName: 'Anne', lastName: `Prg${i}`, email: `prg${i}@example.be`, phone: '0475123456', projectId: '9001' }).toString(),
      });
    for (let i = 0; i < perNetwork; i++) expect((await send(i)).status).toBe(303);
    const held = await send(perNetwork);
    expect(held.status).toBe(303);
    const location = held.headers.get('Location') ?? '';
    expect(location).toMatch(/^\/nl\/bedankt\/contact-construction\/\?mail=held$/);
    const page = await request(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toMatch(/bevestiging/i);
    expect(await stored(`prg${perNetwork}@example.be`)).toEqual({ n: 1, mailed: 0 });
  });

  it('without JavaScript, a form with no thank-you page of its own lands on one it may reload, in the visitor’s language', async () => {
    const response = await request('/forms/document-request', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: 'text/html', 'CF-Connecting-IP': '2001:db8:7a:1::1' },
      body: new URLSearchParams({ lang: 'de', back: '/de/', name: 'Anne Docs', email: 'docs.prg@example.be', propertyId: '2071' }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/forms/document-request/sent/?lang=de');
    const page = await request('/forms/document-request/sent/?lang=de');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="de"');
    expect((await request('/forms/not-a-form/sent/?lang=de')).status).toBe(404);
  });
});

describe('a project sent to a friend', () => {
  it('is thanked as a project, not as a property, with and without JavaScript', async () => {
    const body = (ip: string, accept: string) => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://vitrine.test', Accept: accept, 'CF-Connecting-IP': ip },
      body: new URLSearchParams({ lang: 'fr', back: '/fr/', name: 'Marie', email: 'marie.projet@example.be', friendEmail: 'ami.projet@example.be', message: 'Regarde', projectId: '9001' }).toString(),
    });
    const html = await request('/forms/send-to-friend', body('2001:db8:7b:1::1', 'text/html'));
    expect(html.status).toBe(303);
    const location = html.headers.get('Location') ?? '';
    expect(location).toBe('/fr/merci/send-to-friend/?shared=project');
    const page = await (await request(location)).text();
    expect(page).toContain('Le projet a été envoyé à votre ami par e-mail.');
    expect(page).not.toContain('Le bien a été envoyé');
    const json = await request('/forms/send-to-friend', body('2001:db8:7b:2::1', 'application/json'));
    expect(await json.json()).toEqual({ ok: true, redirect: '/fr/merci/send-to-friend/?shared=project' });
  });
});
