/**
 * The mail gate, attacked through the real worker: strangers making the site mail one
 * inbox through every form that mails a typed address, with its `+tag` variants and from
 * many addresses of one IPv6 block; a lead that skipped the gate; header injection through
 * a name; and the delivery log read after each kind of mail for the secrets it must not keep.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/index.ts';
import { publish, isMessage } from './support.ts';
import { handleNotifications, notifyLead } from '../../worker/outbox/consumer.tsx';
import { insertLead } from '../../worker/leads/store.ts';
import { bindingMailer } from '../../worker/mail/send.ts';
import { MAIL_BUDGETS } from '../../worker/mail/gate.ts';
import { OwnerResetMessage } from '../../worker/queues/messages.ts';
import { sendOwnerReset } from '../../worker/outbox/owner.tsx';
import { sendAlertMail } from '../../worker/outbox/alert.tsx';
import { DEMO_OWNER, seedDemoOwner } from '../../scripts/lib/seed-owners.ts';
import { createMessageBatch } from 'cloudflare:test';

const isOwnerResetMessage = isMessage(OwnerResetMessage);

const ORIGIN = 'https://vitrine.test';
const VICTIM = 'victim@example.be';
const PER_RECIPIENT = MAIL_BUDGETS.visitor.perRecipient;
let ip = 0;
let queued: unknown[] = [];

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const bindings = { ...env, NOTIFY: { send: async (body: unknown) => void queued.push(body), sendBatch: async () => undefined } };
  const response = await app.request(`${ORIGIN}${path}`, init, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function post(path: string, fields: Record<string, string>, address = `198.18.20.${++ip % 250}`): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'CF-Connecting-IP': address, Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams({ lang: 'fr', back: '/fr/', ...fields }).toString(),
    redirect: 'manual',
  });
}

const person = (email: string) => ({ title: 'ms', firstName: 'Eve', lastName: 'Stranger', email, phone: '0475123456' });
/** Forms whose mail to the typed address is the request itself; the others are requests to the agency, only confirmed by mail. */
const REQUEST_IS_THE_MAIL = new Set(['send-to-friend', 'sign-newsletter']);
type FormSample = [string, (email: string) => Record<string, string>];
const FORMS: FormSample[] = [
  ['rental-application', (email) => ({ ...person(email), adults: '2', income1: '2500', movingDate: '2027-03-01', propertyId: '2085' })],
  ['contact-construction', (email) => ({ ...person(email), projectId: '9001' })],
  // Requests whose only mail to the typed address is their receipt.
  ['site-contact', (email) => ({ ...person(email), message: 'Bonjour' })],
  ['contact-me', (email) => ({ ...person(email), propertyId: '2071' })],
  ['contact-demand', (email) => ({ ...person(email), street: 'Rue des Pirates', zip: '5000', city: 'Namur', propertyType: 'house' })],
  ['send-to-friend', (email) => ({ name: 'Eve', email: `eve${++ip}@example.be`, friendEmail: email, propertyId: '2071' })],
  ['sign-newsletter', (email) => ({ email })],
];

/** A form's sample fields, by its name. */
const sampleOf = (name: string): FormSample[1] => FORMS.find(([form]) => form === name)?.[1] ?? (() => ({}));

async function logged(): Promise<{ recipient: string; kind: string; subject: string; text: string; html: string; headers: string }[]> {
  return (
    await env.DB.prepare('SELECT recipient, kind, subject, text, html, headers FROM mail_log ORDER BY id').all<{
      recipient: string;
      kind: string;
      subject: string;
      text: string;
      html: string;
      headers: string;
    }>()
  ).results;
}

/** Delivers every lead's mails as the queue consumer does. */
async function deliverLeads(): Promise<void> {
  const { results } = await env.DB.prepare('SELECT id FROM leads WHERE notified_at IS NULL').all<{ id: string }>();
  for (const { id } of results) await notifyLead(env, id);
}

beforeAll(async () => {
  await publish();
  await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
});

