/**
 * The owner portal: login, forgot password, reset, portal and logout as pages of the
 * site below the login path of the path table (`/fr/login/`, `/fr/login/portail/`, …),
 * plain POST forms answered with 303s so everything works without JavaScript; the JSON
 * API the portal data is also available from; and the beacon that counts property
 * views made by client-side navigation.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isLang, type Lang } from '../../domain/lang.ts';
import type { RoutingBundle } from '../../domain/bundles.ts';
import type { FormState, PageBody, PageData } from '../../domain/page-data.ts';
import { OWNER_SEGMENTS, ownerPath, parseOwnerPath, type OwnerSection } from '../../domain/rules/owner-paths.ts';
import type { AppEnv } from '../env.ts';
import { sameOrigin } from '../security/same-origin.ts';
import { ContentNotPublishedError, ContentRepository } from '../content/repository.ts';
import { resolvePage } from '../pages/resolve.ts';
import { renderPage } from '../ssr/render.tsx';
import { DECOY_HASH, hashPassword, verifyPassword } from './password.ts';
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/rules/password-rules.ts';
import {
  accountKey,
  bumpTokenVersion,
  claimLoginAttempt,
  clearAttempts,
  consumeReset,
  createReset,
  findOwner,
  lockIfExhausted,
  LOGIN_LOCK_SECONDS,
  ownedPropertyIds,
  ownerById,
  resetOwner,
} from './store.ts';
import { clearedCookie, currentSession, sessionCookie, type Session } from './session.ts';
import { portalView } from './stats.ts';
import { brusselsDay } from './calendar.ts';
import { isCountable, later, propertyOfPath, recordVisit } from './visits.ts';
import type { OwnerLockedMessage, OwnerResetMessage } from './mail.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { reserveMail } from '../forms/mail-quota.ts';

export const owners = new Hono<AppEnv>();

const MAX_BODY = 16 * 1024;
const SECTION_SEGMENTS = new Set(Object.values(OWNER_SEGMENTS).flatMap((bySection) => Object.values(bySection)));
/** Messages the portal shows once after a redirect, by the `done` query value. */
const NOTICES: Record<string, string> = { password: 'PASSWORD_CHANGED' };

/** Where an owner request is: the published content, the page language and the login page it hangs below. */
interface OwnerPlace {
  repo: ContentRepository;
  routing: RoutingBundle;
  lang: Lang;
  loginPath: string;
  section: OwnerSection | null;
  propertyId: number | null;
  origin: string;
}

/** A cheap first look (no I/O): could this path be a page of the owner flow? */
function mightBeOwnerPath(pathname: string, section: boolean): boolean {
  const parts = pathname.split('/').filter(Boolean);
  if (!pathname.endsWith('/') || parts.length < 2 || !isLang(parts[0])) return false;
  if (!section) return true;
  const last = /^\d+$/.test(parts.at(-1) ?? '') ? parts.at(-2) : parts.at(-1);
  return last !== undefined && SECTION_SEGMENTS.has(last);
}

/** The owner place of `pathname`, or null when it is not below a login page of the path table. */
async function placeOf(c: Context<AppEnv>, pathname: string): Promise<OwnerPlace | null> {
  const lang = pathname.split('/')[1];
  if (!isLang(lang)) return null;
  const parsed = parseOwnerPath(pathname, lang);
  const loginPath = parsed?.loginPath ?? pathname;
  let repo: ContentRepository;
  try {
    repo = await ContentRepository.open(c.env.CONTENT);
  } catch (error) {
    if (error instanceof ContentNotPublishedError) return null;
    throw error;
  }
  const routing = await repo.routing();
  const target = routing.paths[loginPath];
  if (target?.kind !== 'login' || target.lang !== lang) return null;
  return { repo, routing, lang, loginPath, section: parsed?.section ?? null, propertyId: parsed?.propertyId ?? null, origin: siteOrigin(c.env) };
}

function clientIp(c: Context<AppEnv>): string {
  return c.req.header('CF-Connecting-IP') ?? 'local';
}

