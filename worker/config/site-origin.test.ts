import { describe, expect, it } from 'vitest';
import { ConfigurationError, siteAliases, siteOrigin } from './site-origin.ts';

describe('siteOrigin', () => {
  it.each([
    ['https://www.example.be', 'https://www.example.be'],
    ['https://www.example.be/', 'https://www.example.be'],
    [' http://127.0.0.1:8787 ', 'http://127.0.0.1:8787'],
  ])('%s is the origin %s', (raw, origin) => {
    expect(siteOrigin({ SITE_ORIGIN: raw })).toBe(origin);
  });

  it.each([[undefined], [''], ['   '], ['www.example.be'], ['https://www.example.be/fr/'], ['ftp://example.be'], ['https://www.example.be?x=1']])(
    '%s is refused with a message that says what to set',
    (raw) => {
      expect(() => siteOrigin(raw === undefined ? {} : { SITE_ORIGIN: raw })).toThrow(ConfigurationError);
    },
  );
});

describe('siteAliases', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['example.be, LOCALHOST:8787 ,', ['example.be', 'localhost:8787']],
  ])('%s lists %j', (raw, hosts) => {
    expect(siteAliases(raw === undefined ? {} : { SITE_ALIASES: raw })).toEqual(hosts);
  });
});
