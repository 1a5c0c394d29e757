/**
 * The owner forms: login, forgot password, reset and logout, plain POSTs answered with
 * 303s or the page again, so everything works without JavaScript.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { FormState, PageData } from '../../domain/page-data.ts';
import { ownerPath } from '../../domain/rules/owner-paths.ts';
import type { AppEnv } from '../env.ts';
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
  ownerById,
  ownerOfCrmLogin,
  resetOwner,
  type OwnerRow,
} from './store.ts';
import { setOwnedProperties } from './figures.ts';
import { configuredFor } from '../crm/configured.ts';
import { boundedFetcher, PULL_LIMITS } from '../../content/crm-bounds.ts';

/** A login waits on the CRM a few seconds at most, then the site's own password decides. */
const CRM_LOGIN_LIMITS = { ...PULL_LIMITS, callMs: 5_000, runMs: 6_000 };
import { clearedCookie, currentSession, sessionCookie } from './session.ts';
import type { OwnerLockedMessage, OwnerResetMessage } from '../queues/messages.ts';
import { admit, admitNow } from '../mail/gate.ts';
import { later } from './page-views.ts';
import { MAX_BODY, mightBeOwnerPath, placeOf, ownerPage, loginPage, render, redirect, now, type OwnerPlace } from './place.ts';
import { every } from 'hono/combine';
import * as z from 'zod/mini';
import type { OwnerSection } from '../../domain/rules/owner-paths.ts';
import { fieldErrors } from '../../domain/forms/schemas.ts';
import { ownerForgotSchema, ownerLoginSchema, ownerResetSchema, type OwnerForgotForm, type OwnerLoginForm, type OwnerResetForm } from '../../domain/forms/owner.ts';
import { clientAddress, rateLimit } from '../security/rate-limit.ts';
import { formBody, validatedThen } from '../validated.ts';
import { refusal } from '../pages/message-page.tsx';

export const ownerForms = new Hono<AppEnv>();

/**
 * Guessing passwords, reset codes and account names is counted per address and page
 * before the body is read; the answer is the form's page with the reason.
 */
const ownerRateLimit = (place: OwnerPlace) =>
  rateLimit({
    limiter: (env) => env.LOGIN_LIMITER,
    key: (c) => (place.section === 'logout' ? null : `${place.section ?? 'login'}:${clientAddress(c)}`),
    refuse: async (c) => tooMany(c, place, await formPage(place, { values: {}, errors: [{ field: '', key: 'TOO_MANY_REQUESTS' }] }), 60),
  });

const ownerBodyLimit = bodyLimit({ maxSize: MAX_BODY, onError: (c) => refusal(c, 413, 'BODY_TOO_LARGE', 'REQUEST_TOO_LONG') });

type OwnerFormHandler<Form> = (c: Context<AppEnv>, place: OwnerPlace, form: Form) => Promise<Response>;

/**
 * One owner form: its fields checked by its schema, then its handler with the typed form.
 * A refusal is the form's page again with the errors and the name typed (never a password).
 */
function ownerForm<Schema extends z.ZodMiniType<Record<string, string>>>(schema: Schema, handle: OwnerFormHandler<z.output<Schema>>) {
  return (place: OwnerPlace): MiddlewareHandler<AppEnv> =>
    validatedThen(
      'form',
      schema,
      async (c, issues, posted) => {
        const username = typeof posted === 'object' && posted !== null && 'username' in posted && typeof posted.username === 'string' ? posted.username.trim().slice(0, 200) : null;
        return render(c, place, await formPage(place, { values: username === null ? {} : { username }, errors: fieldErrors(issues) }), 422);
      },
      (c, form) => handle(c, place, form),
    );
}

/** Each section's form; the login page itself (section null) holds the login form. */
const SECTION_FORMS = {
  login: ownerForm(ownerLoginSchema, login),
  forgot: ownerForm(ownerForgotSchema, forgot),
  reset: ownerForm(ownerResetSchema, reset),
  logout: ownerForm(z.object({}), (c, place) => logout(c, place)),
} satisfies Record<Exclude<OwnerSection, 'portal'> | 'login', unknown>;

