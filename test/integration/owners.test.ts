import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/index.ts';
import { ContentRepository } from '../../worker/live/repository.ts';
import { hashPassword } from '../../worker/owners/password.ts';
import { signToken } from '../../worker/owners/token.ts';
import { toBase64Url } from '../../worker/owners/password.ts';
import { createReset } from '../../worker/owners/store.ts';
import { OwnerResetMessage } from '../../worker/queues/messages.ts';
import { sendOwnerReset } from '../../worker/outbox/owner.tsx';
import { forgetSalt } from '../../worker/owners/page-views.ts';
import { DEMO_OWNER, seedDemoOwner } from '../../scripts/lib/seed-owners.ts';
import { publish, isMessage } from './support.ts';
import { admit } from '../../worker/mail/gate.ts';
import type { Mailer } from '../../worker/mail/send.ts';

const isOwnerResetMessage = isMessage(OwnerResetMessage);

const ORIGIN = 'https://vitrine.test';
const SAME_ORIGIN = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';
const OTHER_PASSWORD = 'another-owner-password';
/** A property of the other owner, never of the demo owner. */
const OTHER_PROPERTY = 2041;

let queued: unknown[] = [];
let visitorIp = 0;

/** The worker with the test's bindings; queue messages are kept instead of sent. */
async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const bindings = { ...env, NOTIFY: { send: async (body: unknown) => void queued.push(body), sendBatch: async () => undefined } };
  const response = await app.request(`${ORIGIN}${path}`, init, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}, ip = `198.51.100.${++visitorIp % 250}`): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip, 'User-Agent': BROWSER, ...SAME_ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

function get(path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { headers: { 'User-Agent': BROWSER, ...(cookie ? { Cookie: cookie } : {}), ...headers }, redirect: 'manual' });
}

/** The `name=value` of the session cookie a response sets. */
function sessionOf(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('__Host-owner='));
  if (!header) throw new Error('no session cookie');
  return header.split(';')[0] ?? '';
}

async function login(lang = 'fr', username: string = DEMO_OWNER.email, password: string = DEMO_OWNER.password): Promise<Response> {
  return post(`/${lang}/login/`, { username, password });
}

let demoId = 0;
let otherId = 0;

beforeAll(async () => {
  await publish();
  await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
  demoId = (await env.DB.prepare('SELECT id FROM owners WHERE username = ?').bind(DEMO_OWNER.username).first<{ id: number }>())?.id ?? 0;
  const other = await env.DB.prepare("INSERT INTO owners (username, email, name, password_hash, created_at) VALUES ('jdupont', 'jean.dupont@example.be', 'Jean Dupont', ?, '2026-01-01') RETURNING id")
    .bind(await hashPassword(OTHER_PASSWORD, env.PASSWORD_PEPPER))
    .first<{ id: number }>();
  otherId = other?.id ?? 0;
  await env.DB.prepare('INSERT INTO owner_properties (owner_id, property_id) VALUES (?, ?)').bind(otherId, OTHER_PROPERTY).run();
});

beforeEach(async () => {
  queued = [];
  await env.DB.batch([env.DB.prepare('DELETE FROM login_attempts'), env.DB.prepare('DELETE FROM mail_quota')]);
});

