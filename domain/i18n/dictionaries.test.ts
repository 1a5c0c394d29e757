import { describe, expect, it } from 'vitest';
import type { SiteBundle } from '../bundles.ts';
import { dictionaryPath, isDictionary, joinSite, parseDictionaryPath, rememberedDictionary, splitSite } from './dictionaries.ts';

describe('dictionary URLs', () => {
  it('name a version of the words and a language, and read back the same', () => {
    const path = dictionaryPath('HoKANvtryTIj', 'nl');
    expect(path).toBe('/api/dictionary/HoKANvtryTIj/nl');
    expect(parseDictionaryPath(path)).toEqual({ version: 'HoKANvtryTIj', lang: 'nl' });
  });

  it.each(['/api/dictionary/v1/xx', '/api/dictionary/v1', '/api/dictionary/v1/fr/extra', '/api/dictionary/../fr', '/api/dictionary//fr', '/api/site/fr', '/api/dictionary/%2e%2e/fr'])(
    'refuse %s',
    (path) => {
      expect(parseDictionaryPath(path)).toBeNull();
    },
  );

  it('take only an object of strings as a dictionary', () => {
    expect(isDictionary({ A: 'a', B: 'b' })).toBe(true);
    expect(isDictionary({ A: 1 })).toBe(false);
    expect(isDictionary(['a'])).toBe(false);
    expect(isDictionary(null)).toBe(false);
  });
});

describe('a site bundle split for the root loader', () => {
  const bundle = { dictionaryVersion: 'v-test', lang: 'de', menu: [], dict: { HELLO: 'Hallo' } } as unknown as SiteBundle;

  it('leaves the dictionary out of the loader data and remembers it for rendering', () => {
    const view = splitSite(bundle);
    expect(view).not.toHaveProperty('dict');
    expect(view).toMatchObject({ dictionaryVersion: 'v-test', lang: 'de' });
    expect(rememberedDictionary('v-test', 'de')).toEqual({ HELLO: 'Hallo' });
    expect(rememberedDictionary('v-test', 'fr')).toBeUndefined();
    // The same bundle keeps giving the same data, so effects depending on it do not rerun.
    expect(splitSite(bundle)).toBe(view);
  });

  it('gives back the very view a bundle was joined from (the page the server sent)', () => {
    const view = splitSite(bundle);
    expect(splitSite(joinSite(view, { HELLO: 'Hallo' }))).toBe(view);
  });
});
