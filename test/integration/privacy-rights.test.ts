/**
 * A visitor exercising their rights through the real worker: the address asked, a single-use
 * link mailed, everything held shown and exported, "erase everything" leaving nothing of
 * theirs in D1, R2 or the mail log, and the agency told what to erase in its CRM.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { publish, request } from './support.ts';
import { pdf } from '../fixtures/files.ts';
import { dispatch, notifyLead } from '../../worker/outbox/consumer.tsx';
import { readMessage } from '../../worker/queues/messages.ts';
import { app } from '../../worker/index.ts';
import { PRIVACY_NOTICE_VERSION } from '../../domain/privacy/retention.ts';

const ORIGIN = 'https://vitrine.test';
const EMAIL = 'Lies.Rights@example.be';
let visitor = 0;
const sent: { to: string; subject: string; text: string }[] = [];
const queued: unknown[] = [];
const capturing = {
  ...env,
  EMAIL: { send: async (m: { to: string; subject: string; text: string }) => (sent.push(m), { messageId: `m${sent.length}` }) },
  NOTIFY: { send: async (body: unknown) => void queued.push(body), sendBatch: async (messages: { body: unknown }[]) => void queued.push(...messages.map((m) => m.body)) },
} as unknown as Env;

/** The outbox's consumer run over what was queued, as the queue would: each message read through the union, then sent. */
async function deliverQueued(bindings: Env = capturing): Promise<void> {
  for (const body of queued.splice(0)) {
    const message = readMessage(body);
    if (!message) throw new Error(`unreadable queue message ${JSON.stringify(body)}`);
    await dispatch(message, bindings);
  }
}

function post(path: string, fields: Record<string, string> | FormData, bindings: Env = env): Promise<Response> {
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
  return request(path, { method: 'POST', headers: { Origin: ORIGIN, 'CF-Connecting-IP': `198.51.100.${++visitor % 250}` }, body }, bindings);
}

const person = { lang: 'fr', back: '/fr/', title: 'ms', firstName: 'Lies', lastName: 'Peeters', email: EMAIL, phone: '0475123456' };
const count = async (sql: string) => (await env.DB.prepare(sql).bind(EMAIL).first<{ n: number }>())?.n ?? 0;

beforeAll(async () => {
  await publish();
  await env.DB.prepare("INSERT INTO appointment_slots (id, property_id, starts_at, capacity) VALUES ('p2071-2031-03-04T09', 2071, '2031-03-04T09:00:00.000Z', 2)").run();
});

