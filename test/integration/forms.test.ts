import { env } from 'cloudflare:workers';
import { createMessageBatch, getQueueResult, createExecutionContext } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index.ts';
import { handleNotifications, notifyLead, type Mailer, type NotifyEnv } from '../../worker/forms/notify.ts';

const bindings = (): NotifyEnv => ({ DB: env.DB, CONTENT: env.CONTENT, MAIL_FROM: env.MAIL_FROM, AGENCY_INBOX: env.AGENCY_INBOX, SITE_ORIGIN: env.SITE_ORIGIN, EMAIL: env.EMAIL });
import { publish, request } from './support.ts';
import nl from '../../content/demo/translations/nl.json';

const SAME_ORIGIN = { Origin: 'https://vitrine.test', 'Sec-Fetch-Site': 'same-origin' };
const valid = { lang: 'fr', back: '/fr/contact/', firstName: 'Marie', lastName: 'Dupont', email: 'marie@example.be', phone: '0475 12 34 56', message: 'Bonjour' };

let visitor = 0;
/** Each post comes from its own address unless told otherwise, so the rate limit stays out of the way. */
function post(form: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN, ip = `192.0.2.${++visitor % 250}`): Promise<Response> {
  return request(`/forms/${form}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip, ...headers }, body: new URLSearchParams(fields).toString() });
}

async function leadCount(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>())?.n ?? -1;
}

beforeAll(async () => {
  await publish();
});
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM leads').run();
});

describe('a form posted without JavaScript', () => {
  it('stores the lead and answers 303 to the thank-you page', async () => {
    const response = await post('site-contact', valid);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/merci/site-contact/');
    const row = await env.DB.prepare('SELECT kind, lang, email, payload FROM leads').first<{ kind: string; lang: string; email: string; payload: string }>();
    expect(row).toMatchObject({ kind: 'site-contact', lang: 'fr', email: 'marie@example.be' });
    expect(JSON.parse(row?.payload ?? '{}')).toMatchObject({ firstName: 'Marie', message: 'Bonjour' });
  });

  it.each([
    ['fr', '/fr/contact/', 'Prénom est un champ obligatoire'],
    ['nl', '/nl/contact/', 'is een verplicht veld'],
  ])('empty (%s): the form page again, 422, localized messages, nothing stored', async (lang, back, text) => {
    const response = await post('site-contact', { lang, back });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain(text);
    expect(html).toContain('aria-invalid="true"');
    expect(await leadCount()).toBe(0);
  });

  it('keeps what the visitor typed when something is wrong', async () => {
    const html = await (await post('site-contact', { ...valid, email: 'not-an-email' })).text();
    expect(html).toContain('value="Marie"');
    expect(html).toContain("L&#x27;adresse e-mail n&#x27;est pas valide");
  });

  it('demand register: at least one type and one zone', async () => {
    const html = await (await post('demand-register', { ...valid, back: '/fr/je-recherche/', goal: 'sale' })).text();
    expect(html).toContain('Choisissez au moins un type de bien');
    expect(html).toContain('Choisissez au moins une zone');
    const ok = await request('/forms/demand-register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN },
      body: `${new URLSearchParams({ ...valid, goal: 'sale', zones: 'Namur, 5100' })}&types=1&types=2`,
    });
    expect(ok.status).toBe(303);
    const payload = JSON.parse((await env.DB.prepare('SELECT payload FROM leads').first<{ payload: string }>())?.payload ?? '{}');
    expect(payload.types).toEqual(['1', '2']);
  });
});

describe('a form posted with JavaScript', () => {
  it('answers JSON: where to go, or the errors', async () => {
    const ok = await post('sign-newsletter', { lang: 'nl', email: 'jan@example.be' }, { ...SAME_ORIGIN, Accept: 'application/json' });
    expect(await ok.json()).toEqual({ ok: true, redirect: '/nl/bedankt/sign-newsletter/' });
    const bad = await post('sign-newsletter', { lang: 'nl', email: 'jan' }, { ...SAME_ORIGIN, Accept: 'application/json' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ ok: false, errors: [{ field: 'email', key: 'EMAIL_INVALID' }] });
  });
});

describe('what the internet sends', () => {
  it.each([
    ['a cross-site post', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['a post without origin', {}, 403],
  ])('%s is refused and stores nothing', async (_, headers, status) => {
    const response = await post('site-contact', valid, headers);
    expect(response.status).toBe(status);
    expect(await leadCount()).toBe(0);
  });

  it.each([
    ['text/plain', 'firstName=x'],
    ['application/json', '{broken'],
    ['application/json', '[1,2,3]'],
    ['multipart/form-data; boundary=x', '--y\r\nnonsense'],
  ])('a %s body that is not a form gets 4xx and stores nothing', async (type, body) => {
    const response = await request('/forms/site-contact', { method: 'POST', headers: { 'Content-Type': type, ...SAME_ORIGIN }, body });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await leadCount()).toBe(0);
  });

  it('a 3 MB body gets 413 and stores nothing', async () => {
    const response = await post('site-contact', { ...valid, message: 'x'.repeat(3 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await leadCount()).toBe(0);
  });

  it('prototype keys are ignored', async () => {
    const response = await request('/forms/sign-newsletter', { method: 'POST', headers: { 'Content-Type': 'application/json', ...SAME_ORIGIN }, body: JSON.stringify({ email: 'a@example.be', __proto__: { polluted: 1 }, constructor: 'x' }) });
    expect(response.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a filled honeypot looks accepted but stores nothing', async () => {
    const response = await post('site-contact', { ...valid, website: 'http://spam.example' });
    expect(response.status).toBe(303);
    expect(await leadCount()).toBe(0);
  });

  it('one address posting too often gets 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('sign-newsletter', { lang: 'fr', email: `x${i}@example.be` }, SAME_ORIGIN, '198.51.100.7')).status);
    expect(statuses.slice(0, 10).every((s) => s === 303)).toBe(true);
    const last = await post('sign-newsletter', { lang: 'fr', email: 'y@example.be' }, SAME_ORIGIN, '198.51.100.7');
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('60');
    // Without JavaScript the visitor sees the page again with the message in their language.
    const page = await request('/forms/sign-newsletter', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN, 'CF-Connecting-IP': '198.51.100.7', Referer: 'https://vitrine.test/nl/' }, body: 'email=z%40example.be' });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('<html lang="nl"');
  });

  it('an unknown form is 404', async () => {
    expect((await post('nope', valid)).status).toBe(404);
  });
});

describe('notifying the agency', () => {
  it('sends a friend the property the visitor chose, and the agency a copy', async () => {
    const sent: { to: string; raw: string }[] = [];
    const recorder: Mailer = async (_from, to, raw) => void sent.push({ to, raw });
    await post('send-to-friend', { lang: 'fr', name: 'Marie', email: 'marie@example.be', friendEmail: 'ami@example.be', message: 'Regarde !', propertyId: '2071' });
    const id = (await env.DB.prepare('SELECT id FROM leads').first<{ id: string }>())?.id ?? '';
    expect(await notifyLead({ ...bindings(), SITE_ORIGIN: 'https://vitrine.test' }, id, recorder)).toBe('sent');
    expect(sent.map((m) => m.to)).toEqual([env.AGENCY_INBOX, 'ami@example.be']);
    const body = atob((sent[1]?.raw.split('\r\n\r\n')[1] ?? '').replace(/\r\n/g, ''));
    expect(body).toContain('https://vitrine.test/fr/a-vendre/');
    expect(sent[1]?.raw).toContain('Reply-To: marie@example.be');
  });

  it('sends one e-mail per lead, even when the message is delivered twice', async () => {
    await post('site-contact', valid);
    const id = (await env.DB.prepare('SELECT id FROM leads').first<{ id: string }>())?.id ?? '';
    expect(await notifyLead(env, id)).toBe('sent');
    expect(await notifyLead(env, id)).toBe('already-sent');
    const row = await env.DB.prepare('SELECT notified_at FROM leads WHERE id = ?').bind(id).first<{ notified_at: string | null }>();
    expect(row?.notified_at).toBeTruthy();
  });

  it('the queue consumer acks delivered messages and retries failures', async () => {
    await post('site-contact', valid);
    const id = (await env.DB.prepare('SELECT id FROM leads').first<{ id: string }>())?.id ?? '';
    const batch = createMessageBatch<unknown>('vitrine-notify', [
      { id: 'a', timestamp: new Date(), attempts: 1, body: { leadId: id } },
      { id: 'b', timestamp: new Date(), attempts: 1, body: 'garbage' },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(['a', 'b']);

    // A failing e-mail binding: the claim is released and the message retried.
    await env.DB.prepare('UPDATE leads SET notified_at = NULL').run();
    const failing: NotifyEnv = { ...bindings(), EMAIL: { send: () => Promise.reject(new Error('smtp down')) } };
    const retryBatch = createMessageBatch<unknown>('vitrine-notify', [{ id: 'c', timestamp: new Date(), attempts: 1, body: { leadId: id } }]);
    await expect(notifyLead(failing, id)).rejects.toThrow('smtp down');
    const retryCtx = createExecutionContext();
    await handleNotifications(retryBatch, failing);
    const retried = await getQueueResult(retryBatch, retryCtx);
    expect(retried.retryMessages.map((m) => m.msgId)).toEqual(['c']);
    const row = await env.DB.prepare('SELECT notified_at FROM leads WHERE id = ?').bind(id).first<{ notified_at: string | null }>();
    expect(row?.notified_at).toBeNull();
  });
});

describe('the newsletter', () => {
  it('welcomes the subscriber with a one-click unsubscribe link that works once and says so', async () => {
    const sent: { to: string; raw: string }[] = [];
    await post('sign-newsletter', { lang: 'nl', email: 'Lies@Example.be' });
    const id = (await env.DB.prepare("SELECT id FROM leads WHERE kind = 'sign-newsletter'").first<{ id: string }>())?.id ?? '';
    await notifyLead({ ...bindings(), SITE_ORIGIN: 'https://vitrine.test' }, id, async (_f, to, raw) => void sent.push({ to, raw }));
    const welcome = sent.find((m) => m.to.toLowerCase() === 'lies@example.be');
    const body = atob((welcome?.raw.split('\r\n\r\n')[1] ?? '').replace(/\r\n/g, ''));
    const link = /https:\/\/vitrine\.test(\/newsletter\/unsubscribe\/[0-9a-f]{32}\/)/.exec(body)?.[1];
    expect(link).toBeTruthy();
    const page = await request(link ?? '/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain(nl.UNSUBSCRIBED);
    const row = await env.DB.prepare('SELECT unsubscribed_at FROM newsletter_subscribers WHERE email = ?').bind('lies@example.be').first<{ unsubscribed_at: string | null }>();
    expect(row?.unsubscribed_at).toBeTruthy();
    expect((await request('/newsletter/unsubscribe/00000000000000000000000000000000/')).status).toBe(404);
  });
});

describe('document requests', () => {
  it('the first request is stored and answered "sent by e-mail", the second "already requested"', async () => {
    const ask = () => post('document-request', { lang: 'fr', name: 'Marie', email: 'marie@example.be', propertyId: '2071' }, { ...SAME_ORIGIN, Accept: 'application/json' });
    expect(await (await ask()).json()).toEqual({ ok: true, messageKey: 'DOCUMENTS_BY_EMAIL' });
    expect(await (await ask()).json()).toEqual({ ok: true, messageKey: 'DOCUMENT_ALREADY_REQUESTED' });
    expect(await leadCount()).toBe(1);
    const page = await post('document-request', { lang: 'nl', name: 'Marie', email: 'MARIE@example.be', propertyId: '2071' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="nl"');
  });
});

describe('CV upload for job contact', () => {
  function apply(file: File | null, ip: string): Promise<Response> {
    const form = new FormData();
    for (const [k, v] of Object.entries({ lang: 'fr', back: '/fr/notre-equipe/', firstName: 'Lea', lastName: 'Martin', email: 'lea@example.be', phone: '0475123456' })) form.set(k, v);
    if (file) form.set('cv', file);
    return request('/forms/job-application', { method: 'POST', headers: { ...SAME_ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': ip }, body: form });
  }

  it('stores a real PDF in R2 under a random key and keeps only the key with the lead', async () => {
    const response = await apply(new File(['%PDF-1.7\n…'], 'Léa CV.pdf', { type: 'application/pdf' }), '203.0.113.201');
    expect(await response.json()).toEqual({ ok: true, messageKey: 'THANKS_CV' });
    const payload = JSON.parse((await env.DB.prepare("SELECT payload FROM leads WHERE kind = 'job-application'").first<{ payload: string }>())?.payload ?? '{}');
    expect(payload.cvKey).toMatch(/^uploads\/cv\/[0-9a-f-]{36}\.pdf$/);
    const object = await env.FILES.get(payload.cvKey);
    expect(object?.httpMetadata?.contentDisposition).toMatch(/^attachment/);
    await object?.arrayBuffer();
    expect((await request(`/media/${payload.cvKey}`)).status).toBe(404);
  });

  it.each([
    ['no file', null, 'REQUIRED_FIELD'],
    ['a script named cv.pdf', new File(['<script>alert(1)</script>'], 'cv.pdf', { type: 'application/pdf' }), 'CV_INVALID'],
    ['a file of 5 MB and a bit', new File([new Uint8Array(5 * 1024 * 1024 + 10)], 'cv.pdf'), 'CV_TOO_LARGE'],
  ])('refuses %s and stores nothing', async (_, file, key) => {
    const response = await apply(file, `203.0.113.${210 + key.length}`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: 'cv', key }] });
    expect(await leadCount()).toBe(0);
  });
});

describe('purchase offers and rental applications', () => {
  const offer = { lang: 'fr', buyerA: 'Marie Dupont', email: 'marie@example.be', phone: '0475123456', amount: '285000', signingDate: '2026-12-01', validUntil: '2026-12-15', place: 'Namur', propertyId: '2071' };
  it.each([
    ['fr', 'deux cent quatre-vingt-cinq mille'],
    ['nl', 'tweehonderdvijfentachtigduizend'],
  ])('accepts an offer whose words (%s) say the figure', async (lang, words) => {
    const response = await post('purchase-offer', { ...offer, lang, amountWords: words }, { ...SAME_ORIGIN, Accept: 'application/json' });
    expect(await response.json()).toEqual({ ok: true, messageKey: 'THANKS_OFFER' });
  });

  it('refuses words that say another amount, and dates in the wrong order', async () => {
    const response = await post('purchase-offer', { ...offer, amountWords: 'deux cent mille', validUntil: '2026-11-01' }, { ...SAME_ORIGIN, Accept: 'application/json' });
    expect(response.status).toBe(422);
    const { errors } = await response.json<{ errors: { field: string; key: string }[] }>();
    expect(errors.map((e) => e.key).sort()).toEqual(['AMOUNT_WORDS_MISMATCH', 'DATES_INVALID']);
    expect(await leadCount()).toBe(0);
  });

  it('takes a rental application with the household and incomes', async () => {
    const response = await post('rental-application', { ...valid, adults: '2', kids: '1', kidsAges: '6', pets: 'no', movingDate: '2027-01-01', income1: '2400', propertyId: '2101' }, { ...SAME_ORIGIN, Accept: 'application/json' });
    expect(await response.json()).toEqual({ ok: true, messageKey: 'THANKS_RENTAL_APPLICATION' });
    const payload = JSON.parse((await env.DB.prepare("SELECT payload FROM leads WHERE kind = 'rental-application'").first<{ payload: string }>())?.payload ?? '{}');
    expect(payload).toMatchObject({ adults: 2, kids: 1, income1: 2400, movingDate: '2027-01-01' });
  });
});
