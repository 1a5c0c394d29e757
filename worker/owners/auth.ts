/**
 * The owner forms: login, forgot password, reset and logout, plain POSTs answered with
 * 303s or the page again, so everything works without JavaScript.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { FormState, PageData } from '../../domain/page-data.ts';
import { ownerPath } from '../../domain/rules/owner-paths.ts';
import type { AppEnv } from '../env.ts';
import { DECOY_HASH, hashPassword, verifyPassword } from './password.ts';
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/rules/password-rules.ts';
import { accountKey, bumpTokenVersion, claimLoginAttempt, clearAttempts, consumeReset, createReset, findOwner, lockIfExhausted, LOGIN_LOCK_SECONDS, ownerById, resetOwner } from './store.ts';
import { clearedCookie, currentSession, sessionCookie } from './session.ts';
import type { OwnerLockedMessage, OwnerResetMessage } from './mail.ts';
import { reserveMail } from '../forms/mail-quota.ts';
import { MAX_BODY, mightBeOwnerPath, placeOf, clientIp, formOf, ownerPage, loginPage, render, redirect, now, type OwnerPlace } from './place.ts';

export const ownerForms = new Hono<AppEnv>();

ownerForms.post(
  '*',
  (c, next) => (mightBeOwnerPath(c.req.path, false) ? bodyLimit({ maxSize: MAX_BODY, onError: (e) => e.text('Payload too large', 413) })(c, next) : next()),
  async (c, next) => {
    const pathname = c.req.path;
    if (!mightBeOwnerPath(pathname, false)) return next();
    const place = await placeOf(c, pathname);
    if (!place) return next();
    const section = place.section;
    const form = await formOf(c);
    if (section === null) return login(c, place, form);
    if (section === 'forgot') return forgot(c, place, form);
    if (section === 'reset') return reset(c, place, form);
    if (section === 'logout') return logout(c, place);
    return redirect(ownerPath(place.loginPath, place.lang, 'portal'));
  },
);

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
