/**
 * Owner access tokens: a compact JWT (HS256) signed with the TOKEN_KEY secret. The header
 * is pinned (a token naming any other algorithm, `none` included, is refused before its
 * signature is looked at), and the owner's token version inside lets one UPDATE end
 * every session of that owner.
 */
import { fromBase64Url, toBase64Url } from './password.ts';

/** An access token lives this long; an active owner gets a fresh one on every request after RENEW_AFTER. */
export const TOKEN_TTL_SECONDS = 30 * 60;
export const RENEW_AFTER_SECONDS = 5 * 60;
/** However active, an owner logs in again after this long. */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  /** Owner id. */
  sub: number;
  /** The owner's token version when the token was issued. */
  ver: number;
  iat: number;
  exp: number;
  /** When the owner typed the password: renewals keep it, so a session cannot outlive SESSION_MAX_SECONDS. */
  auth: number;
}

const HEADER = toBase64Url(new TextEncoder().encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/** Signs `claims` into `header.payload.signature`. */
export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await keyFor(secret), new TextEncoder().encode(`${HEADER}.${payload}`));
  return `${HEADER}.${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = Object.fromEntries(Object.entries(value));
  return ['sub', 'ver', 'iat', 'exp', 'auth'].every((k) => Number.isSafeInteger(v[k]));
}

/**
 * The claims of a token this worker signed that has not expired, or null: a wrong
 * header (alg none, RS256, …), a bad signature, a malformed payload or an expired token.
 */
export async function verifyToken(token: string, secret: string, now = Math.floor(Date.now() / 1000)): Promise<TokenClaims | null> {
  if (token.length > 1024) return null;
  const [header, payload, signature, ...rest] = token.split('.');
  if (rest.length > 0 || header !== HEADER || !payload || !signature) return null;
  const sig = fromBase64Url(signature);
  if (!sig || sig.length !== 32) return null;
  const valid = await crypto.subtle.verify('HMAC', await keyFor(secret), sig, new TextEncoder().encode(`${header}.${payload}`));
  if (!valid) return null;
  const bytes = fromBase64Url(payload);
  if (!bytes) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  if (!isClaims(claims)) return null;
  if (claims.exp <= now || claims.iat > now + 60 || claims.auth + SESSION_MAX_SECONDS <= now) return null;
  return claims;
}

/** New claims for an owner who just logged in. */
export function freshClaims(ownerId: number, version: number, now = Math.floor(Date.now() / 1000)): TokenClaims {
  return { sub: ownerId, ver: version, iat: now, exp: now + TOKEN_TTL_SECONDS, auth: now };
}

/** Renewed claims for an active owner, or null when the token is still fresh enough to keep. */
export function renewedClaims(claims: TokenClaims, now = Math.floor(Date.now() / 1000)): TokenClaims | null {
  if (now - claims.iat < RENEW_AFTER_SECONDS) return null;
  return { ...claims, iat: now, exp: Math.min(now + TOKEN_TTL_SECONDS, claims.auth + SESSION_MAX_SECONDS) };
}
