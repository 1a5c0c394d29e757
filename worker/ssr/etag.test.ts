import { describe, expect, it } from 'vitest';
import { pageEtag, versionEtag } from './etag.ts';
import { matchesEtag } from '../../domain/rules/etag-match.ts';

const base = { version: '20261122T064412Z-1a2b3c4d', build: '/static/app-X.js /static/app-Y.css', lang: 'fr', url: '/fr/a-vendre/', data: { kind: 'list', total: 3 } };

describe('pageEtag', () => {
  it('is weak, names the version and is stable for the same input', async () => {
    const etag = await pageEtag(base);
    expect(etag).toMatch(/^W\/"20261122T064412Z-1a2b3c4d\.[A-Za-z0-9_-]{22}"$/);
    expect(await pageEtag({ ...base, data: { kind: 'list', total: 3 } })).toBe(etag);
  });

  it.each([
    ['version', { version: '20261123T000000Z-00000000' }],
    ['client build', { build: '/static/app-Z.js /static/app-Y.css' }],
    ['language', { lang: 'nl' }],
    ['URL', { url: '/fr/a-vendre/?page=2' }],
    ['page data (live testimonials, 410 state)', { data: { kind: 'list', total: 4 } }],
  ])('changes with the %s', async (_, change) => {
    expect(await pageEtag({ ...base, ...change })).not.toBe(await pageEtag(base));
  });
});

describe('matchesEtag', () => {
  const etag = 'W/"v1.abc"';
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['W/"v1.abc"', true],
    ['"v1.abc"', true],
    ['"other", W/"v1.abc"', true],
    ['*', true],
    ['W/"v1.abd"', false],
  ])('If-None-Match %j → %s', (header, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});

describe('versionEtag', () => {
  it('is the version, strong, and matched by a revalidating browser', () => {
    const etag = versionEtag('20261122T000000Z-abcd1234');
    expect(etag).toBe('"20261122T000000Z-abcd1234"');
    expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesEtag('"20261121T000000Z-00000000"', etag)).toBe(false);
  });
});
