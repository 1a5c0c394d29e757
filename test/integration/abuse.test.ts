/**
 * Abuse: a cross-site POST is refused on every POST endpoint, as a page of
 * the site for a browser and as JSON for a script; rate limits answer 429 with
 * Retry-After on login, forgot, reset and the JSON endpoints.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORM_NAMES } from '../../domain/forms/schemas.ts';
import { publish, request } from './support.ts';

const CROSS_SITE = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Referer: 'https://evil.example/page' };
const SAME_ORIGIN = { Origin: 'https://vitrine.test', 'Sec-Fetch-Site': 'same-origin' };
const OWNER_POSTS = ['/fr/login/', '/fr/login/mot-de-passe-oublie/', '/fr/login/nouveau-mot-de-passe/', '/fr/login/deconnexion/', '/fr/login/portail/'];
const POSTS = [...FORM_NAMES.map((name) => `/forms/${name}`), ...OWNER_POSTS, '/api/visits'];

async function rows(): Promise<number> {
  const leads = await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>();
  const resets = await env.DB.prepare('SELECT COUNT(*) AS n FROM owner_resets').first<{ n: number }>();
  return (leads?.n ?? 0) + (resets?.n ?? 0);
}

beforeAll(async () => {
  await publish();
});

describe('cross-site POST', () => {
  it.each(POSTS)('%s answers 403 and stores nothing', async (path) => {
    const before = await rows();
    const response = await request(path, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...CROSS_SITE, 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'nl-BE,nl;q=0.9', 'CF-Connecting-IP': '192.0.2.33' },
      body: new URLSearchParams({ lang: 'fr', username: 'x', password: 'y', email: 'a@example.be', firstName: 'A', lastName: 'B', phone: '0475123456' }).toString(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(await rows()).toBe(before);
  });

  it('a browser without JavaScript gets a page of the site in its language, not JSON', async () => {
    const response = await request('/forms/site-contact', {
      method: 'POST',
      headers: { ...CROSS_SITE, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html,application/xhtml+xml', 'Accept-Language': 'nl-BE,nl;q=0.9' },
      body: 'firstName=A',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain('Dit formulier werd vanaf een andere website verzonden');
    expect(html).not.toContain('"error"');
  });

  it('a script asking for JSON gets JSON', async () => {
    const response = await request('/forms/site-contact', { method: 'POST', headers: { ...CROSS_SITE, 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{}' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'FORBIDDEN' });
  });

  it('a too large post without JavaScript is a page too (413)', async () => {
    const response = await request('/forms/site-contact', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Referer: 'https://vitrine.test/de/kontakt/', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `message=${'x'.repeat(200 * 1024)}`,
    });
    expect(response.status).toBe(413);
    const html = await response.text();
    expect(html).toContain('<html lang="de"');
    // The contact form has no file field: the page speaks of the message, not of files.
    expect(html).toContain('Ihre Nachricht ist zu lang');
    expect(html).not.toContain('Dateien');
  });

  it('a too large post on a form with files speaks of the files (413)', async () => {
    const response = await request('/forms/job-application', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Referer: 'https://vitrine.test/fr/', 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(6 * 1024 * 1024) },
      body: `message=${'x'.repeat(6 * 1024 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('fichiers plus petits');
  });
});

describe('rate limits', () => {
  async function until429(send: (i: number) => Promise<Response>, max: number): Promise<{ statuses: number[]; last: Response }> {
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) {
      const response = await send(i);
      statuses.push(response.status);
      if (response.status === 429) return { statuses, last: response };
      await response.body?.cancel();
    }
    throw new Error(`no 429 after ${max}: ${statuses.join(',')}`);
  }
  const ownerPost = (path: string, fields: Record<string, string>, ip: string) =>
    request(path, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip },
      body: new URLSearchParams(fields).toString(),
    });

  it.each([
    ['login', '/fr/login/', { username: 'someone', password: '' }],
    ['forgot password', '/fr/login/mot-de-passe-oublie/', { username: '' }],
    ['reset', '/fr/login/nouveau-mot-de-passe/', { token: 'nope', password: 'a', confirm: 'a' }],
  ])('%s: one address gets 429 with Retry-After after the limit, as a page', async (_, path, fields) => {
    const ip = `198.51.100.${path.length}`;
    const { statuses, last } = await until429(() => ownerPost(path, fields, ip), 40);
    // 20 a minute: at least 20 answered first (more when the limiter's minute turns over meanwhile).
    expect(statuses.length).toBeGreaterThanOrEqual(21);
    expect(statuses.slice(0, -1).every((s) => s < 500 && s !== 429)).toBe(true);
    expect(Number(last.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await last.text()).toContain('Trop de tentatives');
  });

  it('the JSON endpoints: 429 with Retry-After per address, other addresses unaffected', async () => {
    const { statuses, last } = await until429(() => request('/api/page?lang=fr&path=/fr/', { headers: { 'CF-Connecting-IP': '198.51.100.200' } }), 400);
    expect(statuses.length).toBeGreaterThan(100);
    expect(last.headers.get('Retry-After')).toBe('60');
    expect(await last.json()).toEqual({ error: 'TOO_MANY_REQUESTS' });
    expect((await request('/api/site/fr', { headers: { 'CF-Connecting-IP': '198.51.100.200' } })).status).toBe(429);
    expect((await request('/api/page?lang=fr&path=/fr/', { headers: { 'CF-Connecting-IP': '198.51.100.201' } })).status).toBe(200);
  });

  it('a limited address still gets the dictionary its pages need to hydrate', async () => {
    const ip = { 'CF-Connecting-IP': '198.51.100.202' };
    const page = await (await request('/fr/', { headers: ip })).text();
    const dictionary = /\/api\/dictionary\/[^"]+/.exec(page)?.[0];
    expect(dictionary).toBeDefined();
    await until429(() => request('/api/page?lang=fr&path=/fr/', { headers: ip }), 400);
    const answer = await request(dictionary ?? '', { headers: ip });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toHaveProperty('BUY');
  });
});
