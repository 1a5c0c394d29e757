/**
 * Owner passwords: PBKDF2-SHA256 over an HMAC of the password keyed by a pepper secret,
 * so a leaked database alone is not enough to start guessing. Stored as
 * `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url), so the count can change later.
 */
import { equalBytes } from '../security/secrets.ts';

/** Cloudflare Workers refuse PBKDF2 above 100,000 iterations in production; higher counts only work locally. */
export const PBKDF2_MAX_ITERATIONS = 100_000;
export const PBKDF2_ITERATIONS = 100_000;
const encoder = new TextEncoder();

/** URL-safe base64 without padding, as JWTs and our hash records use. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of URL-safe base64, or null when the text is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function peppered(password: string, pepper: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', key, encoder.encode(password));
}

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey('raw', await peppered(password, pepper), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256));
}

/** A new salted, peppered hash of `password` for storing. */
export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

/**
 * True when `password` matches `stored`. A malformed record, or one with more iterations
 * than production allows, never matches (and costs no hashing).
 */
export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, count, saltText, hashText] = stored.split('$');
  const iterations = Number(count);
  if (scheme !== 'pbkdf2-sha256' || !Number.isSafeInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) return false;
  const salt = fromBase64Url(saltText ?? '');
  const expected = fromBase64Url(hashText ?? '');
  if (!salt || !expected || salt.length < 8 || expected.length !== 32) return false;
  return equalBytes(await derive(password, pepper, salt, iterations), expected);
}

/**
 * A well-formed hash of a random password: checked against when no account matches,
 * so an unknown username costs the same time as a wrong password.
 */
export const DECOY_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

/** A random password an operator can read out: 16 characters without look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : generatePassword(length);
}
