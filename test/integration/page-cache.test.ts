import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoContent, publish, request } from './support.ts';

beforeAll(async () => {
  await publish();
});

const nonceOf = (html: string) => /<meta property="csp-nonce" content="([^"]+)"/.exec(html)?.[1] ?? '';
const servedFrom = (response: Response) => /desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1];

describe('rendered pages are served again from the isolate (docs/decisions/009)', () => {
  it('the second visit gets the same page, with its own nonce matching its CSP', async () => {
    const first = await request('/fr/a-vendre/?sort=price-asc');
    const firstHtml = await first.text();
    expect(servedFrom(first)).toBe('rendered');
    const second = await request('/fr/a-vendre/?sort=price-asc');
    const secondHtml = await second.text();
    expect(servedFrom(second)).toBe('cached');
    expect(second.status).toBe(200);

    const firstNonce = nonceOf(firstHtml);
    const secondNonce = nonceOf(secondHtml);
    expect(secondNonce).not.toBe(firstNonce);
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${secondNonce}'`);
    expect(secondHtml).not.toContain(firstNonce);
    // Every script the router writes carries the new nonce, so none is blocked.
    const scripts = [...secondHtml.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${secondNonce}"`);
    // The same page apart from the nonce and the router's load timestamps.
    const normalise = (html: string, nonce: string) => html.replaceAll(nonce, 'N').replace(/\bu:\d+/g, 'u:0');
    expect(normalise(secondHtml, secondNonce)).toBe(normalise(firstHtml, firstNonce));
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('content-language')).toBe('fr');
  });

  it('a cached page still answers If-None-Match with 304, without a CSP of its own', async () => {
    const first = await request('/nl/te-koop/');
    await first.text();
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    const revalidated = await request('/nl/te-koop/', { headers: { 'If-None-Match': etag } });
    expect(servedFrom(revalidated)).toBe('cached');
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
  });

  it('a 404 is kept as a 404', async () => {
    await (await request('/fr/a-vendre/namur/maison/999999/')).text();
    const again = await request('/fr/a-vendre/namur/maison/999999/');
    expect(servedFrom(again)).toBe('cached');
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('<html lang="fr"');
  });

  it('the language cookie is set per visitor, never replayed from the cache', async () => {
    await (await request('/en/')).text();
    const again = await request('/en/', { headers: { Cookie: 'lang=en' } });
    expect(servedFrom(again)).toBe('cached');
    expect(again.headers.get('set-cookie')).toBeNull();
    const other = await request('/en/', { headers: { Cookie: 'lang=fr' } });
    expect(other.headers.get('set-cookie')).toMatch(/^lang=en/);
    await other.text();
  });

  it('a newly published version is rendered anew: visitors never see the old content', async () => {
    await (await request('/fr/')).text();
    expect(servedFrom(await request('/fr/'))).toBe('cached');
    const content = demoContent();
    content.site.agency.name = 'Agence Nouvelle Version';
    await publish(content, new Date(Date.now() + 5_000));
    const fresh = await request('/fr/');
    expect(servedFrom(fresh)).toBe('rendered');
    expect(await fresh.text()).toContain('Agence Nouvelle Version');
    await publish();
  });

  it('pages with live data (approved testimonials) are rendered on every visit', async () => {
    await env.DB.prepare('DELETE FROM testimonials').run();
    await (await request('/fr/nos-services/temoignages/')).text();
    const again = await request('/fr/nos-services/temoignages/');
    expect(servedFrom(again)).toBe('rendered');
    await again.text();
  });
});
