import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { contentSecurityPolicy, securityHeaders } from './headers.ts';
import type { RequestVariables } from '../env.ts';

const app = new Hono<{ Bindings: { SITE_ORIGIN?: string }; Variables: RequestVariables }>();
app.use('*', securityHeaders());
app.get('/page', (c) => c.html(`<script nonce="${c.get('nonce')}"></script>`));
app.get('/cached', (c) => c.body(null, 304));
app.get('/secret', (c) => c.text('reset', 200, { 'Referrer-Policy': 'no-referrer' }));

describe('securityHeaders', () => {
  it('gives each response a fresh nonce that its CSP names', async () => {
    const [a, b] = await Promise.all([app.request('/page'), app.request('/page')]);
    const nonceOf = async (r: Response) => /nonce="([^"]+)"/.exec(await r.text())?.[1] ?? '';
    const [na, nb] = [await nonceOf(a), await nonceOf(b)];
    expect(na).not.toBe(nb);
    expect(a.headers.get('Content-Security-Policy')).toContain(`'nonce-${na}'`);
    expect(a.headers.get('X-Frame-Options')).toBe('DENY');
    expect(a.headers.get('Strict-Transport-Security')).toContain('max-age=31536000');
  });

  it('gives a 304 no new nonce, and keeps a stricter Referrer-Policy a route set', async () => {
    expect((await app.request('/cached')).headers.get('Content-Security-Policy')).toBeNull();
    expect((await app.request('/secret')).headers.get('Referrer-Policy')).toBe('no-referrer');
  });
});

describe('upgrade-insecure-requests', () => {
  it('is asked for where the site is served over https, and not on a local http origin, where nothing answers https', () => {
    expect(contentSecurityPolicy('n')).toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy('n', { secureOrigin: true })).toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy('n', { secureOrigin: false })).not.toContain('upgrade-insecure-requests');
  });

  it('follows the deployment’s origin', async () => {
    const csp = async (origin: string) => (await app.request('/page', {}, { SITE_ORIGIN: origin })).headers.get('Content-Security-Policy') ?? '';
    expect(await csp('https://www.agence.be')).toContain('upgrade-insecure-requests');
    expect(await csp('http://127.0.0.1:8787')).not.toContain('upgrade-insecure-requests');
  });
});
