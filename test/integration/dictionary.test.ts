import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import fr from '../../content/demo/translations/fr.json';
import nl from '../../content/demo/translations/nl.json';
import { contentKeys } from '../../domain/bundles.ts';
import { ContentRepository, type ContentStore } from '../../worker/live/repository.ts';
import { demoContent, publish, request } from './support.ts';

let version = '';

beforeAll(async () => {
  version = await publish();
});

/** The dictionary URL a page's <head> announces, or null. */
function preloadedDictionary(html: string): string | null {
  const link = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).find((tag) => /rel="preload"/.test(tag) && /as="fetch"/.test(tag));
  return link ? (/href="([^"]+)"/.exec(link)?.[1] ?? null) : null;
}

describe('the dictionary travels on its own, once per language and content version', () => {
  it('a page announces its language’s dictionary in the <head> and no longer carries it', async () => {
    const html = await (await request('/fr/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(preloadedDictionary(head)).toBe(`/api/dictionary/${version}/fr`);
    // In the mode of the browser's fetch (CORS), or the preloaded copy would not be used.
    expect(head).toMatch(/<link rel="preload" href="[^"]+" as="fetch" crossorigin="[^"]*"\/>/);
    // Texts of the owners' pages are in the French dictionary but not on the home page.
    expect(html).not.toContain('Vous recevrez un lien pour choisir un nouveau mot de passe');
    expect(html).not.toMatch(/\bdict\b/);
    // The page is still rendered in full with its own words (SSR keeps the dictionary).
    expect(html).toContain(fr.SKIP_TO_CONTENT);

    const nlHtml = await (await request('/nl/te-koop/')).text();
    expect(preloadedDictionary(nlHtml)).toBe(`/api/dictionary/${version}/nl`);
  });

  it('answers the language asked for, immutable and with a strong ETag', async () => {
    const response = await request(`/api/dictionary/${version}/fr`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await response.json()).toEqual(fr);

    const dutch = await request(`/api/dictionary/${version}/nl`);
    expect(await dutch.json()).toEqual(nl);
    expect(dutch.headers.get('etag')).not.toBe(etag);

    const revalidated = await request(`/api/dictionary/${version}/fr`, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
  });

  it('the layout JSON of a language switch comes without the dictionary', async () => {
    const site = await (await request('/api/site/nl')).json<Record<string, unknown>>();
    expect(site.lang).toBe('nl');
    expect(site.version).toBe(version);
    expect(site).not.toHaveProperty('dict');
  });

  it('an unknown language or version is a 404 that no cache keeps', async () => {
    for (const path of [`/api/dictionary/${version}/xx`, '/api/dictionary/20000101T000000Z-00000000/fr', `/api/dictionary/..%2F${version}/fr`]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('still answers the version a page was rendered with after a newer publish', async () => {
    const renamed = demoContent();
    renamed.translations.fr = { ...renamed.translations.fr, SKIP_TO_CONTENT: 'Aller au contenu (nouvelle version)' };
    const older = version;
    const newer = await publish(renamed, new Date(Date.now() + 60_000));
    expect(newer).not.toBe(older);
    expect((await (await request(`/api/dictionary/${older}/fr`)).json<Record<string, string>>()).SKIP_TO_CONTENT).toBe(fr.SKIP_TO_CONTENT);
    expect((await (await request(`/api/dictionary/${newer}/fr`)).json<Record<string, string>>()).SKIP_TO_CONTENT).toBe('Aller au contenu (nouvelle version)');
    expect(preloadedDictionary(await (await request('/fr/')).text())).toBe(`/api/dictionary/${newer}/fr`);
    version = newer;
  });

  it('costs no KV read once the isolate holds the version, and one for a version it does not', async () => {
    const reads: string[] = [];
    const counting: ContentStore = { get: (key, options) => (reads.push(key), env.CONTENT.get(key, options)) };
    // A page of the live version parses its layout bundle, dictionary included.
    await (await request('/de/')).text();
    expect(await ContentRepository.dictionaryJson(counting, version, 'de')).toBe(JSON.stringify((await ContentRepository.open(env.CONTENT).then((repo) => repo.site('de'))).dict));
    expect(reads).toEqual([]);
    expect(await ContentRepository.dictionaryJson(counting, 'never-published', 'de')).toBeNull();
    expect(reads).toEqual([contentKeys.site('never-published', 'de')]);
  });
});
