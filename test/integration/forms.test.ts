import { env } from 'cloudflare:workers';
import { createMessageBatch, getQueueResult, createExecutionContext } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index.ts';
import { handleNotifications, notifyLead, type Mailer, type NotifyEnv, type OutgoingMail } from '../../worker/outbox/consumer.tsx';

const bindings = (): NotifyEnv => ({ DB: env.DB, CONTENT: env.CONTENT, MAIL_FROM: env.MAIL_FROM, AGENCY_INBOX: env.AGENCY_INBOX, SITE_ORIGIN: env.SITE_ORIGIN, EMAIL: env.EMAIL });
import { publish, request } from './support.ts';
import nl from '../../content/demo/translations/nl.json';
import { GPS_MARK, jpegWithExif, legacyDoc, pdf, storedZip, tinyPng } from '../fixtures/files.ts';

const SAME_ORIGIN = { Origin: 'https://vitrine.test', 'Sec-Fetch-Site': 'same-origin' };
const valid = { lang: 'fr', back: '/fr/contact/', title: 'ms', firstName: 'Marie', lastName: 'Dupont', email: 'marie@example.be', phone: '0475 12 34 56', message: 'Bonjour' };

let visitor = 0;
/** Each post comes from its own address unless told otherwise, so the rate limit stays out of the way. */
function post(form: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN, ip = `192.0.2.${++visitor % 250}`): Promise<Response> {
  return request(`/forms/${form}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function leadCount(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>())?.n ?? -1;
}

beforeAll(async () => {
  await publish();
});
beforeEach(async () => {
  // Each test is a new day for the mail budgets: the same sample visitor sends many forms here.
  await env.DB.batch([env.DB.prepare('DELETE FROM leads'), env.DB.prepare('DELETE FROM mail_quota')]);
});

describe('a form posted without JavaScript', () => {
  it('stores the lead and answers 303 to the thank-you page', async () => {
    const response = await post('site-contact', valid);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/merci/site-contact/');
    const row = await env.DB.prepare('SELECT kind, lang, email, payload FROM leads').first<{ kind: string; lang: string; email: string; payload: string }>();
    expect(row).toMatchObject({ kind: 'site-contact', lang: 'fr', email: 'marie@example.be' });
    expect(JSON.parse(row?.payload ?? '{}')).toMatchObject({ title: 'ms', firstName: 'Marie', message: 'Bonjour' });
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
    expect(html).toContain('L&#x27;adresse e-mail n&#x27;est pas valide');
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
    const response = await request('/forms/sign-newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...SAME_ORIGIN },
      body: '__proto__=x&__proto__[polluted]=1&constructor=x&constructor[prototype][polluted]=1&lang=fr&email=a@example.be',
    });
    expect(response.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a JSON body is refused unread (415) with the reason, and stores nothing', async () => {
    const response = await request('/forms/site-contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...SAME_ORIGIN },
      body: JSON.stringify({ ...valid, lang: 'fr' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'REQUEST_NOT_A_FORM' });
    expect(await leadCount()).toBe(0);
  });

  it('a filled honeypot looks accepted but stores nothing', async () => {
    const response = await post('site-contact', { ...valid, website: 'http://spam.example' });
    expect(response.status).toBe(303);
    expect(await leadCount()).toBe(0);
  });

  it('one address posting too often gets 429 with Retry-After', async () => {
    const statuses: number[] = [];
    // A form that mails no typed address: only the rate limit speaks here, not the mail quota.
    for (let i = 0; i < 12; i++) statuses.push((await post('site-contact', { ...valid, email: `x${i}@example.be` }, SAME_ORIGIN, '198.51.100.7')).status);
    expect(statuses.slice(0, 10).every((s) => s === 303)).toBe(true);
    const last = await post('site-contact', { ...valid, email: 'y@example.be' }, SAME_ORIGIN, '198.51.100.7');
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('60');
    // Without JavaScript the visitor sees the page again with the message in their language.
    const page = await request('/forms/site-contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN, 'CF-Connecting-IP': '198.51.100.7', Referer: 'https://vitrine.test/nl/' },
      body: 'email=z%40example.be',
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('<html lang="nl"');
  });

  it('an unknown form is 404', async () => {
    expect((await post('nope', valid)).status).toBe(404);
  });
});

describe('notifying the agency', () => {
  it('sends a friend the property the visitor chose, and the agency a copy', async () => {
    const sent: { to: string; message: OutgoingMail }[] = [];
    const recorder: Mailer = async (_from, to, message) => void sent.push({ to, message });
    await post('send-to-friend', { lang: 'fr', name: 'Marie', email: 'marie@example.be', friendEmail: 'ami@example.be', message: 'Regarde !', propertyId: '2071' });
    const id = (await env.DB.prepare('SELECT id FROM leads').first<{ id: string }>())?.id ?? '';
    expect(await notifyLead({ ...bindings(), SITE_ORIGIN: 'https://vitrine.test' }, id, recorder)).toBe('sent');
    expect(sent.map((m) => m.to)).toEqual([env.AGENCY_INBOX, 'ami@example.be']);
    const friend = sent[1]?.message;
    if (typeof friend !== 'object' || !friend) throw new Error('the friend mail is not a structured mail');
    expect(friend.text).toContain('https://vitrine.test/fr/a-vendre/');
    expect(friend.text).toContain('Regarde !');
    expect(friend.html).toContain('<img src="https://vitrine.test/media/demo/2071/');
    // A reply goes to the agency, never to whoever typed the friend's address; the subject is the site's words.
    expect(friend.replyTo).toBeUndefined();
    expect(friend.subject).not.toContain('Marie');
    expect(friend.subject).toMatch(/^Immobilière Meuse & Ardenne – un bien à voir/);
  });

  it('a stranger’s payment request reaches the friend quoted as theirs, its links inert and its account number hidden', async () => {
    const sent: { to: string; message: OutgoingMail }[] = [];
    const recorder: Mailer = async (_from, to, message) => void sent.push({ to, message });
    await post('send-to-friend', {
      lang: 'fr',
      name: 'Service comptable https://pay.evil.example',
      email: 'fraud@example.be',
      friendEmail: 'victim@example.be',
      message: "Bonjour, l'acompte de 5.000 € est à verser avant vendredi sur BE71 0961 2345 6769 — confirmez sur https://pay.evil.example/agence",
      propertyId: '2071',
    });
    const id = (await env.DB.prepare('SELECT id FROM leads').first<{ id: string }>())?.id ?? '';
    await notifyLead({ ...bindings(), SITE_ORIGIN: 'https://vitrine.test' }, id, recorder);
    const friend = sent.find((m) => m.to === 'victim@example.be')?.message;
    if (!friend) throw new Error('no friend mail');
    expect(friend.subject).not.toMatch(/comptable|evil/);
    expect(friend.replyTo).toBeUndefined();
    for (const part of [friend.text, friend.html]) {
      expect(part).not.toContain('BE71 0961 2345 6769');
      expect(part).not.toContain('https://pay.evil.example');
      expect(part).toContain('[numéro masqué]');
      expect(part).toContain('ne vous demandera jamais de paiement');
    }
    expect(friend.html).not.toMatch(/href="[^"]*evil/);
  });

  it.each([
    ['hyphens between the groups', 'BE71 - 0961 - 2345 - 6769'],
    ['slashes', 'BE71/0961/2345/6769'],
    ['underscores', 'BE71_0961_2345_6769'],
    ['non-breaking spaces', 'BE71\u00a00961\u00a02345\u00a06769'],
    ['one group per line', 'BE71\n0961\n2345\n6769'],
    ['full-width digits', 'ＢＥ７１ ０９６１ ２３４５ ６７６９'],
  ])('an account number written with %s is hidden, and the next word stays', async (_how, iban) => {
    const sent: { to: string; message: OutgoingMail }[] = [];
    const recorder: Mailer = async (_from, to, message) => void sent.push({ to, message });
    await post('send-to-friend', {
      lang: 'fr',
      name: 'Eve',
      email: 'fraud@example.be',
      friendEmail: 'victim@example.be',
      message: `Versez sur ${iban} aujourdhui, voir pay.evil.com/iban`,
      propertyId: '2071',
    });
    const id = (await env.DB.prepare('SELECT id FROM leads ORDER BY created_at DESC').first<{ id: string }>())?.id ?? '';
    await notifyLead({ ...bindings(), SITE_ORIGIN: 'https://vitrine.test' }, id, recorder);
    const friend = sent.find((m) => m.to === 'victim@example.be')?.message;
    if (!friend) throw new Error('no friend mail');
    expect(friend.text).toContain('[numéro masqué] aujourdhui');
    expect(friend.text).not.toMatch(/6769|６７６９/);
    // Three labels: every dot bracketed, so no mail client links it.
    expect(friend.text).toContain('pay[.]evil[.]com/iban');
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
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(['a', 'b']);

    // A failing e-mail binding: the claim is released and the message retried.
    await env.DB.prepare('UPDATE leads SET notified_at = NULL').run();
    await env.DB.prepare('DELETE FROM lead_mails').run();
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
  it('asks the address to confirm; only a button on the confirmation page subscribes it; the unsubscribe link works once', async () => {
    const sent: { to: string; message: OutgoingMail }[] = [];
    await post('sign-newsletter', { lang: 'nl', email: 'Lies@Example.be' });
    const pending = await env.DB.prepare('SELECT status, consent_text, consent_at FROM newsletter_subscribers WHERE email = ?')
      .bind('lies@example.be')
      .first<{ status: string; consent_text: string; consent_at: string }>();
    expect(pending).toMatchObject({ status: 'pending', consent_text: nl.NEWSLETTER_CONSENT_TEXT });
    expect(pending?.consent_at).toBeTruthy();
    const id = (await env.DB.prepare("SELECT id FROM leads WHERE kind = 'sign-newsletter'").first<{ id: string }>())?.id ?? '';
    await notifyLead({ ...bindings(), SITE_ORIGIN: 'https://vitrine.test' }, id, async (_f, to, message) => void sent.push({ to, message }));
    const confirmation = sent.find((m) => m.to.toLowerCase() === 'lies@example.be')?.message;
    const body = confirmation?.text ?? '';
    expect(body).toContain(nl.NEWSLETTER_CONFIRM_MAIL_TEXT);
    const link = /https:\/\/vitrine\.test(\/newsletter\/confirm\/[0-9a-f]{64}\/)/.exec(body)?.[1] ?? '';
    expect(link).not.toBe('');
    // A mail scanner following the link confirms nothing.
    const page = await request(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain(nl.NEWSLETTER_CONFIRM_BUTTON);
    expect((await env.DB.prepare('SELECT status FROM newsletter_subscribers WHERE email = ?').bind('lies@example.be').first<{ status: string }>())?.status).toBe('pending');
    const confirmed = await request(link, { method: 'POST', headers: SAME_ORIGIN });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(nl.NEWSLETTER_CONFIRMED);
    const row = await env.DB.prepare('SELECT status, confirmed_at, token FROM newsletter_subscribers WHERE email = ?')
      .bind('lies@example.be')
      .first<{ status: string; confirmed_at: string; token: string }>();
    expect(row?.status).toBe('confirmed');
    expect((await request(link, { method: 'POST', headers: SAME_ORIGIN })).status).toBe(404);

    const out = await request(`/newsletter/unsubscribe/${row?.token ?? ''}/`);
    expect(out.status).toBe(200);
    expect(await out.text()).toContain(nl.UNSUBSCRIBED);
    const left = await env.DB.prepare('SELECT unsubscribed_at FROM newsletter_subscribers WHERE email = ?').bind('lies@example.be').first<{ unsubscribed_at: string | null }>();
    expect(left?.unsubscribed_at).toBeTruthy();
    expect((await request('/newsletter/unsubscribe/00000000000000000000000000000000/')).status).toBe(404);
    const forged = await request('/newsletter/unsubscribe/%3Cscript%3E/', { headers: { 'Accept-Language': 'nl' } });
    expect(forged.status).toBe(404);
    expect(await forged.text()).toMatch(/<html[^>]* lang="nl"/);
  });
});

describe('document requests', () => {
  it('the first request is stored and answered "sent by e-mail"; the second is not stored', async () => {
    const ask = () => post('document-request', { lang: 'fr', name: 'Marie', email: 'marie@example.be', propertyId: '2071' }, { ...SAME_ORIGIN, Accept: 'application/json' });
    expect(await (await ask()).json()).toEqual({ ok: true, messageKey: 'DOCUMENTS_BY_EMAIL' });
    // Asked again: the same answer (it tells a stranger nothing), and the first request is the one kept.
    expect(await (await ask()).json()).toEqual({ ok: true, messageKey: 'DOCUMENTS_BY_EMAIL' });
    expect(await leadCount()).toBe(1);
    // Without JavaScript: a 303 to a page the browser may reload, in the visitor's language.
    const page = await post('document-request', { lang: 'nl', name: 'Marie', email: 'MARIE@example.be', propertyId: '2071' });
    expect(page.status).toBe(303);
    const landed = await request(page.headers.get('Location') ?? '');
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain('<html lang="nl"');
  });
});

describe('CV upload for job contact', () => {
  function apply(file: File | null, ip: string): Promise<Response> {
    const form = new FormData();
    for (const [k, v] of Object.entries({ lang: 'fr', back: '/fr/notre-equipe/', title: 'ms', firstName: 'Lea', lastName: 'Martin', email: 'lea@example.be', phone: '0475123456' })) form.set(k, v);
    if (file) form.set('cv', file);
    return request('/forms/job-application', { method: 'POST', headers: { ...SAME_ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': ip }, body: form });
  }

  it('stores a real PDF in R2 under a random key and keeps only the key with the lead', async () => {
    const response = await apply(new File([pdf()], 'Léa CV.pdf', { type: 'application/pdf' }), '203.0.113.201');
    expect(await response.json()).toEqual({ ok: true, messageKey: 'THANKS_CV' });
    const payload = JSON.parse((await env.DB.prepare("SELECT payload FROM leads WHERE kind = 'job-application'").first<{ payload: string }>())?.payload ?? '{}');
    expect(payload.files.cv).toMatch(/^uploads\/job-application\/[0-9a-f-]{36}\.pdf$/);
    const object = await env.FILES.get(payload.files.cv);
    expect(object?.httpMetadata?.contentDisposition).toMatch(/^attachment/);
    await object?.arrayBuffer();
    expect((await request(`/media/${payload.files.cv}`)).status).toBe(404);
  });

  it.each([
    ['no file', null, { field: 'cv', key: 'REQUIRED_FIELD' }],
    ['a script named cv.pdf', new File(['<script>alert(1)</script>'], 'cv.pdf', { type: 'application/pdf' }), { field: 'cv', key: 'CV_INVALID', file: 'cv.pdf' }],
    ['a Word 97 file', new File([legacyDoc()], 'cv.doc'), { field: 'cv', key: 'CV_INVALID', file: 'cv.doc' }],
    ['a file of 5 MB and a bit', new File([new Uint8Array(5 * 1024 * 1024 + 10)], 'cv.pdf'), { field: 'cv', key: 'CV_TOO_LARGE', file: 'cv.pdf' }],
    ['a web page wearing %PDF and %%EOF', new File(['%PDF-1.4\n<html><script>fetch("/")</script></html>\n%%EOF\n'], 'page.pdf'), { field: 'cv', key: 'CV_INVALID', file: 'page.pdf' }],
    ['a PDF that launches a program', new File([pdf('<< /S /Launch /F (cmd.exe) >>')], 'Léa CV.pdf'), { field: 'cv', key: 'CV_ACTIVE_CONTENT', file: 'Léa CV.pdf' }],
    [
      'an ODT with macros',
      new File(
        [
          storedZip([
            { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
            { name: 'content.xml', data: '<office:document-content/>' },
            { name: 'Basic/Standard/Module1.xml', data: 'Shell("calc")' },
          ]),
        ],
        'cv.odt',
      ),
      { field: 'cv', key: 'CV_ACTIVE_CONTENT', file: 'cv.odt' },
    ],
  ])('refuses %s and stores nothing', async (_, file, error) => {
    const response = await apply(file, `203.0.113.${210 + error.key.length + (file?.name.length ?? 0)}`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, errors: [error] });
    expect(await leadCount()).toBe(0);
  });
});

describe('purchase offers and rental applications', () => {
  const offer = {
    lang: 'fr',
    buyerA: 'Marie Dupont',
    email: 'marie@example.be',
    phone: '0475123456',
    amount: '285000',
    title: 'ms',
    startDate: '2026-11-30',
    signingDate: '2026-12-01',
    binding: 'yes',
    validUntil: '2026-12-15',
    place: 'Namur',
    propertyId: '2071',
  };
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
    const response = await post(
      'rental-application',
      { ...valid, adults: '2', kids: '1', kidsAges: '6', pets: 'no', movingDate: '2027-01-01', income1: '2400', propertyId: '2101' },
      { ...SAME_ORIGIN, Accept: 'application/json' },
    );
    expect(await response.json()).toEqual({ ok: true, messageKey: 'THANKS_RENTAL_APPLICATION' });
    const payload = JSON.parse((await env.DB.prepare("SELECT payload FROM leads WHERE kind = 'rental-application'").first<{ payload: string }>())?.payload ?? '{}');
    expect(payload).toMatchObject({ adults: 2, kids: 1, income1: 2400, movingDate: '2027-01-01' });
  });
});

describe('testimonials', () => {
  const png = () => new File([tinyPng()], 'me.png', { type: 'image/png' });
  function leave(fields: Record<string, string>, photo: File | null): Promise<Response> {
    const form = new FormData();
    for (const [k, v] of Object.entries({ lang: 'fr', back: '/fr/nos-services/temoignages/', ...fields })) form.set(k, v);
    if (photo) form.set('image', photo);
    return request('/forms/testimonial', { method: 'POST', headers: { ...SAME_ORIGIN, Accept: 'application/json', 'CF-Connecting-IP': `198.51.100.${++visitor % 250}` }, body: form });
  }
  const page = async () => (await request('/fr/nos-services/temoignages/')).text();

  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM testimonials').run();
  });

  it('is kept for moderation, shown only once approved, its photo served only then', async () => {
    const response = await leave({ name: 'Claire Lambert', comment: 'Vente rapide et sans stress, merci à toute l’équipe !', homepage: 'https://claire.example.be' }, png());
    expect(await response.json()).toEqual({ ok: true, messageKey: 'TESTIMONIAL_SENT' });
    const row = await env.DB.prepare('SELECT id, status, image_key FROM testimonials').first<{ id: string; status: string; image_key: string }>();
    expect(row?.status).toBe('pending');
    expect(row?.image_key).toMatch(/^uploads\/testimonial\/[0-9a-f-]{36}\.png$/);
    expect(await page()).not.toContain('Vente rapide et sans stress');
    expect((await request(`/testimonials/${row?.id}/photo`)).status).toBe(404);

    const { moderate } = await import('../../worker/testimonials/store.ts');
    expect(await moderate(env.DB, row?.id ?? '', 'approved')).toBe(true);
    const html = await page();
    expect(html).toContain('Vente rapide et sans stress');
    expect(html).toContain('claire.example.be');
    expect(html).toContain('rel="nofollow ugc noopener"');
    const photo = await request(`/testimonials/${row?.id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    await photo.arrayBuffer();

    await moderate(env.DB, row?.id ?? '', 'rejected');
    expect(await page()).not.toContain('Vente rapide et sans stress');
  });

  it('escapes what a visitor wrote: a script in the comment is text', async () => {
    await leave({ name: '<img src=x onerror=alert(1)>', comment: '</script><script>alert(1)</script>' }, null);
    const { moderate } = await import('../../worker/testimonials/store.ts');
    const row = await env.DB.prepare('SELECT id FROM testimonials').first<{ id: string }>();
    await moderate(env.DB, row?.id ?? '', 'approved');
    const html = await page();
    expect(html).not.toContain('<img src=x onerror');
    expect(html).not.toContain('<script>alert(1)');
  });

  it.each([
    ['no name or comment', {}, null, ['comment', 'name']],
    ['a javascript: link', { name: 'A', comment: 'B', homepage: 'javascript:alert(1)' }, null, ['homepage']],
    ['a PDF as photo', { name: 'A', comment: 'B' }, new File(['%PDF-1.4'], 'me.jpg'), ['image']],
  ])('refuses %s and stores nothing', async (_, fields, photo, invalid) => {
    const response = await leave(fields, photo);
    expect(response.status).toBe(422);
    const { errors } = await response.json<{ errors: { field: string }[] }>();
    expect(errors.map((e) => e.field).sort()).toEqual(invalid);
    expect(await leadCount()).toBe(0);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM testimonials').first<{ n: number }>())?.n).toBe(0);
  });
});

