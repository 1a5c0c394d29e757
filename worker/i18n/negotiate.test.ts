import { describe, expect, it } from 'vitest';
import { acceptedLanguages, negotiateLanguage } from './negotiate.ts';
import type { Lang } from '../../domain/lang.ts';

describe('acceptedLanguages', () => {
  it.each([
    ['nl-BE,nl;q=0.9,fr;q=0.8', ['nl', 'nl', 'fr']],
    ['fr;q=0.5, de', ['de', 'fr']],
    ['en;q=0, fr', ['fr']],
    ['', []],
    [null, []],
    ['*', ['*']],
    ['xx;q=abc', []],
  ])('%s → %j', (header, expected) => {
    expect(acceptedLanguages(header)).toEqual(expected);
  });
});

describe('negotiateLanguage', () => {
  const used: Lang[] = ['nl', 'fr', 'en', 'de'];
  const base = { pathname: '/', lngParam: null, cookie: null, acceptLanguage: null };
  it.each([
    ['prefix wins over everything', { ...base, pathname: '/nl/te-koop/', lngParam: 'fr', cookie: 'en' }, 'nl'],
    ['?lng before cookie', { ...base, lngParam: 'de', cookie: 'en' }, 'de'],
    ['cookie before Accept-Language', { ...base, cookie: 'en', acceptLanguage: 'nl' }, 'en'],
    ['Accept-Language before default', { ...base, acceptLanguage: 'de-DE,de;q=0.9' }, 'de'],
    ['default last', base, 'fr'],
    ['unknown prefix is not a language', { ...base, pathname: '/xx/' }, 'fr'],
    ['garbage cookie ignored', { ...base, cookie: '<script>' }, 'fr'],
    ['upper-case lng accepted', { ...base, lngParam: 'NL' }, 'nl'],
  ])('%s', (_, input, expected) => {
    expect(negotiateLanguage(input, used, 'fr')).toBe(expected);
  });

  it('skips languages the agency does not use', () => {
    expect(negotiateLanguage({ ...base, pathname: '/de/', acceptLanguage: 'de,nl' }, ['nl', 'fr'], 'fr')).toBe('nl');
  });
});