describe('a visitor’s rights over their data', () => {
  let cvKey = '';

  it('a job application with a CV, a rental application, a booked visit and a saved search: all stored', async () => {
    const cv = new FormData();
    for (const [k, v] of Object.entries(person)) cv.set(k, v);
    cv.set('cv', new File([pdf()], 'CV.pdf', { type: 'application/pdf' }));
    // Sent without JavaScript: each answered 303 to a page the browser may reload.
    expect((await post('/forms/job-application', cv)).status).toBe(303);
    expect((await post('/forms/rental-application', { ...person, adults: '2', income1: '2600', movingDate: '2031-02-01', propertyId: '2085' })).status).toBe(303);
    expect((await post('/forms/contact-appointment', { ...person, propertyId: '2071', slotId: 'p2071-2031-03-04T09' })).status).toBe(303);
    expect((await post('/forms/save-search', { lang: 'fr', email: EMAIL, consent: 'yes', list: '/fr/a-vendre/?type=1' })).status).toBe(303);
    const { results } = await env.DB.prepare('SELECT id, payload FROM leads WHERE lower(email) = lower(?)').bind(EMAIL).all<{ id: string; payload: string }>();
    expect(results).toHaveLength(4);
    for (const lead of results) await notifyLead({ ...env, SITE_ORIGIN: ORIGIN }, lead.id, async () => undefined);
    cvKey = results.map((r) => JSON.parse(r.payload) as { files?: { cv?: string } }).find((p) => p.files?.cv)?.files?.cv ?? '';
    expect(await env.FILES.get(cvKey)).not.toBeNull();
    // One of them reached the CRM, which keeps its own copy.
    await env.DB.prepare("INSERT OR REPLACE INTO crm_pushes (lead_id, state, crm_ref) VALUES (?, 'sent', 'omnicasa:48213')").bind(results[0]?.id).run();
    await env.DB.prepare("INSERT INTO mail_log (recipient, kind, subject, text, html, status, sent_at) VALUES (?, 'appointment-confirmation', 'Votre visite', 't', 'h', 'sent', ?)")
      .bind(EMAIL.toLowerCase(), new Date().toISOString())
      .run();
  });

  it('asking for the link answers the same for a known and an unknown address; only the known one gets a mail', async () => {
    const unknown = await post('/privacy/', { lang: 'fr', email: 'nobody@example.be' }, capturing);
    const known = await post('/privacy/', { lang: 'fr', email: EMAIL }, capturing);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    const text = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0].replace(/nonce="[^"]*"/g, '') ?? '';
    expect(text(await unknown.text())).toBe(text(await known.text()));
    // The link travels through the outbox, as a typed message naming the mail gate's pass, not the address.
    expect(queued).toEqual([{ privacyLink: { pass: expect.any(String), lang: 'fr' } }]);
    await deliverQueued();
    expect(sent.map((m) => m.to.toLowerCase())).toEqual([EMAIL.toLowerCase()]);
    expect(known.headers.get('Cache-Control')).toBe('no-store');
  });

  it('the link opens once, on a button; behind it every item is shown and downloadable as JSON', async () => {
    const link = /https:\/\/vitrine\.test(\/privacy\/open\/[0-9a-f]{64}\/)/.exec(sent[0]?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe('');
    // A mail scanner following the link opens nothing.
    expect((await request(link)).status).toBe(200);
    const opened = await post(link, {});
    expect(opened.status).toBe(200);
    const html = await opened.text();
    for (const words of ['Candidature spontanée', 'Candidature locataire', 'Demande de visite', 'Alerte immobilière', 'Votre visite']) expect(html).toContain(words);
    expect((await post(link, {})).status).toBe(404);
    const session = /name="token" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? '';
    const exported = await post('/privacy/held/', { token: session, action: 'export' });
    expect(exported.headers.get('Content-Disposition')).toContain('attachment');
    const data = await exported.json<{ requests: { form: string; files: string[]; noticeShown: string | null }[]; bookings: unknown[]; alerts: unknown[]; mails: unknown[] }>();
    // Each request keeps which privacy notice its sender was shown.
    expect(data.requests.every((r) => r.noticeShown === PRIVACY_NOTICE_VERSION)).toBe(true);
    expect(data.requests.map((r) => r.form).sort()).toEqual(['contact-appointment', 'job-application', 'rental-application', 'save-search']);
    expect(data.requests.find((r) => r.form === 'job-application')?.files).toEqual([cvKey]);
    expect(data.bookings).toHaveLength(1);
    expect(data.alerts).toHaveLength(1);
    expect(data.mails.length).toBeGreaterThan(0);

    // "Erase everything": nothing of theirs is left, the visit's place is given back, the agency told what to erase in its CRM.
    sent.length = 0;
    // One tap erases nothing: the page asks to confirm, with the way back.
    const asked = await post('/privacy/held/', { token: session, action: 'erase' }, capturing);
    expect(asked.status).toBe(200);
    const confirm = await asked.text();
    expect(confirm).toContain('Tout effacer\u00a0?');
    expect(confirm).toContain('name="action" value="erase-confirmed"');
    expect(confirm).toContain('name="action" value="show"');
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE lower(email) = lower(?)')).toBe(4);
    const erased = await post('/privacy/held/', { token: session, action: 'erase-confirmed' }, capturing);
    expect(erased.status).toBe(200);
    expect(await erased.text()).toContain('vos demandes, fichiers, visites, alertes et e-mails sont effacés');
    // The agency's note of what to erase in its CRM goes through the outbox.
    expect(sent).toEqual([]);
    await deliverQueued();
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE lower(email) = lower(?)')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM alerts WHERE lower(email) = lower(?)')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM mail_log WHERE lower(recipient) = lower(?)')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM privacy_links WHERE lower(email) = lower(?)')).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM appointments WHERE slot_id = 'p2071-2031-03-04T09'").first<{ n: number }>())?.n).toBe(0);
    expect((await env.DB.prepare("SELECT booked FROM appointment_slots WHERE id = 'p2071-2031-03-04T09'").first<{ booked: number }>())?.booked).toBe(0);
    expect(await env.FILES.get(cvKey)).toBeNull();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[env.AGENCY_INBOX, 'À effacer dans le CRM\u00a0: un visiteur a effacé ses données']]);
    expect(sent[0]?.text).toContain('omnicasa:48213');
    expect(sent[0]?.text.toLowerCase()).not.toContain(EMAIL.toLowerCase());
    // The session ended with the data.
    expect((await post('/privacy/held/', { token: session, action: 'export' })).status).toBe(404);
    // The audit says who asked what and the outcome, never the address.
    const audit = (await env.DB.prepare('SELECT request, outcome, subject_hash FROM privacy_audit ORDER BY id').all<{ request: string; outcome: string; subject_hash: string }>()).results;
    expect(audit.map((a) => a.request)).toEqual(['link', 'access', 'export', 'erase']);
    // The agency's copies of the requests (name, phone, message) left the delivery log with them.
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_log WHERE instr(text, '0475123456') > 0 OR instr(lower(text), 'lies.rights') > 0").first<{ n: number }>())?.n).toBe(0);
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('lies.rights');
  });

  it('a made-up or spent token opens nothing and changes nothing', async () => {
    expect((await request(`/privacy/open/${'0'.repeat(64)}/`)).status).toBe(404);
    expect((await post(`/privacy/open/${'0'.repeat(64)}/`, {})).status).toBe(404);
    expect((await post('/privacy/held/', { token: 'f'.repeat(64), action: 'erase' })).status).toBe(404);
  });

  it('every address spends the network’s rights budget: the tenth unknown address leaves no link for the eleventh, a known one', async () => {
    // One network (an IPv6 /64) whose hosts each stay under the page's rate limit.
    let host = 0;
    const ask = (email: string) =>
      request('/privacy/', { method: 'POST', headers: { Origin: ORIGIN, 'CF-Connecting-IP': `2001:db8:77:1::${(++host).toString(16)}` }, body: new URLSearchParams({ lang: 'fr', email }) }, capturing);
    await post('/forms/save-search', { lang: 'fr', email: 'budget.known@example.be', consent: 'yes', list: '/fr/a-vendre/' });
    queued.length = 0;
    for (let i = 0; i < 10; i++) expect((await ask(`stranger${i}@example.be`)).status).toBe(200);
    expect(queued).toEqual([]);
    expect((await ask('budget.known@example.be')).status).toBe(200);
    // Had unknown addresses spent nothing, this link would have been queued: the attacker would know a client.
    expect(queued).toEqual([]);
  });

  it('the answer leaves before the look-up, the budget and the link: a queue that hangs keeps no one waiting', async () => {
    await post('/forms/save-search', { lang: 'fr', email: 'hanging.known@example.be', consent: 'yes', list: '/fr/a-vendre/' });
    const hanging = { ...capturing, NOTIFY: { send: () => new Promise<never>(() => undefined), sendBatch: () => new Promise<never>(() => undefined) } } as unknown as Env;
    const ctx = createExecutionContext();
    const answer = Promise.resolve(
      app.request(
        'https://vitrine.test/privacy/',
        { method: 'POST', headers: { Origin: ORIGIN, 'CF-Connecting-IP': '198.51.100.251' }, body: new URLSearchParams({ lang: 'fr', email: 'hanging.known@example.be' }) },
        hanging,
        ctx,
      ),
    ).then((response) => response.status);
    expect(await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000))])).toBe(200);
  });

  it('answers a known and an unknown address in the same time: the look-up, the link and its mail come after the answer', async () => {
    await post('/forms/save-search', { lang: 'fr', email: 'timing.known@example.be', consent: 'yes', list: '/fr/a-vendre/' });
    const timed = async (email: string, i: number) => {
      const ctx = createExecutionContext();
      const started = performance.now();
      const response = await app.request(
        'https://vitrine.test/privacy/',
        { method: 'POST', headers: { Origin: ORIGIN, 'CF-Connecting-IP': `2001:db8:${i.toString(16)}::1` }, body: new URLSearchParams({ lang: 'fr', email }) },
        capturing,
        ctx,
      );
      await response.text();
      const took = performance.now() - started;
      await waitOnExecutionContext(ctx);
      return took;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 24; i++) {
      // Interleaved, so a slower moment of the machine weighs on both alike.
      known.push(await timed('timing.known@example.be', 2 * i));
      unknown.push(await timed(`timing.unknown${i}@example.be`, 2 * i + 1));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const [k, u] = [median(known), median(unknown)];
    expect(Math.abs(k - u)).toBeLessThan(Math.max(k, u) * 0.2 + 2);
    queued.length = 0;
  });

  it('finds and erases under every spelling the mail gate folds into one mailbox, and gives back every place a booking took', async () => {
    await env.DB.prepare("INSERT INTO appointment_slots (id, property_id, starts_at, capacity) VALUES ('p2071-2031-05-06T09', 2071, '2031-05-06T09:00:00.000Z', 4)").run();
    const gmail = { ...person, email: 'J.Doe+visits@gmail.com', firstName: 'Jane', lastName: 'Doe', phone: '0476987654' };
    // The same person books the same hour twice.
    expect((await post('/forms/contact-appointment', { ...gmail, propertyId: '2071', slotId: 'p2071-2031-05-06T09' })).status).toBe(303);
    expect((await post('/forms/contact-appointment', { ...gmail, email: 'j.doe@googlemail.com', propertyId: '2071', slotId: 'p2071-2031-05-06T09' })).status).toBe(303);
    expect((await env.DB.prepare("SELECT booked FROM appointment_slots WHERE id = 'p2071-2031-05-06T09'").first<{ booked: number }>())?.booked).toBe(2);
    const leads = (await env.DB.prepare("SELECT id FROM leads WHERE lower(email) LIKE 'j.doe%'").all<{ id: string }>()).results;
    expect(leads).toHaveLength(2);
    // Each lead's mails are sent: the agency's copy carries the visitor's name and phone.
    for (const lead of leads) await notifyLead({ ...capturing, SITE_ORIGIN: ORIGIN }, lead.id);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_log WHERE instr(text, '0476987654') > 0").first<{ n: number }>())?.n).toBeGreaterThan(0);
    const { findSubject, eraseSubject } = await import('../../worker/privacy/subject-data.ts');
    const found = await findSubject(env, 'jdoe@gmail.com');
    expect(found.requests).toHaveLength(2);
    expect(found.bookings).toHaveLength(2);
    await eraseSubject(env, 'jdoe@gmail.com', new Date());
    expect((await env.DB.prepare("SELECT booked FROM appointment_slots WHERE id = 'p2071-2031-05-06T09'").first<{ booked: number }>())?.booked).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM leads WHERE lower(email) LIKE 'j.doe%'").first<{ n: number }>())?.n).toBe(0);
    // Nothing of the visitor is left in the delivery log: neither the mails to them nor the agency's copies.
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_log WHERE instr(text, '0476987654') > 0 OR instr(lower(text), 'j.doe') > 0 OR instr(lower(recipient), 'j.doe') > 0").first<{ n: number }>())
        ?.n,
    ).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_passes WHERE instr(lower(recipient), 'j.doe') > 0").first<{ n: number }>())?.n).toBe(0);
  });

  it('the privacy mails survive a mail outage: the queue retries them until they go', async () => {
    const { sendPrivacyErased } = await import('../../worker/privacy/mails.tsx');
    const down = { ...env, EMAIL: { send: async () => Promise.reject(new Error('mail service down')) } } as unknown as Env;
    const message = { privacyErased: { crmRefs: ['omnicasa:1'], at: new Date().toISOString() } };
    expect(readMessage(message)?.kind).toBe('privacyErased');
    await expect(dispatch(readMessage(message)!, down)).rejects.toThrow('mail service down');
    sent.length = 0;
    await dispatch(readMessage(message)!, capturing);
    expect(sent.map((m) => m.to)).toEqual([env.AGENCY_INBOX]);
    expect(typeof sendPrivacyErased).toBe('function');
  });
});
