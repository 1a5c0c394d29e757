import { describe, expect, it } from 'vitest';
import { toBase64Url } from './password.ts';
import { freshClaims, renewedClaims, RENEW_AFTER_SECONDS, SESSION_MAX_SECONDS, signToken, TOKEN_TTL_SECONDS, verifyToken } from './token.ts';

const SECRET = 'token-secret';
const NOW = 1_800_000_000;
const b64 = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

async function hmac(data: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(data))));
}

describe('access tokens', () => {
  const claims = freshClaims(7, 3, NOW);

  it('round-trips the claims of a token this worker signed', async () => {
    const token = await signToken(claims, SECRET);
    expect(token.split('.')).toHaveLength(3);
    expect(await verifyToken(token, SECRET, NOW + 10)).toEqual({ sub: 7, ver: 3, iat: NOW, exp: NOW + TOKEN_TTL_SECONDS, auth: NOW });
  });

  it('refuses an expired token', async () => {
    const token = await signToken(claims, SECRET);
    expect(await verifyToken(token, SECRET, NOW + TOKEN_TTL_SECONDS)).toBeNull();
  });

  it('refuses a token signed with another key', async () => {
    expect(await verifyToken(await signToken(claims, 'another key'), SECRET, NOW)).toBeNull();
  });

  it('refuses a tampered payload', async () => {
    const [header, , signature] = (await signToken(claims, SECRET)).split('.');
    expect(await verifyToken(`${header}.${b64({ ...claims, sub: 8 })}.${signature}`, SECRET, NOW)).toBeNull();
  });

  it.each([
    ['alg none, no signature', { alg: 'none', typ: 'JWT' }, ''],
    ['alg none with a signature', { alg: 'none', typ: 'JWT' }, 'sig'],
    ['HS512 header', { alg: 'HS512', typ: 'JWT' }, 'sig'],
    ['RS256 header', { alg: 'RS256', typ: 'JWT' }, 'sig'],
    ['header with extra fields', { alg: 'HS256', typ: 'JWT', kid: '1' }, 'sig'],
  ])('refuses %s, even when correctly signed', async (_name, header, mode) => {
    const head = b64(header);
    const payload = b64(claims);
    const signature = mode === '' ? '' : await hmac(`${head}.${payload}`, SECRET);
    expect(await verifyToken(`${head}.${payload}.${signature}`, SECRET, NOW)).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['garbage', 'a.b.c'],
    ['four parts', 'a.b.c.d'],
    ['huge', 'x'.repeat(5000)],
  ])('refuses %s input', async (_name, token) => {
    expect(await verifyToken(token, SECRET, NOW)).toBeNull();
  });

  it('refuses a correctly signed payload without the claims', async () => {
    const head = (await signToken(claims, SECRET)).split('.')[0] ?? '';
    const payload = b64({ sub: '7', ver: 3 });
    expect(await verifyToken(`${head}.${payload}.${await hmac(`${head}.${payload}`, SECRET)}`, SECRET, NOW)).toBeNull();
  });
});

describe('renewal', () => {
  it('keeps a fresh token, renews an older one, never past the session maximum', () => {
    const claims = freshClaims(1, 1, NOW);
    expect(renewedClaims(claims, NOW + RENEW_AFTER_SECONDS - 1)).toBeNull();
    expect(renewedClaims(claims, NOW + RENEW_AFTER_SECONDS)).toEqual({ ...claims, iat: NOW + RENEW_AFTER_SECONDS, exp: NOW + RENEW_AFTER_SECONDS + TOKEN_TTL_SECONDS });
    const late = NOW + SESSION_MAX_SECONDS - 60;
    expect(renewedClaims(claims, late)?.exp).toBe(NOW + SESSION_MAX_SECONDS);
  });

  it('a session ends after the maximum even with renewals', async () => {
    const claims = { ...freshClaims(1, 1, NOW), iat: NOW + SESSION_MAX_SECONDS - 10, exp: NOW + SESSION_MAX_SECONDS + 100 };
    const token = await signToken(claims, SECRET);
    expect(await verifyToken(token, SECRET, NOW + SESSION_MAX_SECONDS - 5)).not.toBeNull();
    expect(await verifyToken(token, SECRET, NOW + SESSION_MAX_SECONDS)).toBeNull();
  });
});
