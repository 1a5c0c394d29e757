/**
 * A visitor exercising their rights through the real worker: the address asked, a single-use
 * link mailed, everything held shown and exported, "erase everything" leaving nothing of
 * theirs in D1, R2 or the mail log, and the agency told what to erase in its CRM.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { publish, request } from './support.ts';
import { pdf } from '../fixtures/files.ts';
import { notifyLead } from '../../worker/outbox/consumer.tsx';
import { PRIVACY_NOTICE_VERSION } from '../../domain/privacy/retention.ts';

const ORIGIN = 'https://vitrine.test';
const EMAIL = 'Lies.Rights@example.be';
let visitor = 0;
const sent: { to: string; subject: string; text: string }[] = [];
const capturing = { ...env, EMAIL: { send: async (m: { to: string; subject: string; text: string }) => (sent.push(m), { messageId: `m${sent.length}` }) } } as unknown as Env;

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
    expect((await post('/forms/job-application', cv)).status).toBe(200);
    expect((await post('/forms/rental-application', { ...person, adults: '2', income1: '2600', movingDate: '2031-02-01', propertyId: '2085' })).status).toBe(200);
    expect((await post('/forms/contact-appointment', { ...person, propertyId: '2071', slotId: 'p2071-2031-03-04T09' })).status).toBe(303);
    expect((await post('/forms/save-search', { lang: 'fr', email: EMAIL, consent: 'yes', list: '/fr/a-vendre/?type=1' })).status).toBe(200);
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
    const erased = await post('/privacy/held/', { token: session, action: 'erase' }, capturing);
    expect(erased.status).toBe(200);
    expect(await erased.text()).toContain('vos demandes, fichiers, visites, alertes et e-mails sont effacés');
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
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('lies.rights');
  });

  it('a made-up or spent token opens nothing and changes nothing', async () => {
    expect((await request(`/privacy/open/${'0'.repeat(64)}/`)).status).toBe(404);
    expect((await post(`/privacy/open/${'0'.repeat(64)}/`, {})).status).toBe(404);
    expect((await post('/privacy/held/', { token: 'f'.repeat(64), action: 'erase' })).status).toBe(404);
  });
});