/**
 * A POST below a login page of the path table is an owner form; any other goes on to the
 * next route. Each form passes, in order: the rate limit, the body limit, its schema.
 */
ownerForms.post('*', async (c, next) => {
  const place = mightBeOwnerPath(c.req.path, false) ? await placeOf(c, c.req.path) : null;
  if (!place) return next();
  if (place.section === 'portal') return redirect(ownerPath(place.loginPath, place.lang, 'portal'));
  return every(ownerRateLimit(place), ownerBodyLimit, formBody, SECTION_FORMS[place.section ?? 'login'](place))(c, next);
});

async function tooMany(c: Context<AppEnv>, place: OwnerPlace, data: PageData, retryAfter: number): Promise<Response> {
  const response = await render(c, place, data, 429);
  response.headers.set('Retry-After', String(retryAfter));
  return response;
}

/** The page of an owner form, with its state (the input kept, the errors). */
async function formPage(place: OwnerPlace, state: Omit<FormState, 'form'>, token = ''): Promise<PageData> {
  switch (place.section) {
    case 'forgot':
      return ownerPage(place, 'forgot', { kind: 'owner-forgot', sent: false }, { formState: { form: 'owner-forgot', ...state } });
    case 'reset':
      return ownerPage(place, 'reset', { kind: 'owner-reset', token, valid: true }, { formState: { form: 'owner-reset', ...state } });
    default:
      return loginPage(place, { form: 'owner-login', ...state });
  }
}

/**
 * Username or e-mail plus password; one answer for an unknown user and a wrong password.
 * The attempt is counted against the account before the password is judged (so parallel
 * guesses cannot race past the limit), and an unknown identifier is counted and locked
 * exactly like an account, so neither the answers nor their timing tell them apart.
 */
async function login(c: Context<AppEnv>, place: OwnerPlace, form: OwnerLoginForm): Promise<Response> {
  const { username: identifier, password } = form;
  const values = { username: identifier };
  let owner = await findOwner(c.env.DB, identifier);
  const account = accountKey(owner, identifier);
  const at = now();
  const claim = await claimLoginAttempt(c.env.DB, account, at);
  if (!claim.allowed) {
    const minutes = Math.ceil(claim.retryAfter / 60);
    return tooMany(c, place, await loginPage(place, { form: 'owner-login', values: { ...values, minutes: String(minutes) }, errors: [{ field: '', key: 'LOGIN_LOCKED' }] }), claim.retryAfter);
  }
  // An unknown name costs a hash (or a CRM call) too, so timing does not tell which accounts exist.
  const checked = await checkPassword(c, owner, identifier, password);
  const ok = checked.ok;
  if (checked.owner) owner = checked.owner;
  if (!owner || !ok) {
    // One mail per lock, at most one a day: the lock mails' own budget, which no form and no reset can spend.
    if ((await lockIfExhausted(c.env.DB, account, at)) && owner) {
      const admission = await admit(c.env.DB, { to: owner.email, budget: 'owner-lock' });
      if (admission.ok) await queueLockMail(c, place, owner.id, admission.pass);
    }
    return render(c, place, await loginPage(place, { form: 'owner-login', values, errors: [{ field: '', key: 'LOGIN_FAILED' }] }), 401);
  }
  await clearAttempts(c.env.DB, account);
  return redirect(ownerPath(place.loginPath, place.lang, 'portal'), [await sessionCookie(owner, c.env.TOKEN_KEY)]);
}

/**
 * Whether the password opens the account. With a CRM that checks owners' logins, the CRM
 * judges it (the password never reaches D1) and an owner it recognises gets their site
 * account on first login; while that CRM cannot answer, the site's own password works for
 * an owner who chose one with "forgot password".
 */
