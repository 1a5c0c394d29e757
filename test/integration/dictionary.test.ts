import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import fr from '../../content/demo/translations/fr.json';
import nl from '../../content/demo/translations/nl.json';
import { contentKeys } from '../../domain/bundles.ts';
import { ContentRepository, type ContentStore } from '../../worker/live/repository.ts';
import { demoContent, publish, request } from './support.ts';

/** The version of a language's words on the live content, as pages name it. */
async function words(lang: 'fr' | 'nl' | 'de'): Promise<string> {
  return (await (await ContentRepository.open(env.CONTENT)).site(lang)).dictionaryVersion;
}

beforeAll(async () => {
  await publish();
});

/** The dictionary URL a page's <head> announces, or null. */
function preloadedDictionary(html: string): string | null {
  const link = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).find((tag) => /rel="preload"/.test(tag) && /as="fetch"/.test(tag));
  return link ? (/href="([^"]+)"/.exec(link)?.[1] ?? null) : null;
}

describe('the dictionary travels on its own, once per language and version of its words', () => {
  it('a page announces its language’s dictionary in the <head> and no longer carries it', async () => {
    const html = await (await request('/fr/')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(preloadedDictionary(head)).toBe(`/api/dictionary/${await words('fr')}/fr`);
    // In the mode of the browser's fetch (CORS), or the preloaded copy would not be used.
    expect(head).toMatch(/<link rel="preload" href="[^"]+" as="fetch" crossorigin="[^"]*"\/>/);
    // Texts of the owners' pages are in the French dictionary but not on the home page.
    expect(html).not.toContain('Vous recevrez un lien pour choisir un nouveau mot de passe');
    expect(html).not.toMatch(/\bdict\b/);
    // The page is still rendered in full with its own words (SSR keeps the dictionary).
    expect(html).toContain(fr.SKIP_TO_CONTENT);

    const nlHtml = await (await request('/nl/te-koop/')).text();
    expect(preloadedDictionary(nlHtml)).toBe(`/api/dictionary/${await words('nl')}/nl`);
  });

  it('answers the language asked for, immutable and with a strong ETag', async () => {
    const response = await request(`/api/dictionary/${await words('fr')}/fr`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await response.json()).toEqual(fr);

    const dutch = await request(`/api/dictionary/${await words('nl')}/nl`);
    expect(await dutch.json()).toEqual(nl);
    expect(dutch.headers.get('etag')).not.toBe(etag);

    const revalidated = await request(`/api/dictionary/${await words('fr')}/fr`, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
  });

  it('the layout JSON of a language switch comes without the dictionary', async () => {
    const site = await (await request('/api/site/nl')).json<Record<string, unknown>>();
    expect(site.lang).toBe('nl');
    expect(site.dictionaryVersion).toBe(await words('nl'));
    expect(site).not.toHaveProperty('dict');
  });

  it('an unknown language or version is a 404 that no cache keeps', async () => {
    const version = await words('fr');
    for (const path of [`/api/dictionary/${version}/xx`, '/api/dictionary/AAAAAAAAAAAA/fr', `/api/dictionary/${version}/nl`, `/api/dictionary/..%2F${version}/fr`]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('a publish that leaves the words alone keeps their URL; new words get a new one, and the old still answer after it', async () => {
    const older = await words('fr');
    const olderNl = await words('nl');
    const repriced = demoContent();
    const first = repriced.properties[0];
    if (!first || first.Price === null) throw new Error('the demo has a priced listing first');
    first.Price += 5000;
    await publish(repriced, new Date(Date.now() + 30_000));
    expect(await words('fr')).toBe(older);

    const renamed = demoContent();
    renamed.translations.fr = { ...renamed.translations.fr, SKIP_TO_CONTENT: 'Aller au contenu (nouvelle version)' };
    await publish(renamed, new Date(Date.now() + 60_000));
    const newer = await words('fr');
    expect(newer).not.toBe(older);
    // Only French words changed: the Dutch page still names the same dictionary.
    expect(await words('nl')).toBe(olderNl);
    expect((await (await request(`/api/dictionary/${older}/fr`)).json<Record<string, string>>()).SKIP_TO_CONTENT).toBe(fr.SKIP_TO_CONTENT);
    expect((await (await request(`/api/dictionary/${newer}/fr`)).json<Record<string, string>>()).SKIP_TO_CONTENT).toBe('Aller au contenu (nouvelle version)');
    expect(preloadedDictionary(await (await request('/fr/')).text())).toBe(`/api/dictionary/${newer}/fr`);
  });

  it('costs no KV read once the isolate holds the words, and only the layouts’ for words it does not', async () => {
    const reads: string[] = [];
    const counting: ContentStore = { get: (key, options) => (reads.push(key), env.CONTENT.get(key, options)) };
    // A page of the live version parses its layout bundle, dictionary included.
    await (await request('/de/')).text();
    const repo = await ContentRepository.open(env.CONTENT);
    expect(await ContentRepository.dictionaryJson(counting, await words('de'), 'de')).toBe(JSON.stringify((await repo.site('de')).dict));
    expect(reads).toEqual([]);
    expect(await ContentRepository.dictionaryJson(counting, 'never-published', 'de')).toBeNull();
    expect(reads.filter((key) => key !== contentKeys.pointer && key !== contentKeys.manifest(repo.version))).toEqual([contentKeys.site((await repo.manifest()).previous ?? '', 'de')]);
  });
});