async function formOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  try {
    const form = await c.req.formData();
    const out: Record<string, string> = {};
    for (const [key, value] of form.entries()) if (typeof value === 'string' && !(key in out)) out[key] = value;
    return out;
  } catch {
    return {};
  }
}

/** The page data of an owner page: the login page's head, twins and breadcrumb, moved to `path`. */
async function ownerPage(
  place: OwnerPlace,
  section: OwnerSection,
  body: PageBody,
  options: { propertyId?: number | null; crumb?: string; status?: PageData['status']; formState?: FormState } = {},
): Promise<PageData> {
  const { repo, routing, lang, loginPath, origin } = place;
  const [base, site] = await Promise.all([resolvePage({ repo, routing, origin, lang, pathname: loginPath, search: {} }), repo.site(lang)]);
  const t = (key: string) => site.dict[key] ?? key;
  const titleKey = section === 'portal' ? 'OWNER_PORTAL' : section === 'forgot' ? 'FORGOT_PASSWORD' : 'RESET_PASSWORD';
  const path = ownerPath(loginPath, lang, section, options.propertyId);
  const twins: Partial<Record<Lang, string>> = {};
  for (const [l, twin] of Object.entries(base.twins)) if (isLang(l) && twin) twins[l] = ownerPath(twin, l, section, options.propertyId);
  const alternates: Partial<Record<Lang, string>> = {};
  for (const [l, twin] of Object.entries(twins)) if (isLang(l) && twin) alternates[l] = `${origin}${twin}`;
  const defaultTwin = twins[routing.defaultLang];
  const portalCrumb = { label: t('OWNER_PORTAL'), path: ownerPath(loginPath, lang, 'portal') };
  const breadcrumb = [...base.breadcrumb, section === 'portal' ? portalCrumb : { label: t(titleKey), path }, ...(options.crumb ? [{ label: options.crumb, path }] : [])];
  return {
    ...body,
    head: {
      ...base.head,
      title: `${options.crumb ?? t(titleKey)} | ${site.agency.name}`,
      canonical: `${origin}${path}`,
      alternates,
      xDefault: defaultTwin ? `${origin}${defaultTwin}` : null,
      noindex: true,
      image: null,
    },
    twins,
    breadcrumb,
    status: options.status ?? 200,
    preview: false,
    ...(options.formState ? { formState: options.formState } : {}),
  };
}

/** The login page itself with an error or input kept, as resolvePage gives it otherwise. */
async function loginPage(place: OwnerPlace, formState?: FormState): Promise<PageData> {
  const { repo, routing, lang, loginPath, origin } = place;
  const base = await resolvePage({ repo, routing, origin, lang, pathname: loginPath, search: {} });
  return formState ? { ...base, formState } : base;
}

/**
 * Renders `data` at its path through the route tree, so an owner page is a real page of
 * the site (layout, language switcher, hydration); never cached, never indexed.
 */
async function render(c: Context<AppEnv>, place: OwnerPlace, data: PageData, status: number, cookies: (string | null)[] = []): Promise<Response> {
  const { repo, routing, origin } = place;
  const path = new URL(data.head.canonical).pathname;
  const content = {
    site: (l: Lang) => repo.site(l),
    page: async (l: Lang, p: string, search: Record<string, unknown>) => (l === place.lang && p === path ? data : resolvePage({ repo, routing, origin, lang: l, pathname: p, search })),
  };
  // The page's own URL keeps its query (?sent=1, ?done=…): the browser hydrates what the server rendered without asking again.
  const own = new URL(c.req.url);
  const url = c.req.method === 'GET' && own.pathname === path ? own : new URL(path, c.req.url);
  const rendered = await renderPage(new Request(url, { headers: c.req.raw.headers }), { content, negotiatedLang: place.lang }, c.get('nonce'));
  const response = new Response(rendered.body, { status, headers: rendered.headers });
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('Content-Language', place.lang);
  response.headers.set('X-Robots-Tag', 'noindex');
  for (const cookie of cookies) if (cookie) response.headers.append('Set-Cookie', cookie);
  return response;
}