describe('login page', () => {
  it.each([
    ['fr', "Nom d'utilisateur ou adresse e-mail"],
    ['nl', 'Gebruikersnaam of e-mailadres'],
    ['en', 'Username or email address'],
    ['de', 'Benutzername oder E-Mail-Adresse'],
  ])('/%s/login/ is a localized page with a plain POST form, not indexed', async (lang, label) => {
    const response = await get(`/${lang}/login/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}"`);
    const form = /<form[^>]*>/.exec(html.slice(html.indexOf('<main')))?.[0] ?? '';
    expect(form).toContain(`action="/${lang}/login/"`);
    expect(form).toContain('method="post"');
    expect(html.replace(/&#x27;/g, "'")).toContain(label);
    expect(html).toContain('noindex');
  });
});

it('a German page links owners to /de/login/, not to another language', async () => {
  const html = await (await get('/de/')).text();
  const links = [...html.matchAll(/href="([^"]*login[^"]*)"/g)].map((m) => m[1]);
  expect(links.length).toBeGreaterThan(0);
  expect(links).toEqual(links.map(() => '/de/login/'));
});

describe('logging in', () => {
  it('a correct e-mail and password start a session in a __Host- cookie and go to the portal', async () => {
    const response = await login();
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/fr/login/portail/');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-owner=')) ?? '';
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('the username works as well as the e-mail, in any case', async () => {
    expect((await login('nl', DEMO_OWNER.username.toUpperCase())).headers.get('Location')).toBe('/nl/login/portaal/');
  });

  it.each([
    ['fr', "Le nom d'utilisateur ou le mot de passe est incorrect.", 'Échec de la connexion'],
    ['nl', 'De gebruikersnaam of het wachtwoord is niet correct.', 'Aanmelden mislukt'],
    ['en', 'The username or password are not correct.', 'Login failed'],
  ])('a wrong password (%s) gets the localized message, titled, the same as an unknown user', async (lang, message, title) => {
    const wrong = await login(lang, DEMO_OWNER.email, 'not the password');
    const unknown = await login(lang, 'nobody@example.be', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.text(), await unknown.text()];
    const alert = (html: string) => /<div class="error-summary" role="alert">.*?<\/div>/.exec(html.replace(/&#x27;/g, "'"))?.[0] ?? '';
    expect(alert(a)).toContain(message);
    expect(alert(a)).toContain(title);
    expect(alert(a)).toBe(alert(b));
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('__Host-owner=') && !c.startsWith('__Host-owner=;'))).toBe(false);
  });

  it('keeps the name typed, never the password', async () => {
    const html = await (await login('fr', 'someone@example.be', 'secret-typed')).text();
    expect(html).toContain('value="someone@example.be"');
    expect(html).not.toContain('secret-typed');
  });

  it('empty fields get field messages, not a 5xx', async () => {
    const response = await post('/fr/login/', {});
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('est un champ obligatoire');
  });

  it('refuses a cross-site post', async () => {
    const response = await post('/fr/login/', { username: DEMO_OWNER.email, password: DEMO_OWNER.password }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('__Host-owner='))).toBe(false);
  });

  it('30 wrong attempts on one account: 10 answered, then 429 with Retry-After, never 5xx; the right password waits too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await post('/fr/login/', { username: DEMO_OWNER.email, password: `wrong ${i}` });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect(await response.text()).toContain('Trop de tentatives échouées pour ce compte');
      } else await response.body?.cancel();
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect((await login()).status).toBe(429);
    // Another account is not affected.
    expect((await login('fr', 'jdupont', OTHER_PASSWORD)).status).toBe(303);
  });

  it('an unknown account is limited the same way (nothing tells which accounts exist)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/fr/login/', { username: 'ghost@example.be', password: 'x' })).status);
    expect(statuses.at(9)).toBe(401);
    expect(statuses.at(10)).toBe(429);
  });

  it('one address trying many accounts meets the per-IP limit', async () => {
    const statuses: number[] = [];
    // 45 tries: even if the limiter's minute turns over once meanwhile, one side holds more than 20.
    for (let i = 0; i < 45; i++) statuses.push((await post('/fr/login/', { username: `user${i}@example.be`, password: 'x' }, {}, '203.0.113.77')).status);
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });
});

