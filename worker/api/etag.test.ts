import { describe, expect, it } from 'vitest';
import { isFresh, versionEtag } from './etag.ts';

describe('isFresh', () => {
  const etag = versionEtag('20261122T000000Z-abcd1234');
  it.each([
    [undefined, false],
    ['', false],
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ['"20261121T000000Z-00000000"', false],
    ['*', false],
  ])('If-None-Match %j → %s', (header, expected) => expect(isFresh(header, etag)).toBe(expected));
});