function redirect(location: string, cookies: (string | null)[] = []): Response {
  const response = new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  for (const cookie of cookies) if (cookie) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** The portal page data for a session, or null when the property asked for is not the owner's. */
async function portalPage(db: D1Database, place: OwnerPlace, session: Session, propertyId: number | null, noticeKey: string | null): Promise<PageData | null> {
  const owned = await ownedPropertyIds(db, session.owner.id);
  if (propertyId !== null && !owned.includes(propertyId)) return null;
  const cards = await place.repo.listing(place.lang);
  const portal = await portalView(db, { ownerId: session.owner.id, ownerName: session.owner.name || session.owner.username, owned, selected: propertyId, cards, today: brusselsDay(), noticeKey });
  const chosen = propertyId === null ? undefined : portal.properties.find((p) => p.id === propertyId);
  const crumb = chosen ? [chosen.title, chosen.city].filter(Boolean).join(' – ') || `#${chosen.id}` : undefined;
  return ownerPage(place, 'portal', { kind: 'owner-portal', portal }, { propertyId, ...(crumb ? { crumb } : {}) });
}

/** The not-found page at `path`: what an owner sees for a property id that is not theirs. */
async function notFoundData(place: OwnerPlace, path: string): Promise<PageData> {
  const site = await place.repo.site(place.lang);
  const t = (key: string) => site.dict[key] ?? key;
  return {
    kind: 'not-found',
    what: 'page',
    listPath: null,
    head: {
      title: `${t('PAGE_NOT_FOUND')} | ${site.agency.name}`,
      description: t('PAGE_NOT_FOUND_TEXT'),
      canonical: `${place.origin}${path}`,
      alternates: {},
      xDefault: null,
      noindex: true,
      image: null,
    },
    breadcrumb: [],
    twins: {},
    status: 404,
    preview: false,
  };
}

// ---------------------------------------------------------------- pages (GET)

owners.get('*', async (c, next) => {
  const pathname = c.req.path;
  if (!mightBeOwnerPath(pathname, true)) return next();
  const place = await placeOf(c, pathname);
  if (!place?.section) return next();
  switch (place.section) {
    case 'forgot':
      return render(c, place, await ownerPage(place, 'forgot', { kind: 'owner-forgot', sent: c.req.query('sent') === '1' }), 200);
    case 'reset': {
      // The token is in the link's fragment, which never reaches a server or a Referer: the
      // page's script moves it into the form (without JavaScript the owner pastes the code).
      // A query string (an old link's ?token=) is dropped from the address bar unused.
      if (new URL(c.req.url).search !== '') {
        const clean = redirect(ownerPath(place.loginPath, place.lang, 'reset'));
        clean.headers.set('Referrer-Policy', 'same-origin');
        return clean;
      }
      const response = await render(c, place, await ownerPage(place, 'reset', { kind: 'owner-reset', token: '', valid: true }), 200);
      // No Referer leaves the site from this page. Not 'no-referrer': browsers then send
      // `Origin: null` with the form's POST, which the same-origin check must refuse.
      response.headers.set('Referrer-Policy', 'same-origin');
      return response;
    }
    case 'logout':
      return redirect(place.loginPath);
    case 'portal': {
      const session = await currentSession(c);
      if (!session) return redirect(place.loginPath, [clearedCookie()]);
      // The property chooser is a GET form: its choice becomes the property's own path.
      const chosen = c.req.query('property');
      if (chosen !== undefined && place.propertyId === null) {
        const id = /^\d{1,12}$/.test(chosen) ? Number(chosen) : null;
        return redirect(ownerPath(place.loginPath, place.lang, 'portal', id), [session.renewal]);
      }
      const data = await portalPage(c.env.DB, place, session, place.propertyId, NOTICES[c.req.query('done') ?? ''] ?? null);
      if (!data) return render(c, place, await notFoundData(place, pathname), 404, [session.renewal]);
      return render(c, place, data, 200, [session.renewal]);
    }
  }
});

// ---------------------------------------------------------------- forms (POST)

owners.post(
  '*',
  (c, next) => (mightBeOwnerPath(c.req.path, false) ? bodyLimit({ maxSize: MAX_BODY, onError: (e) => e.text('Payload too large', 413) })(c, next) : next()),
  async (c, next) => {
    const pathname = c.req.path;
    if (!mightBeOwnerPath(pathname, false)) return next();
    const place = await placeOf(c, pathname);
    if (!place) return next();
    const section = place.section;
    // A cross-site post lands on the login page with a message, whatever it aimed at.
    if (!sameOrigin(c)) return render(c, place, await loginPage(place, { form: 'owner-login', values: {}, errors: [{ field: '', key: 'FORBIDDEN' }] }), 403);
    const form = await formOf(c);
    if (section === null) return login(c, place, form);
    if (section === 'forgot') return forgot(c, place, form);
    if (section === 'reset') return reset(c, place, form);
    if (section === 'logout') return logout(c, place);
    return redirect(ownerPath(place.loginPath, place.lang, 'portal'));
  },
);

function now(): number {
  return Math.floor(Date.now() / 1000);
}

async function tooMany(c: Context<AppEnv>, place: OwnerPlace, data: PageData, retryAfter: number): Promise<Response> {
  const response = await render(c, place, data, 429);
  response.headers.set('Retry-After', String(retryAfter));
  return response;
}

/**
 * Username or e-mail plus password; one answer for an unknown user and a wrong password.
 * The attempt is counted against the account before the password is judged (so parallel
 * guesses cannot race past the limit), and an unknown identifier is counted and locked
 * exactly like an account, so neither the answers nor their timing tell them apart.
 */
async function login(c: Context<AppEnv>, place: OwnerPlace, form: Record<string, string>): Promise<Response> {
  const identifier = (form.username ?? '').trim().slice(0, 200);
  const password = (form.password ?? '').slice(0, PASSWORD_MAX_LENGTH + 1);
  const values = { username: identifier };
  const { success } = await c.env.LOGIN_LIMITER.limit({ key: `login:${clientIp(c)}` });
  if (!success) return tooMany(c, place, await loginPage(place, { form: 'owner-login', values, errors: [{ field: '', key: 'TOO_MANY_REQUESTS' }] }), 60);
  if (identifier === '' || password === '') {
    const errors = [...(identifier === '' ? [{ field: 'username', key: 'REQUIRED_FIELD' }] : []), ...(password === '' ? [{ field: 'password', key: 'REQUIRED_FIELD' }] : [])];
    return render(c, place, await loginPage(place, { form: 'owner-login', values, errors }), 422);
  }
  const owner = await findOwner(c.env.DB, identifier);
  const account = accountKey(owner, identifier);
  const at = now();
  const claim = await claimLoginAttempt(c.env.DB, account, at);
  if (!claim.allowed) {
    const minutes = Math.ceil(claim.retryAfter / 60);
    return tooMany(c, place, await loginPage(place, { form: 'owner-login', values: { ...values, minutes: String(minutes) }, errors: [{ field: '', key: 'LOGIN_LOCKED' }] }), claim.retryAfter);
  }
  // An unknown name costs a hash too, so timing does not tell which accounts exist.
  const ok = await verifyPassword(password, owner?.password_hash ?? DECOY_HASH, c.env.PASSWORD_PEPPER);
  if (!owner || !ok) {
    // One mail per lock, and never more than the owner's daily quota of mails a stranger can cause.
    if ((await lockIfExhausted(c.env.DB, account, at)) && owner && (await reserveMail(c.env.DB, { recipient: owner.email, sender: clientIp(c) })) === 'ok') await queueLockMail(c, place, owner.id);
    return render(c, place, await loginPage(place, { form: 'owner-login', values, errors: [{ field: '', key: 'LOGIN_FAILED' }] }), 401);
  }
  await clearAttempts(c.env.DB, account);
  return redirect(ownerPath(place.loginPath, place.lang, 'portal'), [await sessionCookie(owner, c.env.TOKEN_KEY)]);
}

/** Tells the owner their account was locked (once per lock), with the way back: a reset. */
async function queueLockMail(c: Context<AppEnv>, place: OwnerPlace, ownerId: number): Promise<void> {
  const message: OwnerLockedMessage = { ownerLocked: { ownerId, lang: place.lang, loginPath: place.loginPath, minutes: LOGIN_LOCK_SECONDS / 60 } };
  try {
    await c.env.NOTIFY.send(message);
  } catch (error) {
    // The lock holds either way; only the warning is lost.
    console.error('lock mail not queued', ownerId, error);
  }
}

/** Same answer whether or not the account exists; the mail goes through the queue. */
async function forgot(c: Context<AppEnv>, place: OwnerPlace, form: Record<string, string>): Promise<Response> {
  const identifier = (form.username ?? '').trim().slice(0, 200);
  const { success } = await c.env.LOGIN_LIMITER.limit({ key: `forgot:${clientIp(c)}` });
  const page = (formState: FormState) => ownerPage(place, 'forgot', { kind: 'owner-forgot', sent: false }, { formState });
  if (!success) return tooMany(c, place, await page({ form: 'owner-forgot', values: { username: identifier }, errors: [{ field: '', key: 'TOO_MANY_REQUESTS' }] }), 60);
  if (identifier === '') return render(c, place, await page({ form: 'owner-forgot', values: {}, errors: [{ field: 'username', key: 'REQUIRED_FIELD' }] }), 422);
  const owner = await findOwner(c.env.DB, identifier);
  // The reset mail goes to an address someone typed the name of: it counts against that
  // inbox's daily quota like any mail a visitor asks for. Refused, the answer is the same.
  if (owner && (await reserveMail(c.env.DB, { recipient: owner.email, sender: clientIp(c) })) === 'ok') {
    const token = await createReset(c.env.DB, owner.id, place.lang, now());
    if (token) {
      const message: OwnerResetMessage = { ownerReset: { ownerId: owner.id, token, lang: place.lang, loginPath: place.loginPath } };
      try {
        await c.env.NOTIFY.send(message);
      } catch (error) {
        // The visitor gets the same answer; they can ask again.
        console.error('reset mail not queued', owner.id, error);
      }
    }
  }
  return redirect(`${ownerPath(place.loginPath, place.lang, 'forgot')}?sent=1`);
}

/** A new password through a reset link: used once, then every session of the owner ends and a new one starts here. */
async function reset(c: Context<AppEnv>, place: OwnerPlace, form: Record<string, string>): Promise<Response> {
  const token = (form.token ?? '').slice(0, 100);
  const password = form.password ?? '';
  const confirm = form.confirm ?? '';
  const page = (valid: boolean, formState?: FormState) => ownerPage(place, 'reset', { kind: 'owner-reset', token, valid }, { status: valid ? 200 : 410, ...(formState ? { formState } : {}) });
  const { success } = await c.env.LOGIN_LIMITER.limit({ key: `reset:${clientIp(c)}` });
  if (!success) return tooMany(c, place, await page(true, { form: 'owner-reset', values: {}, errors: [{ field: '', key: 'TOO_MANY_REQUESTS' }] }), 60);
  if ((await resetOwner(c.env.DB, token, now())) === null) return render(c, place, await page(false), 410);
  const problem = passwordProblem(password, confirm);
  if (problem) {
    const field = problem === 'PASSWORDS_DIFFERENT' ? 'confirm' : 'password';
    return render(c, place, await page(true, { form: 'owner-reset', values: { min: String(PASSWORD_MIN_LENGTH), max: String(PASSWORD_MAX_LENGTH) }, errors: [{ field, key: problem }] }), 422);
  }
  const ownerId = await consumeReset(c.env.DB, token, await hashPassword(password, c.env.PASSWORD_PEPPER), now());
  const owner = ownerId === null ? null : await ownerById(c.env.DB, ownerId);
  if (!owner) return render(c, place, await page(false), 410);
  return redirect(`${ownerPath(place.loginPath, place.lang, 'portal')}?done=password`, [await sessionCookie(owner, c.env.TOKEN_KEY)]);
}

/** Ends the session here and everywhere: the token version moves on, so every copy of any token is refused. */
async function logout(c: Context<AppEnv>, place: OwnerPlace): Promise<Response> {
  const session = await currentSession(c);
  if (session) await bumpTokenVersion(c.env.DB, session.owner.id);
  return redirect(place.loginPath, [clearedCookie()]);
}

// ---------------------------------------------------------------- JSON

function json(c: Context<AppEnv>, body: unknown, status: 200 | 400 | 401 | 404, cookies: (string | null)[] = []): Response {
  const response = c.json(body, status, { 'Cache-Control': 'private, no-store' });
  for (const cookie of cookies) if (cookie) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** Owner pages the browser navigates to client-side get the same data SSR would render. */
owners.get('/api/page', async (c, next) => {
  const path = c.req.query('path') ?? '';
  if (path.length > 512 || !mightBeOwnerPath(path, true)) return next();
  const place = await placeOf(c, path);
  if (!place?.section) return next();
  if (place.section === 'forgot') return json(c, await ownerPage(place, 'forgot', { kind: 'owner-forgot', sent: false }), 200);
  if (place.section === 'reset') return json(c, await ownerPage(place, 'reset', { kind: 'owner-reset', token: '', valid: true }), 200);
  const session = await currentSession(c);
  // Signed out (or another device logged out): the login page, whose form says where to post.
  if (!session) return json(c, await loginPage(place), 200, [clearedCookie()]);
  const data = await portalPage(c.env.DB, place, session, place.section === 'portal' ? place.propertyId : null, null);
  if (!data) return json(c, await notFoundData(place, path), 404, [session.renewal]);
  return json(c, data, 200, [session.renewal]);
});

/** The owner's properties with their visit counts. */
owners.get('/api/owner/properties', async (c) => {
  const session = await currentSession(c);
  if (!session) return json(c, { error: 'not-logged-in' }, 401);
  const data = await apiPortal(c, session, null);
  return json(c, data ? { properties: data.properties } : { error: 'not-found' }, data ? 200 : 404, [session.renewal]);
});

/** One property's statistics; another owner's property is not found, like one that does not exist. */
owners.get('/api/owner/properties/:id', async (c) => {
  const session = await currentSession(c);
  if (!session) return json(c, { error: 'not-logged-in' }, 401);
  const raw = c.req.param('id');
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  const data = id === null ? null : await apiPortal(c, session, id);
  if (!data) return json(c, { error: 'not-found' }, 404, [session.renewal]);
  return json(c, data, 200, [session.renewal]);
});

async function apiPortal(c: Context<AppEnv>, session: Session, propertyId: number | null) {
  const owned = await ownedPropertyIds(c.env.DB, session.owner.id);
  if (propertyId !== null && !owned.includes(propertyId)) return null;
  const repo = await ContentRepository.open(c.env.CONTENT);
  const routing = await repo.routing();
  const asked = c.req.query('lang');
  const lang = isLang(asked) && routing.languages.includes(asked) ? asked : routing.defaultLang;
  return portalView(c.env.DB, {
    ownerId: session.owner.id,
    ownerName: session.owner.name || session.owner.username,
    owned,
    selected: propertyId,
    cards: await repo.listing(lang),
    today: brusselsDay(),
  });
}

/**
 * A property page shown by client-side navigation (no request for its HTML): the page
 * sends its path. Counted like a rendered page, after the answer, if the path is a
 * published property's.
 */
owners.post('/api/visits', async (c) => {
  // Like every POST, a cross-site one is refused (issue 10); a bot is simply not counted.
  if (!sameOrigin(c)) return c.json({ error: 'FORBIDDEN' }, 403);
  if (!isCountable(c.req.raw.headers)) return c.body(null, 204);
  const path = (await c.req.text().catch(() => '')).slice(0, 512);
  const property = propertyOfPath(path);
  if (!property) return c.body(null, 204);
  const ip = clientIp(c);
  later(
    c,
    (async () => {
      const repo = await ContentRepository.open(c.env.CONTENT);
      const card = (await repo.listing(property.lang)).find((p) => p.id === property.id);
      if (card?.path === path) await recordVisit(c.env.DB, { propertyId: property.id, lang: property.lang, ip });
    })(),
  );
  return c.body(null, 204);
});