describe('the portal', () => {
  it('shows the owner their properties, visit counts, a 30-day chart with a text alternative, history and media', async () => {
    const cookie = sessionOf(await login());
    const response = await get('/fr/login/portail/', cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('Bienvenue, Claire Lambert');
    for (const id of DEMO_OWNER.properties) expect(html).toContain(`/fr/login/portail/${id}/`);
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html.match(/class="owner-chart__bar"/g)).toHaveLength(30);
    expect(html).toContain('<figcaption');
    expect(html).toContain('<details class="owner-chart__table">');
    expect(html).toContain('Immoweb');
    expect(html).toContain('Visite du bien');
    // The figures say how fresh they are: the agency's records of this morning, in Brussels time.
    expect(html).toMatch(/<p class="owner-as-of">Chiffres du \d{1,2}\/\d{1,2} à 0?7:00<\/p>/);
    expect(html).toContain('noindex');
  });

  it('in Dutch, the agents’ French notes are marked as French, and the owner is told so; in French, no such note', async () => {
    const cookie = sessionOf(await login('nl'));
    const html = await (await get('/nl/login/portaal/', cookie)).text();
    expect(html).toContain('Onderwerpen en opmerkingen zijn die van onze makelaars, zoals ze ze schreven, in het Frans.');
    expect(html).toMatch(/<td lang="fr">[^<]*Visite du bien/);
    const french = await (await get('/fr/login/portail/', sessionOf(await login()))).text();
    expect(french).not.toContain('tels qu’ils les ont écrits');
  });

  it('one property: its own figures; the chooser is a GET form whose choice becomes the path', async () => {
    const cookie = sessionOf(await login());
    const chosen = await get('/fr/login/portail/?property=2077', cookie);
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('Location')).toBe('/fr/login/portail/2077/');
    const html = await (await get('/fr/login/portail/2077/', cookie)).text();
    expect(html).toContain('<option value="2077" selected="">');
    expect(html).not.toContain('Gembloux –');
  });

  it('another owner’s property is not found, by URL or by API', async () => {
    const cookie = sessionOf(await login());
    expect((await get(`/fr/login/portail/${OTHER_PROPERTY}/`, cookie)).status).toBe(404);
    expect((await get(`/fr/login/portail/999999/`, cookie)).status).toBe(404);
    expect((await get(`/api/owner/properties/${OTHER_PROPERTY}`, cookie)).status).toBe(404);
    expect((await get(`/api/owner/properties/abc`, cookie)).status).toBe(404);
    const pageApi = await get(`/api/page?lang=fr&path=${encodeURIComponent(`/fr/login/portail/${OTHER_PROPERTY}/`)}`, cookie);
    expect(pageApi.status).toBe(404);
    const own = await get('/api/owner/properties/2077', cookie);
    expect(own.status).toBe(200);
    const data: { selected: number; daily: unknown[]; visits: { total: number } } = await own.json();
    expect(data.selected).toBe(2077);
    expect(data.daily).toHaveLength(30);
    expect(data.visits.total).toBeGreaterThan(0);
  });

  it('the API lists only the owner’s properties', async () => {
    const cookie = sessionOf(await login('fr', 'jdupont', OTHER_PASSWORD));
    const data: { properties: { id: number }[] } = await (await get('/api/owner/properties', cookie)).json();
    expect(data.properties.map((p) => p.id)).toEqual([OTHER_PROPERTY]);
    expect((await get('/fr/login/portail/2077/', cookie)).status).toBe(404);
  });

  it('without a session: the portal sends to the login page, the API answers 401', async () => {
    const response = await get('/fr/login/portail/');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/fr/login/');
    expect((await get('/api/owner/properties')).status).toBe(401);
  });

  it('client-side navigation gets the same page data from /api/page', async () => {
    const cookie = sessionOf(await login());
    const data: { kind: string; head: { noindex: boolean } } = await (await get(`/api/page?lang=nl&path=${encodeURIComponent('/nl/login/portaal/')}`, cookie)).json();
    expect(data.kind).toBe('owner-portal');
    expect(data.head.noindex).toBe(true);
    const signedOut: { kind: string } = await (await get(`/api/page?lang=nl&path=${encodeURIComponent('/nl/login/portaal/')}`)).json();
    expect(signedOut.kind).toBe('login');
  });
});