describe('free valuation with photos', () => {
  const jpeg = (name: string) => new File([jpegWithExif()], name, { type: 'image/jpeg' });
  const fields = { ...valid, back: '/fr/estimation-gratuite/', street: 'Rue de Fer', houseNumber: '12', zip: '5000', city: 'Namur', propertyType: 'house' };
  function ask(photos: File[]): Promise<Response> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    photos.forEach((photo, i) => form.set(`photo${i + 1}`, photo));
    return request('/forms/contact-demand', { method: 'POST', headers: { ...SAME_ORIGIN, 'CF-Connecting-IP': `198.51.100.${++visitor % 250}` }, body: form });
  }

  it('keeps up to two photos privately with the lead', async () => {
    const response = await ask([jpeg('front.jpg'), jpeg('garden.jpg')]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fr/merci/contact-demand/');
    const payload = JSON.parse((await env.DB.prepare("SELECT payload FROM leads WHERE kind = 'contact-demand'").first<{ payload: string }>())?.payload ?? '{}');
    expect(Object.keys(payload.files).sort()).toEqual(['photo1', 'photo2']);
    for (const key of Object.values<string>(payload.files)) {
      expect(key).toMatch(/^uploads\/contact-demand\//);
      const object = await env.FILES.get(key);
      expect(object?.httpMetadata?.contentType).toBe('image/jpeg');
      // Stored without its EXIF block: the GPS position of the visitor's home stays with them.
      const stored = new TextDecoder('latin1').decode(await object?.arrayBuffer());
      expect(stored).toContain('JFIF');
      expect(stored).not.toContain(GPS_MARK);
      expect((await request(`/media/${key}`)).status).toBe(404);
    }
    // The agency's mail says the seller attached two photos, and how to fetch each.
    const sent: { to: string; message: OutgoingMail }[] = [];
    const id = (await env.DB.prepare("SELECT id FROM leads WHERE kind = 'contact-demand'").first<{ id: string }>())?.id ?? '';
    await notifyLead({ ...bindings(), SITE_ORIGIN: 'https://vitrine.test' }, id, async (_from, to, message) => void sent.push({ to, message }));
    const agency = sent.find((m) => m.to === env.AGENCY_INBOX)?.message.html ?? '';
    for (const key of Object.values<string>(payload.files)) expect(agency).toContain(`npm run leads -- --remote --file ${key}`);
  });

  it('takes what a valuer asks first, each optional: the agency reads each figure by its label', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields, livingArea: '165', landArea: '720', bedrooms: '3', bathrooms: '1', constructionYear: '1978', epcLabel: 'd' })) form.set(k, v);
    const response = await request('/forms/contact-demand', { method: 'POST', headers: { ...SAME_ORIGIN, 'CF-Connecting-IP': `198.51.100.${++visitor % 250}` }, body: form });
    expect(response.status).toBe(303);
    const lead = await env.DB.prepare("SELECT id FROM leads WHERE kind = 'contact-demand'").first<{ id: string }>();
    const sent: OutgoingMail[] = [];
    await notifyLead(bindings(), lead?.id ?? '', async (_from, to, mail) => void (to === env.AGENCY_INBOX && sent.push(mail)));
    for (const line of [
      'Surface habitable (m²)\u00a0: 165',
      'Surface du terrain (m²)\u00a0: 720',
      'Chambres\u00a0: 3',
      'Année de construction\u00a0: 1978',
      'Classe PEB, si vous la connaissez\u00a0: D',
    ])
      expect(sent[0]?.text).toContain(line);
  });

  it.each([
    ['a living area of zero', { livingArea: '0' }, 'livingArea'],
    ['a year of construction in the future', { constructionYear: '2999' }, 'constructionYear'],
    ['a number of rooms that is no number', { bedrooms: 'trois' }, 'bedrooms'],
    ['an energy label that does not exist', { epcLabel: 'z' }, 'epcLabel'],
  ])('refuses %s with a clear message and stores nothing', async (_what, extra, field) => {
    const form = new URLSearchParams({ ...fields, ...extra });
    const refused = await request('/forms/contact-demand', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': `198.51.100.${++visitor % 250}` },
      body: form.toString(),
    });
    expect(refused.status).toBe(422);
    const { errors } = await refused.json<{ errors: { field: string; key: string }[] }>();
    expect(errors.map((e) => e.field)).toEqual([field]);
    expect(errors[0]?.key).toMatch(/^(FIGURE_INVALID|CHECK_RED_FIELDS)$/);
    expect(await leadCount()).toBe(0);
  });

  it('works without photos, and refuses a file that is no photo', async () => {
    expect((await ask([])).status).toBe(303);
    const refused = await ask([new File(['MZ\x90'], 'house.jpg')]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('aria-invalid="true"');
    expect(await leadCount()).toBe(1);
  });
});