async function checkPassword(c: Context<AppEnv>, owner: OwnerRow | null, identifier: string, password: string): Promise<{ ok: boolean; owner: OwnerRow | null }> {
  const local = () => verifyPassword(password, owner?.password_hash ?? DECOY_HASH, c.env.PASSWORD_PEPPER);
  const crm = configuredFor(c.env, 'ownerLogin');
  if (!crm) return { ok: await local(), owner };
  try {
    const known = await crm.does(
      owner?.email ?? identifier,
      password,
      crm.settings,
      boundedFetcher((input, init) => fetch(input, init), CRM_LOGIN_LIMITS),
    );
    if (!known) return { ok: false, owner };
    const account = owner ?? (await ownerOfCrmLogin(c.env.DB, known, DECOY_HASH, new Date()));
    // A CRM that names the owner's listings with the login makes them the portal's.
    if (account && known.properties) await setOwnedProperties(c.env.DB, account.id, known.properties);
    return { ok: true, owner: account };
  } catch (error) {
    console.error('CRM login check failed; the site password decides', String(error).slice(0, 200));
    return { ok: await local(), owner };
  }
}

/** Tells the owner their account was locked (once per lock), with the way back: a reset. */
async function queueLockMail(c: Context<AppEnv>, place: OwnerPlace, ownerId: number, pass: string): Promise<void> {
  const message: OwnerLockedMessage = { ownerLocked: { ownerId, lang: place.lang, loginPath: place.loginPath, minutes: LOGIN_LOCK_SECONDS / 60, pass } };
  try {
    await c.env.NOTIFY.send(message);
  } catch (error) {
    // The lock holds either way; only the warning is lost.
    console.error('lock mail not queued', ownerId, error);
  }
}

/**
 * Same answer, in the same time, whether or not the account exists: both paths look the
 * name up and answer, and do the rest after the answer has left. An existing account
 * spends its reset budget, gets a token and a queued mail; an unknown name spends the same
 * budget under a name of its own, so the isolate does the same work either way, and
 * guessing names costs a network the resets it could have asked for.
 */
async function forgot(c: Context<AppEnv>, place: OwnerPlace, form: OwnerForgotForm): Promise<Response> {
  const identifier = form.username;
  const owner = await findOwner(c.env.DB, identifier);
  const sender = clientAddress(c);
  const work = owner ? sendReset(c, place, owner, sender) : admitNow(c.env.DB, { to: `unknown:${identifier.trim().toLowerCase()}`, budget: 'owner-reset', sender });
  later(c, work, 'reset mail not queued');
  return redirect(`${ownerPath(place.loginPath, place.lang, 'forgot')}?sent=1`);
}

/**
 * The reset mail goes to an address someone typed the name of: it counts against the
 * owner's own reset budget (per mailbox, and per sending network, so a stranger's network
 * cannot spend it all), which no form can touch. Refused, nothing is sent.
 */
async function sendReset(c: Context<AppEnv>, place: OwnerPlace, owner: { id: number; email: string }, sender: string): Promise<void> {
  try {
    const admission = await admit(c.env.DB, { to: owner.email, budget: 'owner-reset', sender });
    if (!admission.ok) return;
    const token = await createReset(c.env.DB, owner.id, place.lang, now());
    if (!token) return;
    const message: OwnerResetMessage = { ownerReset: { ownerId: owner.id, token, lang: place.lang, loginPath: place.loginPath, pass: admission.pass } };
    await c.env.NOTIFY.send(message);
  } catch (error) {
    // The visitor got the same answer either way; they can ask again.
    console.error('reset mail not queued', owner.id, error);
  }
}

/** A new password through a reset link: used once, then every session of the owner ends and a new one starts here. */
async function reset(c: Context<AppEnv>, place: OwnerPlace, form: OwnerResetForm): Promise<Response> {
  const { token, password, confirm } = form;
  const page = (valid: boolean, formState?: FormState) => ownerPage(place, 'reset', { kind: 'owner-reset', token, valid }, { status: valid ? 200 : 410, ...(formState ? { formState } : {}) });
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
