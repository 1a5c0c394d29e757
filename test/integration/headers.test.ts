/**
 * Every kind of response the worker gives carries the security headers, checked one by one
 * against what each must say (the values the HTTP Observatory rewards with A+): a CSP with
 * a nonce and no inline scripts, HSTS, nosniff, a private Referrer-Policy, no framing.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsp } from '../security/observatory.ts';
import { DEMO_OWNER, seedDemoOwner } from '../../scripts/lib/seed-owners.ts';
import { publish, request } from './support.ts';

const SAME_ORIGIN = { Origin: 'https://vitrine.test', 'Sec-Fetch-Site': 'same-origin' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';

let detail = '';
let project = '';
let session = '';

async function firstCardPath(listPath: string): Promise<string> {
  const data: unknown = await (await request(`/api/page?lang=fr&path=${listPath}`)).json();
  const text = JSON.stringify(data);
  const match = new RegExp(`"path":"(${listPath}[^"]+/)"`).exec(text);
  if (!match?.[1]) throw new Error(`no card below ${listPath}`);
  return match[1];
}

beforeAll(async () => {
  await publish();
  await seedDemoOwner(env.DB, env.PASSWORD_PEPPER);
  detail = await firstCardPath('/fr/a-vendre/');
  project = await firstCardPath('/fr/projets/');
  const login = await request('/fr/login/', {
    method: 'POST',
    redirect: 'manual',
    headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '192.0.2.80', 'User-Agent': BROWSER },
    body: new URLSearchParams({ username: DEMO_OWNER.email, password: DEMO_OWNER.password }).toString(),
  });
  session =
    login.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-owner='))
      ?.split(';')[0] ?? '';
});

const form = (name: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN): RequestInit => ({
  method: 'POST',
  redirect: 'manual',
  headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': `192.0.2.${name.length}` },
  body: new URLSearchParams(fields).toString(),
});

const CASES: [string, () => [string, RequestInit]][] = [
  ['home', () => ['/fr/', {}]],
  ['list', () => ['/fr/a-vendre/', {}]],
  ['list with filters', () => ['/fr/a-vendre/?city=Namur&priceMax=300000', {}]],
  ['property detail', () => [detail, {}]],
  ['project', () => [project, {}]],
  ['form page', () => ['/fr/contact/', {}]],
  ['form answered with errors (no JS)', () => ['/forms/site-contact', form('site-contact', { lang: 'fr', back: '/fr/contact/', email: 'nope' })]],
  ['cross-site post refused', () => ['/forms/site-contact', form('site-contact', { lang: 'fr' }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })]],
  ['login', () => ['/fr/login/', {}]],
  ['forgot password', () => ['/fr/login/mot-de-passe-oublie/', {}]],
  ['owner portal (session cookie)', () => ['/fr/login/portail/', { headers: { Cookie: session, 'User-Agent': BROWSER } }]],
  ['login answered 401 with a wrong password', () => ['/fr/login/', form('login', { username: 'x', password: 'y' })]],
  ['not found page', () => ['/fr/nexiste-pas/', {}]],
  ['missing file', () => ['/wp-login.php', {}]],
  ['trailing-slash redirect', () => ['/fr/a-vendre', { redirect: 'manual' }]],
  ['page JSON', () => ['/api/page?lang=fr&path=/fr/', {}]],
  ['site JSON', () => ['/api/site/fr', {}]],
  ['robots.txt', () => ['/robots.txt', {}]],
  ['sitemap', () => ['/sitemap.xml', {}]],
  ['basemap description', () => ['/tiles/basemap.json', {}]],
  ['map data', () => ['/api/map-points/fr/sale', {}]],
];

describe('security headers', () => {
  it.each(CASES)('%s carries every one of them', async (_, make) => {
    const [path, init] = make();
    const response = await request(path, init);
    expect(response.status).toBeLessThan(500);
    await response.body?.cancel();
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(response.headers.get('Referrer-Policy'));
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');

    const csp = parseCsp(response.headers.get('Content-Security-Policy') ?? '');
    if (!csp) throw new Error('no CSP');
    const scripts = csp.get('script-src') ?? new Set();
    expect([...scripts].filter((s) => s === "'unsafe-inline'" || s === 'data:')).toEqual([]);
    expect([...scripts].some((s) => s.startsWith("'nonce-"))).toBe(true);
    expect(csp.get('base-uri')).toEqual(new Set(["'none'"]));
    // No page of the site may be framed, by anyone.
    expect(csp.get('frame-ancestors')).toEqual(new Set(["'none'"]));
    expect(scripts.has("'strict-dynamic'")).toBe(true);
    expect(csp.get('object-src')).toEqual(new Set(["'none'"]));
    expect(csp.get('form-action')).toEqual(new Set(["'self'"]));
    expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('Permissions-Policy')).toContain('camera=()');
    expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
  });

  it('gives every response its own nonce', async () => {
    const nonces = await Promise.all([1, 2, 3].map(async () => (await request('/fr/')).headers.get('Content-Security-Policy')?.match(/'nonce-([^']+)'/)?.[1]));
    expect(new Set(nonces).size).toBe(3);
    const page = await request('/fr/');
    const nonce = page.headers.get('Content-Security-Policy')?.match(/'nonce-([^']+)'/)?.[1] ?? 'none';
    const html = await page.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    // Each script tag carries this response's nonce (JSON-LD data blocks are not scripts that run).
    expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`) && !tag.includes('application/ld+json'))).toEqual([]);
  });
});