beforeEach(async () => {
  queued = [];
  await env.DB.batch(['leads', 'mail_quota', 'mail_log', 'mail_passes', 'newsletter_subscribers', 'login_attempts', 'owner_resets'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
});

describe('every form that mails a typed address passes the gate', () => {
  it.each(FORMS)('%s: seven strangers naming one address send it three mails, whatever each form does with the rest', async (form, fields) => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post(`/forms/${form}`, fields(VICTIM))).status);
    if (REQUEST_IS_THE_MAIL.has(form)) {
      // The mail is the request: past the address's budget it is refused, and nothing is stored.
      expect(statuses).toEqual([...Array<number>(PER_RECIPIENT).fill(200), ...Array<number>(7 - PER_RECIPIENT).fill(429)]);
    } else {
      // A request to the agency: all stored and the agency told; the address is mailed no more for it.
      expect(statuses).toEqual(Array<number>(7).fill(200));
      const passes = await env.DB.prepare('SELECT COUNT(*) AS n FROM leads WHERE kind = ? AND mail_pass IS NOT NULL').bind(form).first<{ n: number }>();
      expect(passes?.n).toBe(PER_RECIPIENT);
    }
    await deliverLeads();
    expect((await logged()).filter((m) => m.recipient.toLowerCase() === VICTIM)).toHaveLength(PER_RECIPIENT);
  });

  it('the +tag and case variants of an address are one mailbox', async () => {
    const variants = ['victim+1@example.be', 'Victim+2@Example.be', 'VICTIM@example.be', 'victim+alerts@example.be', 'victim+5@example.be'];
    const statuses: number[] = [];
    for (const address of variants) statuses.push((await post('/forms/sign-newsletter', sampleOf('sign-newsletter')(address))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('the sender limit counts an IPv6 /64 as one sender', async () => {
    const perSender = MAIL_BUDGETS.visitor.perSender ?? 0;
    const friend = sampleOf('send-to-friend');
    const statuses: number[] = [];
    for (let i = 0; i <= perSender; i++) statuses.push((await post('/forms/send-to-friend', friend(`friend${i}@example.be`), `2001:db8:5:7:${i}::${i + 1}`)).status);
    expect(statuses).toEqual([...Array<number>(perSender).fill(200), 429]);
    // Another /64 is another sender.
    expect((await post('/forms/send-to-friend', friend('friend-x@example.be'), '2001:db8:5:8::1')).status).toBe(200);
  });

  it('a lead that did not pass the gate gets no mail to its typed address: the agency alone hears of it', async () => {
    const id = await insertLead(env.DB, { kind: 'rental-application', lang: 'fr', data: { ...sampleOf('rental-application')(VICTIM), adults: 2, propertyId: 2085 } });
    await notifyLead(env, id);
    expect((await logged()).map((m) => m.recipient)).toEqual([env.AGENCY_INBOX]);
  });
});

describe('header values are one line', () => {
  it("a name with CR/LF in the agency's subject becomes one line: no Bcc header of the visitor's making", async () => {
    const sent: unknown[] = [];
    const mailer = bindingMailer({ DB: env.DB, EMAIL: { send: async (message: unknown) => (sent.push(message), { messageId: 'm1' }) } as unknown as SendEmail });
    expect((await post('/forms/site-contact', { ...person('lea@example.be'), firstName: 'A\r\nBcc: x@evil.com', lastName: 'B\u2028C', message: 'Bonjour' })).status).toBe(200);
    const { results } = await env.DB.prepare('SELECT id FROM leads').all<{ id: string }>();
    await notifyLead(env, results[0]?.id ?? '', mailer);
    const subject = (sent[0] as { subject: string }).subject;
    expect(subject).toMatch(/– A Bcc: x@evil\[\.\]com B C$/);
    expect(subject).not.toMatch(/[\r\n\u2028]/);
    expect((await logged())[0]?.subject).toBe(subject);
  });
});

describe("mail text from the site's own words", () => {
  it.each([
    ['a town the catalogue lacks, written as a domain', '/fr/a-vendre/?city=www.evil.example', 'À vendre\r\n'],
    ['free text', '/fr/a-vendre/?q=Call+0900+evil.example', 'À vendre\r\n'],
    ['a town of the catalogue, as the listings name it', '/fr/a-vendre/?city=ciney', 'À vendre · Ciney\r\n'],
  ])("an alert's confirmation describes it from the catalogue: %s", async (_what, list, described) => {
    expect((await post('/forms/save-search', { email: 'someone-else@example.be', consent: 'yes', list })).status).toBe(200);
    await deliverLeads();
    const [mail] = await logged();
    expect(mail?.text).toContain(`• ${described}`);
    expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toMatch(/evil|0900/);
  });

  it("a visitor's note reaches the agency as text, never as a link, in either part", async () => {
    expect((await post('/forms/site-contact', { ...person('lea@example.be'), message: 'Voir https://evil.example/x et www.evil.example' })).status).toBe(200);
    await deliverLeads();
    const [mail] = await logged();
    expect(mail?.text).toContain('Voir hxxps[://]evil[.]example/x et www[.]evil[.]example');
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/https:\/\/evil|www\.evil|evil\.example/);
  });
});

describe('the delivery log keeps no secret', () => {
  const secretsIn = (text: string) =>
    [...text.matchAll(/\/(?:newsletter\/confirm|newsletter\/unsubscribe|alerts\/(?:confirm|manage|unsubscribe)|visits)\/([^/\s"<>]+)|#token=([^\s"<>]+)/g)].map((m) => m[1] ?? m[2]);

  it.each([
    ['a newsletter confirmation', async () => post('/forms/sign-newsletter', { email: 'nl@example.be' })],
    ['an alert confirmation', async () => post('/forms/save-search', { email: 'al@example.be', consent: 'yes', list: '/fr/a-vendre/' })],
    [
      'a visit confirmation (cancel link, calendar file)',
      async () => {
        await env.DB.prepare("INSERT OR IGNORE INTO appointment_slots (id, property_id, starts_at, capacity) VALUES ('p2071-2030-02-04T09', 2071, '2030-02-04T09:00:00.000Z', 5)").run();
        return post('/forms/contact-appointment', { ...person('vi@example.be'), propertyId: '2071', slotId: 'p2071-2030-02-04T09' });
      },
    ],
  ])('%s', async (_what, ask) => {
    expect((await ask()).status).toBe(200);
    await deliverLeads();
    const mails = (await logged()).filter((m) => m.recipient !== env.AGENCY_INBOX);
    expect(mails).toHaveLength(1);
    const all = mails.map((m) => `${m.text}\n${m.html}\n${m.headers}`).join('\n');
    expect(secretsIn(all).length).toBeGreaterThan(0);
    expect(secretsIn(all).every((s) => s === '[redacted]')).toBe(true);
  });

  it('an alert mail: neither its unsubscribe link, nor its manage link, nor its List-Unsubscribe header', async () => {
    const unsubscribe = 'a1'.repeat(16);
    const manage = 'b2'.repeat(32);
    const { id } = (await env.DB.prepare(
      "INSERT INTO alerts (email, lang, list_kind, criteria, list_url, frequency, status, token, consent_text, consent_at, confirmed_at) VALUES ('sub@example.be', 'fr', 'list-sale', '{}', '/fr/a-vendre/', 'instant', 'confirmed', ?, 'ok', '2026-11-01', '2026-11-01') RETURNING id",
    )
      .bind(unsubscribe)
      .first<{ id: number }>()) ?? { id: 0 };
    await env.DB.batch([
      env.DB.prepare("INSERT OR REPLACE INTO alert_addresses (email, manage_token) VALUES ('sub@example.be', ?)").bind(manage),
      env.DB.prepare("INSERT INTO alert_matches (alert_id, property_id, kind, news, matched_at) VALUES (?, 2071, 'new', 'v1', '2026-11-26T00:00:00Z')").bind(id),
    ]);
    expect(await sendAlertMail(env, id, bindingMailer(env))).toBe('sent');
    const [mail] = await logged();
    expect(mail?.kind).toBe('alert');
    const all = `${mail?.text}${mail?.html}${mail?.headers}`;
    expect(all).toContain('/alerts/unsubscribe/[redacted]/');
    expect(all).toContain('/alerts/manage/[redacted]/');
    expect(all).not.toContain(unsubscribe);
    expect(all).not.toContain(manage);
    await env.DB.batch(['alerts', 'alert_matches', 'alert_addresses'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
  });

  it("an owner's reset: neither the link's token nor the code to paste", async () => {
    expect((await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.username })).status).toBe(303);
    const message = queued.find(isOwnerResetMessage);
    if (!message) throw new Error('no reset queued');
    await handleNotifications(createMessageBatch<unknown>('vitrine-notify', [{ id: 'r', timestamp: new Date(), attempts: 1, body: message }]), env);
    const [mail] = await logged();
    expect(mail?.kind).toBe('owner-reset');
    expect(mail?.text).toContain('#token=[redacted]');
    expect(`${mail?.text}${mail?.html}`).not.toContain(message.ownerReset.token);
    // The mail the owner got still carries it.
    const sent: string[] = [];
    await env.DB.prepare('UPDATE owner_resets SET mailed_at = NULL').run();
    await sendOwnerReset(env, message, async (_from, _to, outgoing) => void sent.push(outgoing.text, outgoing.html));
    expect(sent.join('')).toContain(message.ownerReset.token);
  });
});