describe('captcha', () => {
  it('forms show the Turnstile widget only when the deployment has a site key', async () => {
    const { app } = await import('../../worker/index.ts');
    const { createExecutionContext, waitOnExecutionContext } = await import('cloudflare:test');
    const get = async (bindings: typeof env) => {
      const ctx = createExecutionContext();
      const response = await app.request('https://vitrine.test/fr/contact/', {}, bindings, ctx);
      await waitOnExecutionContext(ctx);
      return response.text();
    };
    expect(await get(env)).not.toContain('data-sitekey');
    const html = await get({ ...env, TURNSTILE_SITE_KEY: '1x00000000000000000000AA' });
    expect(html).toContain('data-sitekey="1x00000000000000000000AA"');
    const site = await app.request('https://vitrine.test/api/site/fr', {}, { ...env, TURNSTILE_SITE_KEY: '1x00000000000000000000AA' }, createExecutionContext());
    expect((await site.json<{ captchaSiteKey?: string }>()).captchaSiteKey).toBe('1x00000000000000000000AA');
  });

  it('with a secret, a post without a token is refused with the captcha message and nothing is stored', async () => {
    const { app } = await import('../../worker/index.ts');
    const { createExecutionContext, waitOnExecutionContext } = await import('cloudflare:test');
    const ctx = createExecutionContext();
    const response = await app.request(
      'https://vitrine.test/forms/site-contact',
      {
        method: 'POST',
        headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'CF-Connecting-IP': '198.51.100.77' },
        body: new URLSearchParams(valid).toString(),
      },
      { ...env, TURNSTILE_SECRET: 'secret' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ ok: false, errors: [{ field: 'captcha', key: 'CAPTCHA_EMPTY' }] });
    expect(await leadCount()).toBe(0);
  });
});

describe('a notification that fails halfway', () => {
  it('sends on the retry only the mail that was missing: the agency gets one e-mail', async () => {
    await post('send-to-friend', { lang: 'fr', name: 'Marie', email: 'marie@example.be', friendEmail: 'ami@example.be', message: 'Regarde !', propertyId: '2071' });
    const id = (await env.DB.prepare('SELECT id FROM leads').first<{ id: string }>())?.id ?? '';
    const sent: string[] = [];
    const friendDown: Mailer = async (_from, to) => {
      if (to === 'ami@example.be') throw new Error('friend mailbox down');
      sent.push(to);
    };
    await expect(notifyLead(bindings(), id, friendDown)).rejects.toThrow('friend mailbox down');
    expect(await notifyLead(bindings(), id, async (_from, to) => void sent.push(to))).toBe('sent');
    expect(sent).toEqual([env.AGENCY_INBOX, 'ami@example.be']);
    expect(await notifyLead(bindings(), id, async (_from, to) => void sent.push(to))).toBe('already-sent');
    expect(sent).toHaveLength(2);
  });
});