describe('tokens', () => {
  async function portalWith(cookieValue: string): Promise<number> {
    return (await get('/fr/login/portail/', `__Host-owner=${cookieValue}`)).status;
  }
  const now = () => Math.floor(Date.now() / 1000);

  it('a token signed with the worker key works; expired, tampered, alg none or foreign-key tokens do not', async () => {
    const version = (await env.DB.prepare('SELECT token_version AS v FROM owners WHERE id = ?').bind(demoId).first<{ v: number }>())?.v ?? 0;
    const good = await signToken({ sub: demoId, ver: version, iat: now(), exp: now() + 600, auth: now() }, env.TOKEN_KEY);
    expect(await portalWith(good)).toBe(200);
    expect(await portalWith(await signToken({ sub: demoId, ver: version, iat: now() - 7200, exp: now() - 1, auth: now() - 7200 }, env.TOKEN_KEY))).toBe(303);
    expect(await portalWith(await signToken({ sub: demoId, ver: version, iat: now(), exp: now() + 600, auth: now() }, 'not the key'))).toBe(303);
    const [header, , signature] = good.split('.');
    const b64 = (v: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(v)));
    expect(await portalWith(`${header}.${b64({ sub: otherId, ver: 1, iat: now(), exp: now() + 600, auth: now() })}.${signature}`)).toBe(303);
    expect(await portalWith(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: demoId, ver: version, iat: now(), exp: now() + 600, auth: now() })}.`)).toBe(303);
  });

  it('an active owner gets a renewed token', async () => {
    const version = (await env.DB.prepare('SELECT token_version AS v FROM owners WHERE id = ?').bind(demoId).first<{ v: number }>())?.v ?? 0;
    const older = await signToken({ sub: demoId, ver: version, iat: now() - 600, exp: now() + 1200, auth: now() - 600 }, env.TOKEN_KEY);
    const response = await get('/fr/login/portail/', `__Host-owner=${older}`);
    expect(response.status).toBe(200);
    const renewed = sessionOf(response).split('=')[1] ?? '';
    expect(renewed).not.toBe(older);
    expect(await portalWith(renewed)).toBe(200);
  });
});

describe('logging out', () => {
  it('ends the session on every device: a copy of the cookie is refused afterwards', async () => {
    const cookie = sessionOf(await login());
    const elsewhere = sessionOf(await login('nl'));
    expect((await get('/fr/login/portail/', elsewhere)).status).toBe(200);
    const out = await post('/fr/login/deconnexion/', {}, { Cookie: cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get('Location')).toBe('/fr/login/');
    expect(out.headers.getSetCookie().some((c) => c.startsWith('__Host-owner=;') && /Max-Age=0/.test(c))).toBe(true);
    expect((await get('/fr/login/portail/', cookie)).status).toBe(303);
    expect((await get('/nl/login/portaal/', elsewhere)).status).toBe(303);
    expect((await get('/api/owner/properties', elsewhere)).status).toBe(401);
  });
});

describe('forgot password', () => {
  it('answers the same whether or not the account exists; only a real account gets a queued mail', async () => {
    const known = await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.email });
    const unknown = await post('/fr/login/mot-de-passe-oublie/', { username: 'nobody@example.be' });
    expect(known.status).toBe(303);
    expect(unknown.status).toBe(303);
    expect(known.headers.get('Location')).toBe(unknown.headers.get('Location'));
    expect(queued).toHaveLength(1);
    expect(isOwnerResetMessage(queued[0])).toBe(true);
    const page = await get(known.headers.get('Location') ?? '');
    expect(await page.text()).toContain('Si cette adresse correspond à un compte');
  });

  it('sends at most three links an hour to one account', async () => {
    await env.DB.prepare('DELETE FROM owner_resets').run();
    for (let i = 0; i < 5; i++) await post('/fr/login/mot-de-passe-oublie/', { username: DEMO_OWNER.username });
    expect(queued).toHaveLength(3);
  });

  it('the mail goes to the owner, in the language asked, with the link to the reset page, once', async () => {
    await env.DB.prepare('DELETE FROM owner_resets').run();
    await post('/nl/login/wachtwoord-vergeten/', { username: DEMO_OWNER.email });
    const message = queued[0];
    if (!isOwnerResetMessage(message)) throw new Error('no reset message');
    const sent: { to: string; subject: string; body: string; kind: string }[] = [];
    const mailer: Mailer = async (_from, to, mail, kind) => void sent.push({ to, subject: mail.subject, body: mail.text, kind });
    expect(await sendOwnerReset(env, message, mailer)).toBe('sent');
    expect(await sendOwnerReset(env, message, mailer)).toBe('already-sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(DEMO_OWNER.email);
    expect(sent[0]?.body).toContain(`${ORIGIN}/nl/login/nieuw-wachtwoord/#token=${message.ownerReset.token}`);
    expect(sent[0]?.body).toContain('60 minuten');
    expect(sent[0]?.kind).toBe('owner-reset');
    // Under the agency's band it opens with what it is about, never with a greeting meant for the portal.
    expect(sent[0]?.body.split('\r\n')[1]?.startsWith('U vroeg een nieuw wachtwoord')).toBe(true);
    expect(sent[0]?.body).not.toMatch(/Welkom|Bienvenue/);
    expect(sent[0]?.subject).toContain('Wachtwoord opnieuw instellen');
  });

  it('a failed send is released so the queue retries it', async () => {
    await env.DB.prepare('DELETE FROM owner_resets').run();
    const token = await createReset(env.DB, demoId, 'fr', Math.floor(Date.now() / 1000));
    const admission = await admit(env.DB, { to: DEMO_OWNER.email, budget: 'owner-reset', sender: '203.0.113.9' });
    const message: OwnerResetMessage = { ownerReset: { ownerId: demoId, token: token ?? '', lang: 'fr', loginPath: '/fr/login/', pass: admission.ok ? admission.pass : '' } };
    await expect(sendOwnerReset(env, message, async () => Promise.reject(new Error('mail down')))).rejects.toThrow('mail down');
    let count = 0;
    expect(await sendOwnerReset(env, message, async () => void count++)).toBe('sent');
    expect(count).toBe(1);
  });
});

