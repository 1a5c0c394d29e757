import { describe, expect, it } from 'vitest';
import { parseCsp, scoreHeaders } from './observatory.ts';
import { contentSecurityPolicy } from '../../worker/security/headers.ts';

const GOOD: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy('abc123'),
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Content-Type': 'text/html; charset=utf-8',
};

function headersWith(change: Record<string, string | null>, cookies: string[] = []): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries({ ...GOOD, ...change })) if (v !== null) h.set(k, v);
  for (const c of cookies) h.append('Set-Cookie', c);
  return h;
}

describe('Observatory scoring', () => {
  it.each([
    ['our page headers', {}, [], 110, 'A+'],
    ['our headers with the language cookie', {}, ['lang=fr; Path=/; Max-Age=1; Secure; SameSite=Lax'], 115, 'A+'],
    ['no CSP', { 'Content-Security-Policy': null }, [], 75, 'B'],
    ["'unsafe-inline' scripts", { 'Content-Security-Policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'" }, [], 80, 'B+'],
    ['data: scripts', { 'Content-Security-Policy': "script-src 'self' data:; object-src 'none'; frame-ancestors 'none'" }, [], 80, 'B+'],
    ["'strict-dynamic' without a nonce", { 'Content-Security-Policy': "script-src 'strict-dynamic'" }, [], 75, 'B'],
    ['a directive given twice', { 'Content-Security-Policy': "script-src 'self'; script-src 'none'" }, [], 75, 'B'],
    ["default-src 'none'", { 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" }, [], 120, 'A+'],
    ['no HSTS', { 'Strict-Transport-Security': null }, [], 80, 'B+'],
    // Bonuses count from 90 up: a -10 with the two +5s still reaches A+.
    ['short HSTS', { 'Strict-Transport-Security': 'max-age=300' }, [], 100, 'A+'],
    ['no nosniff', { 'X-Content-Type-Options': null }, [], 105, 'A+'],
    ['no frame-ancestors, no XFO', { 'Content-Security-Policy': "default-src 'self'; object-src 'none'", 'X-Frame-Options': null }, [], 80, 'B+'],
    ['unsafe referrer', { 'Referrer-Policy': 'unsafe-url' }, [], 100, 'A+'],
    ['session cookie without HttpOnly', {}, ['__Host-session=x; Path=/; Secure; SameSite=Lax'], 70, 'B'],
    ['session cookie without Secure (HSTS on)', {}, ['sessionid=x; Path=/; HttpOnly; SameSite=Lax'], 100, 'A+'],
    ['a cookie without SameSite', {}, ['lang=fr; Path=/; Secure'], 110, 'A+'],
  ] as const)('%s', (_, change, cookies, score, grade) => {
    const result = scoreHeaders(headersWith(change, [...cookies]));
    expect({ score: result.score, grade: result.grade }).toEqual({ score, grade });
  });

  it('external scripts without integrity cost points; relative ones do not', () => {
    expect(scoreHeaders(headersWith({}), '<script src="https://cdn.example/x.js"></script>').score).toBe(105);
    expect(scoreHeaders(headersWith({}), '<script type="module" src="/assets/app.js"></script>').score).toBe(110);
  });

  it('parses a policy into directives', () => {
    expect(parseCsp("default-src 'self'; script-src 'nonce-AbC' 'strict-dynamic'")?.get('script-src')).toEqual(new Set(["'nonce-AbC'", "'strict-dynamic'"]));
    expect(parseCsp('  ;  ')).toBeNull();
  });
});
