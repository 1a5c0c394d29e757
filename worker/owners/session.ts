/**
 * The owner's session: an access token in a `__Host-` cookie (HttpOnly, Secure,
 * SameSite=Lax, Path=/), checked against the owner's current token version on every
 * request and renewed while the owner is active. Functions return Set-Cookie values,
 * so any response (a redirect or a rendered page) can carry them.
 */
import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import { ownerById, type OwnerRow } from './store.ts';
import { freshClaims, renewedClaims, signToken, TOKEN_TTL_SECONDS, verifyToken } from './token.ts';

/** The cookie's name; with the `host` prefix browsers see `__Host-owner` and refuse it without Secure, with a Domain or another Path. */
const NAME = 'owner';

function cookieOf(token: string, maxAge: number): string {
  return generateCookie(NAME, token, { prefix: 'host', path: '/', secure: true, httpOnly: true, sameSite: 'Lax', maxAge });
}

/** The Set-Cookie that starts a session for `owner` (after a correct password or a reset). */
export async function sessionCookie(owner: Pick<OwnerRow, 'id' | 'token_version'>, secret: string): Promise<string> {
  return cookieOf(await signToken(freshClaims(owner.id, owner.token_version), secret), TOKEN_TTL_SECONDS);
}

/** The Set-Cookie that removes the session from this browser; bumping the token version ends it everywhere else. */
export function clearedCookie(): string {
  return cookieOf('', 0);
}

export interface Session {
  owner: OwnerRow;
  /** A renewed token for an active owner, to send back; null when the current one is fresh. */
  renewal: string | null;
}

/**
 * The owner of a valid session, or null. The token must verify, and its version must
 * still be the owner's (a logout or password reset anywhere raised it).
 */
export async function currentSession(c: Context<AppEnv>): Promise<Session | null> {
  const session = await sessionOrGone(c);
  return session === 'gone' ? null : session;
}

/**
 * The session, or 'gone' when its signed cookie names an owner the agency has since
 * removed: that owner is told so, instead of a login that can only fail.
 */
export async function sessionOrGone(c: Context<AppEnv>): Promise<Session | 'gone' | null> {
  const token = getCookie(c, NAME, 'host');
  if (!token) return null;
  const claims = await verifyToken(token, c.env.TOKEN_KEY);
  if (!claims) return null;
  const owner = await ownerById(c.env.DB, claims.sub);
  if (!owner) return 'gone';
  if (owner.token_version !== claims.ver) return null;
  const renewed = renewedClaims(claims);
  return { owner, renewal: renewed ? cookieOf(await signToken(renewed, c.env.TOKEN_KEY), TOKEN_TTL_SECONDS) : null };
}