describe('reset link', () => {
  const NEW_PASSWORD = 'a brand new password';

  it('works once: sets the password, ends other sessions, logs in; the second use is refused', async () => {
    await env.DB.prepare('DELETE FROM owner_resets').run();
    const other = sessionOf(await login('fr', 'jdupont', OTHER_PASSWORD));
    const token = (await createReset(env.DB, otherId, 'fr', Math.floor(Date.now() / 1000))) ?? '';
    // Without JavaScript the page asks for the code the mail gives; the fragment never reaches the server.
    const form = await get('/fr/login/nouveau-mot-de-passe/');
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="token"');

    const different = await post('/fr/login/nouveau-mot-de-passe/', { token, password: NEW_PASSWORD, confirm: 'something else' });
    expect(different.status).toBe(422);
    expect(await different.text()).toContain('Les mots de passe ne sont pas identiques');
    const short = await post('/fr/login/nouveau-mot-de-passe/', { token, password: 'short', confirm: 'short' });
    expect(short.status).toBe(422);

    const done = await post('/fr/login/nouveau-mot-de-passe/', { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/fr/login/portail/?done=password');
    const fresh = sessionOf(done);
    expect(await (await get('/fr/login/portail/?done=password', fresh)).text()).toContain('Votre mot de passe a été modifié');
    expect((await get('/fr/login/portail/', other)).status).toBe(303);
    expect((await login('fr', 'jdupont', OTHER_PASSWORD)).status).toBe(401);
    expect((await login('fr', 'jdupont', NEW_PASSWORD)).status).toBe(303);

    const again = await post('/fr/login/nouveau-mot-de-passe/', { token, password: 'yet another password', confirm: 'yet another password' });
    expect(again.status).toBe(410);
    expect((await login('fr', 'jdupont', 'yet another password')).status).toBe(401);
  });

  it('expires after 60 minutes', async () => {
    const token = (await createReset(env.DB, otherId, 'fr', Math.floor(Date.now() / 1000) - 3601)) ?? '';
    expect(token).not.toBe('');
    expect((await post('/fr/login/nouveau-mot-de-passe/', { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(410);
  });

  it.each(['', 'short', 'x'.repeat(43), '../../etc'])('a made-up token (%s) is an invalid link, not an error', async (token) => {
    expect((await post('/fr/login/nouveau-mot-de-passe/', { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(410);
  });
});

describe('visit counting', () => {
  let path = '';
  beforeAll(async () => {
    const repo = await ContentRepository.open(env.CONTENT);
    path = (await repo.listing('fr')).find((c) => c.id === 2058)?.path ?? '';
  });
  beforeEach(async () => {
    forgetSalt();
    await env.DB.batch([env.DB.prepare('DELETE FROM visit_seen'), env.DB.prepare('DELETE FROM property_visits WHERE property_id = 2058')]);
  });
  const visits = async () => (await env.DB.prepare('SELECT SUM(visits) AS n FROM property_visits WHERE property_id = 2058').first<{ n: number | null }>())?.n ?? 0;

  it('counts a property page once per visitor per day, after the answer, without a cookie', async () => {
    const first = await get(path, undefined, { 'CF-Connecting-IP': '192.0.2.10' });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().some((c) => c.startsWith('__Host-owner'))).toBe(false);
    await get(path, undefined, { 'CF-Connecting-IP': '192.0.2.10' });
    expect(await visits()).toBe(1);
    await get(path, undefined, { 'CF-Connecting-IP': '192.0.2.11' });
    expect(await visits()).toBe(2);
    const stored = await env.DB.prepare('SELECT visitor FROM visit_seen').all<{ visitor: string }>();
    expect(stored.results.length).toBeGreaterThan(0);
    expect(stored.results.every((r) => !r.visitor.includes('192.0.2'))).toBe(true);
  });

  it('a visitor paging back to a property the same day costs no second D1 write', async () => {
    await get(path, undefined, { 'CF-Connecting-IP': '192.0.2.20' });
    expect(await visits()).toBe(1);
    // Were the isolate to ask D1 again, this emptied table would let the view count twice.
    await env.DB.prepare('DELETE FROM visit_seen').run();
    await get(path, undefined, { 'CF-Connecting-IP': '192.0.2.20' });
    expect(await visits()).toBe(1);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM visit_seen').first<{ n: number }>())?.n).toBe(0);
  });

  it('a page revalidated with 304 counts for a visitor not yet counted today', async () => {
    const first = await get(path, undefined, { 'CF-Connecting-IP': '192.0.2.40' });
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const again = await get(path, undefined, { 'CF-Connecting-IP': '192.0.2.41', 'If-None-Match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await visits()).toBe(2);
  });

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['HeadlessChrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/141.0 Safari/537.36'],
    ['no user agent', ''],
  ])('does not count %s', async (_name, ua) => {
    await get(path, undefined, { 'User-Agent': ua });
    expect(await visits()).toBe(0);
  });

  it('does not count a prefetch, another page, or a property that is not published', async () => {
    await get(path, undefined, { 'Sec-Purpose': 'prefetch' });
    await get('/fr/');
    await get(path.replace('/2058/', '/999999/'));
    expect(await visits()).toBe(0);
  });

  it('counts a view made by client-side navigation through the beacon, once', async () => {
    const beacon = (body: string) => call('/api/visits', { method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER, 'CF-Connecting-IP': '192.0.2.20', ...SAME_ORIGIN }, body });
    expect((await beacon(path)).status).toBe(204);
    await beacon(path);
    expect(await visits()).toBe(1);
    await beacon('/fr/not/a/property/2058/');
    await beacon('garbage');
    expect(await visits()).toBe(1);
  });

  it('the portal shows today’s counted visits', async () => {
    await get(path, undefined, { 'CF-Connecting-IP': '192.0.2.30' });
    const cookie = sessionOf(await login());
    const data: { visits: { today: number; total: number } } = await (await get('/api/owner/properties/2058', cookie)).json();
    expect(data.visits.today).toBe(1);
    expect(data.visits.total).toBe(1);
  });
});
