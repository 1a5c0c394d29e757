/**
 * Attacks on owner accounts, performed through the real worker (D1, KV, rate-limit
 * bindings of miniflare): parallel password guessing, guessing split across username and
 * e-mail, account probing through the lockout, reset links pointed at a forged host, and
 * reset tokens leaking through URLs. Each test fails without the control it names.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/index.ts';
import { createReset } from '../../worker/owners/store.ts';
import { OwnerLockedMessage, OwnerResetMessage } from '../../worker/queues/messages.ts';
import { sendOwnerLocked, sendOwnerReset } from '../../worker/outbox/owner.tsx';
import { DEMO_OWNER, seedDemoOwner } from '../../scripts/lib/seed-owners.ts';
import { publish, isMessage } from './support.ts';

const isOwnerLockedMessage = isMessage(OwnerLockedMessage);
const isOwnerResetMessage = isMessage(OwnerResetMessage);

const ORIGIN = 'https://vitrine.test';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';

let queued: unknown[] = [];
let ip = 0;

async function call(url: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const bindings = { ...env, NOTIFY: { send: async (body: unknown) => void queued.push(body), sendBatch: async () => undefined } };
  const response = await app.request(url, init, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A form post as a browser on `origin` sends it, each from its own address unless told. */
function post(path: string, fields: Record<string, string>, origin = ORIGIN, address = `198.18.${Math.floor(++ip / 250)}.${ip % 250}`): Promise<Response> {
  return call(`${origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': address, 'User-Agent': BROWSER, Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams(fields).toString(),
  });
}

const login = (username: string, password: string) => post('/fr/login/', { username, password });

let demoId = 0;

beforeAll(async () => {
  await publish();
  await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
  demoId = (await env.DB.prepare('SELECT id FROM owners WHERE username = ?').bind(DEMO_OWNER.username).first<{ id: number }>())?.id ?? 0;
});

beforeEach(async () => {
  queued = [];
  await env.DB.batch([env.DB.prepare('DELETE FROM login_attempts'), env.DB.prepare('DELETE FROM owner_resets'), env.DB.prepare('DELETE FROM mail_quota')]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('login lockout per account', () => {
  it('24 wrong passwords sent at once from 24 addresses: at most 10 are judged, the rest are refused', async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => login(DEMO_OWNER.username, `wrong-${i}`)));
    const judged = answers.filter((r) => r.status === 401).length;
    const refused = answers.filter((r) => r.status === 429).length;
    expect(judged).toBeLessThanOrEqual(10);
    expect(judged + refused).toBe(24);
    // Locked: the right password is refused too.
    expect((await login(DEMO_OWNER.username, DEMO_OWNER.password)).status).toBe(429);
  });

  it('username and e-mail are one account: 6 wrong with one, 5 with the other, then the right password is refused', async () => {
    for (let i = 0; i < 6; i++) expect((await login(DEMO_OWNER.username, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await login(DEMO_OWNER.email.toUpperCase(), `wrong-e${i}`)).status).toBe(401);
    expect((await login(DEMO_OWNER.email, 'wrong-last')).status).toBe(429);
    const right = await login(DEMO_OWNER.username, DEMO_OWNER.password);
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().some((c) => c.startsWith('__Host-owner=') && !c.startsWith('__Host-owner=;'))).toBe(false);
  });

  it('an unknown identifier is locked the same way: same statuses, same Retry-After, same page', async () => {
    // One clock for both series: Retry-After counts whole seconds, and a second boundary
    // crossed in one series but not the other would differ by one for no attacker's gain.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 25, 12, 0, 0, 500));
    const known: Response[] = [];
    const unknown: Response[] = [];
    for (let i = 0; i < 11; i++) known.push(await login(DEMO_OWNER.username, `wrong-${i}`));
    for (let i = 0; i < 11; i++) unknown.push(await login('nobody@example.be', `wrong-${i}`));
    expect(unknown.map((r) => r.status)).toEqual(known.map((r) => r.status));
    expect(known.at(-1)?.status).toBe(429);
    expect(unknown.at(-1)?.headers.get('Retry-After')).toBe(known.at(-1)?.headers.get('Retry-After'));
    // The same page but for what this request typed and what changes per response (nonce, render time).
    const page = (html: string, typed: string) =>
      html
        .replaceAll(typed, '…')
        .replace(/nonce="[^"]+"/g, '')
        .replace(/csp-nonce" content="[^"]+"/g, '')
        .replace(/,u:\d+,/g, ',');
    const a = page(await (unknown.at(-1) as Response).text(), 'nobody@example.be');
    const b = page(await (known.at(-1) as Response).text(), DEMO_OWNER.username);
    if (a !== b) {
      const at = [...a].findIndex((ch, i) => ch !== b[i]);
      throw new Error(`pages differ at ${at}: ${a.slice(at - 80, at + 80)} | ${b.slice(at - 80, at + 80)}`);
    }
  });

  it('the lock lasts 15 minutes: Retry-After says so, in a localized page', async () => {
    for (let i = 0; i < 10; i++) await login(DEMO_OWNER.username, `wrong-${i}`);
    const refused = await login(DEMO_OWNER.username, DEMO_OWNER.password);
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(await refused.text()).toContain('Trop de tentatives');
  });

  it('the owner gets one mail when the account is locked; a completed reset unlocks it', async () => {
    for (let i = 0; i < 12; i++) await login(DEMO_OWNER.email, `wrong-${i}`);
    const locks = queued.filter(isOwnerLockedMessage);
    expect(locks).toHaveLength(1);
    const mails: { to: string; subject: string; body: string }[] = [];
    const lock = locks[0];
    if (!lock) throw new Error('no lock message');
    expect(await sendOwnerLocked(env, lock, async (_from, to, mail) => void mails.push({ to, subject: mail.subject, body: mail.text }))).toBe('sent');
    expect(mails[0]?.to).toBe(DEMO_OWNER.email);
    expect(mails[0]?.subject).toContain('Votre compte est bloqué temporairement');
    expect(mails[0]?.body).toContain('bloqué pendant 15 minutes');
    expect(mails[0]?.body).toContain(`${env.SITE_ORIGIN}/fr/login/mot-de-passe-oublie/`);
    const reset = await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.username });
    expect(reset.status).toBe(303);
    const message = queued.find(isOwnerResetMessage);
    if (!message) throw new Error('no reset mail queued');
    const done = await post('/fr/login/nouveau-mot-de-passe/', { token: message.ownerReset.token, password: 'a fresh long password', confirm: 'a fresh long password' });
    expect(done.status).toBe(303);
    expect((await login(DEMO_OWNER.username, 'a fresh long password')).status).toBe(303);
    // Back to the demo password for the other tests.
    await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
  });
});

describe("the owner's inbox", () => {
  it('a stranger who spends the mails anyone can cause to the address leaves the owner their reset and their lock warning', async () => {
    // A stranger has made the site mail this owner's address as often as a form allows today.
    for (let i = 0; i < 2; i++) expect((await post('/forms/sign-newsletter', { lang: 'fr', back: '/fr/', email: DEMO_OWNER.email })).status).toBe(303);
    expect((await post('/forms/send-to-friend', { lang: 'fr', back: '/fr/', name: 'Eve', email: 'eve@example.be', friendEmail: DEMO_OWNER.email.toUpperCase(), propertyId: '2071' })).status).toBe(303);
    // A fourth, through a +tag variant, is refused: one mailbox.
    expect((await post('/forms/sign-newsletter', { lang: 'fr', back: '/fr/', email: DEMO_OWNER.email.replace('@', '+4@') })).status).toBe(429);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM leads WHERE kind = 'sign-newsletter'").first<{ n: number }>()).toEqual({ n: 2 });
    // Then locks the account.
    for (let i = 0; i < 10; i++) await login(DEMO_OWNER.username, `wrong-${i}`);
    expect(queued.filter(isOwnerLockedMessage)).toHaveLength(1);
    // The owner asks for a reset: it is queued, and the mail goes out.
    expect((await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.username })).status).toBe(303);
    const reset = queued.find(isOwnerResetMessage);
    if (!reset) throw new Error('the reset was starved');
    const sent: string[] = [];
    expect(await sendOwnerReset(env, reset, async (_from, to) => void sent.push(to))).toBe('sent');
    expect(sent).toEqual([DEMO_OWNER.email]);
    await env.DB.prepare('DELETE FROM owner_resets').run();
  });

  it("one stranger's network gets 3 of the owner's 6 resets a day, one lock warning a day in all", async () => {
    const stranger = (i: number) => `2001:db8:77:1::${i + 1}`;
    for (let i = 0; i < 5; i++) await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.username }, ORIGIN, stranger(i));
    expect(queued.filter(isOwnerResetMessage)).toHaveLength(3);
    await env.DB.prepare('DELETE FROM owner_resets').run();
    await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.username }, ORIGIN, '198.51.100.77');
    expect(queued.filter(isOwnerResetMessage)).toHaveLength(4);
    for (let lock = 0; lock < 2; lock++) {
      await env.DB.prepare('DELETE FROM login_attempts').run();
      for (let i = 0; i < 10; i++) await login(DEMO_OWNER.username, `wrong-${lock}-${i}`);
    }
    expect(queued.filter(isOwnerLockedMessage)).toHaveLength(1);
    await env.DB.prepare('DELETE FROM owner_resets').run();
  });
});

describe('"forgot password" tells no account apart', () => {
  /**
   * The answer with D1's writes stalled: an answer that waited for what only an existing
   * account costs (its mail budget, the reset token, the queue) would never come, and its
   * time would tell the account apart.
   */
  async function answerWithWritesStalled(username: string): Promise<{ status: number; location: string | null } | 'no answer'> {
    const stalled = new Promise<never>(() => undefined);
    const db = new Proxy(env.DB, {
      get(target, property, receiver) {
        if (property === 'batch') return () => stalled;
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const bindings = { ...env, DB: db, NOTIFY: { send: () => stalled, sendBatch: () => stalled } };
    const response = app.request(
      `${ORIGIN}/fr/login/mot-de-passe-oublie/`,
      {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': `198.18.99.${++ip % 250}`, 'User-Agent': BROWSER, Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({ username }).toString(),
      },
      bindings,
      createExecutionContext(),
    );
    const answered = await Promise.race([Promise.resolve(response), new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 2_000))]);
    return answered === 'no answer' ? answered : { status: answered.status, location: answered.headers.get('Location') };
  }

  it('an existing account is answered like an unknown one, without waiting for its reset to be made and queued', async () => {
    const unknown = await answerWithWritesStalled('nobody-here@example.be');
    const known = await answerWithWritesStalled(DEMO_OWNER.username);
    expect(unknown).toEqual({ status: 303, location: expect.stringContaining('?sent=1') });
    expect(known).toEqual(unknown);
  });

  it('the reset is still made and queued, after the answer', async () => {
    expect((await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.username })).status).toBe(303);
    expect(queued.filter(isOwnerResetMessage)).toHaveLength(1);
  });
});

describe('origins come from configuration only', () => {
  it('a request for another host gets no page', async () => {
    const response = await call('https://attacker.example/fr/', { headers: { 'User-Agent': BROWSER } });
    expect(response.status).toBe(421);
    expect(await response.text()).not.toContain('<html');
  });

  it('a reset asked with a forged Host sends no link to that host', async () => {
    const response = await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.email }, 'https://attacker.example');
    expect(response.status).toBe(421);
    expect(queued).toHaveLength(0);
  });

  it('the reset mail links to SITE_ORIGIN with the token in the fragment, never in the query', async () => {
    await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.email });
    const message = queued.find(isOwnerResetMessage);
    if (!message) throw new Error('no reset mail queued');
    expect(JSON.stringify(message)).not.toContain('attacker');
    const sent: string[] = [];
    await sendOwnerReset(env, message, async (_from, _to, mail) => void sent.push(mail.text));
    expect(sent[0]).toContain(`${env.SITE_ORIGIN}/fr/login/nouveau-mot-de-passe/#token=${message.ownerReset.token}`);
    expect(sent[0]).not.toContain('?token=');
  });

  it('a token in the query string is not used: it is dropped from the address bar, never echoed, and the page leaks no Referer', async () => {
    const token = (await createReset(env.DB, demoId, 'fr', Math.floor(Date.now() / 1000))) ?? '';
    const old = await call(`${ORIGIN}/fr/login/nouveau-mot-de-passe/?token=${token}`, { headers: { 'User-Agent': BROWSER }, redirect: 'manual' });
    expect(old.status).toBe(303);
    expect(old.headers.get('Location')).toBe('/fr/login/nouveau-mot-de-passe/');
    expect(await old.text()).not.toContain(token);
    const page = await call(`${ORIGIN}/fr/login/nouveau-mot-de-passe/`, { headers: { 'User-Agent': BROWSER } });
    expect(page.status).toBe(200);
    expect(page.headers.get('Referrer-Policy')).toBe('same-origin');
    // Not spent: the token still works once, posted as a form field.
    expect((await post('/fr/login/nouveau-mot-de-passe/', { token, password: 'a fresh long password', confirm: 'a fresh long password' })).status).toBe(303);
    await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
  });

  it('a reset token works once and not after an hour', async () => {
    const stale = (await createReset(env.DB, demoId, 'fr', Math.floor(Date.now() / 1000) - 3601)) ?? '';
    expect((await post('/fr/login/nouveau-mot-de-passe/', { token: stale, password: 'a fresh long password', confirm: 'a fresh long password' })).status).toBe(410);
    const token = (await createReset(env.DB, demoId, 'fr', Math.floor(Date.now() / 1000))) ?? '';
    expect((await post('/fr/login/nouveau-mot-de-passe/', { token, password: 'a fresh long password', confirm: 'a fresh long password' })).status).toBe(303);
    expect((await post('/fr/login/nouveau-mot-de-passe/', { token, password: 'another long password', confirm: 'another long password' })).status).toBe(410);
    await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
  });
});
