import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoContent, publish, request } from './support.ts';
import { renderedPages } from '../../worker/pages/routes.tsx';

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
    expect(servedFrom(revalidated)).toBe('confirmed');
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
  });

  it('every order of a place list is one search: the other orders redirect to one address, and one page is kept', async () => {
    const places = ['namur', 'ciney', 'dinant'];
    const orders = places.flatMap((a) => places.filter((b) => b !== a).map((b) => [a, b, places.find((c) => c !== a && c !== b) as string]));
    const kept = renderedPages.size;
    const locations = new Set<string>();
    for (const order of orders) {
      const answer = await request(`/fr/a-vendre/?min=100000&city=${order.join(',')}`);
      expect(answer.status).toBe(301);
      locations.add(answer.headers.get('location') ?? '');
    }
    expect([...locations]).toEqual(['/fr/a-vendre/?city=ciney%2Cdinant%2Cnamur&min=100000']);
    // No page was rendered or kept for any of them.
    expect(renderedPages.size).toBe(kept);
    const canonical = await request('/fr/a-vendre/?city=ciney%2Cdinant%2Cnamur&min=100000');
    expect(canonical.status).toBe(200);
    await canonical.text();
    expect(renderedPages.size).toBe(kept + 1);
    // The same search with its commas written as they are: no redirect, and the same kept page.
    const commas = await request('/fr/a-vendre/?city=ciney,dinant,namur&min=100000');
    expect(commas.status).toBe(200);
    expect(commas.headers.get('Server-Timing')).toContain('cached');
    await commas.text();
    expect(renderedPages.size).toBe(kept + 1);
  });

  it('a 404 is never kept: its paths are whatever anyone types, so each is rendered again', async () => {
    await (await request('/fr/a-vendre/namur/maison/999999/')).text();
    const again = await request('/fr/a-vendre/namur/maison/999999/');
    expect(servedFrom(again)).toBe('rendered');
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

describe('a page is rendered once per data centre: other isolates serve the copy (Cache API)', () => {
  // A new isolate of the same data centre: nothing rendered in memory, the same Cache API.
  const newIsolate = () => renderedPages.clear();

  it('another isolate serves the stored page with its own nonce, and answers If-None-Match with 304', async () => {
    const first = await request('/de/zu-verkaufen/?sort=city');
    const firstHtml = await first.text();
    expect(servedFrom(first)).toBe('rendered');
    newIsolate();
    const other = await request('/de/zu-verkaufen/?sort=city');
    const otherHtml = await other.text();
    expect(servedFrom(other)).toBe('colo');
    expect(other.status).toBe(200);
    const nonce = nonceOf(otherHtml);
    expect(nonce).not.toBe(nonceOf(firstHtml));
    expect(other.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    const normalise = (html: string, n: string) => html.replaceAll(n, 'N').replace(/\bu:\d+/g, 'u:0');
    expect(normalise(otherHtml, nonce)).toBe(normalise(firstHtml, nonceOf(firstHtml)));
    expect(other.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(other.headers.get('content-type')).toBe(first.headers.get('content-type'));
    // The copy is now this isolate's too.
    expect(servedFrom(await request('/de/zu-verkaufen/?sort=city'))).toBe('cached');
    newIsolate();
    const revalidated = await request('/de/zu-verkaufen/?sort=city', { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
    expect([servedFrom(revalidated), revalidated.status]).toEqual(['confirmed', 304]);
  });

  it('a 404 is not stored for the data centre either', async () => {
    await (await request('/de/zu-verkaufen/namur/haus/888888/')).text();
    newIsolate();
    const again = await request('/de/zu-verkaufen/namur/haus/888888/');
    expect([servedFrom(again), again.status]).toEqual(['rendered', 404]);
    expect(await again.text()).toContain('<html lang="de"');
  });

  it('pages never kept (a made-up query, live data) are not stored for the data centre either', async () => {
    await (await request('/fr/a-vendre/?utm_source=x')).text();
    await (await request('/fr/nos-services/temoignages/')).text();
    newIsolate();
    expect(servedFrom(await request('/fr/a-vendre/?utm_source=x'))).toBe('rendered');
    expect(servedFrom(await request('/fr/nos-services/temoignages/'))).toBe('rendered');
  });

  it("after a publish, no isolate serves the old version's copy", async () => {
    await (await request('/nl/')).text();
    const content = demoContent();
    content.site.agency.name = 'Agentschap Nieuwe Versie';
    await publish(content, new Date(Date.now() + 9_000));
    newIsolate();
    const fresh = await request('/nl/');
    expect(servedFrom(fresh)).toBe('rendered');
    expect(await fresh.text()).toContain('Agentschap Nieuwe Versie');
    await publish();
  });

  it('a new deployment never serves the pages another deployment stored (they name its script files)', async () => {
    const deployment = (id: string) => ({ ...env, CF_VERSION_METADATA: { id, tag: '', timestamp: '' } });
    const ask = async (id: string) => {
      const ctx = createExecutionContext();
      const response = await app.request('https://vitrine.test/en/for-sale/?sort=type', {}, deployment(id), ctx);
      await response.text();
      await waitOnExecutionContext(ctx);
      return servedFrom(response);
    };
    expect(await ask('deployment-a')).toBe('rendered');
    newIsolate();
    expect(await ask('deployment-a')).toBe('colo');
    newIsolate();
    expect(await ask('deployment-b')).toBe('rendered');
  });
});
