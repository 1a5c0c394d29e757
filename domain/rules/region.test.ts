import { describe, it, expect } from 'vitest';
import { regionOf } from './region.ts';

describe('regionOf: postcode boundaries', () => {
  it.each([
    [999, null],
    [1000, 'brussels'],
    [1299, 'brussels'],
    [1300, 'wallonia'],
    [1499, 'wallonia'],
    [1500, 'flanders'],
    [3999, 'flanders'],
    [4000, 'wallonia'],
    [5000, 'wallonia'],
    [7999, 'wallonia'],
    [8000, 'flanders'],
    [9999, 'flanders'],
    [10000, null],
  ])('%s → %s', (zip, expected) => {
    expect(regionOf(zip)).toBe(expected);
  });
});

describe('regionOf: input shapes', () => {
  it.each([
    ['string', '5000', 'wallonia'],
    ['padded string', ' 5000 ', 'wallonia'],
    ['NBSP padded', '\u00A09000\u00A0', 'flanders'],
    ['float with zero fraction', 1000.0, 'brussels'],
    ['fraction', 1000.5, null],
    ['leading zero', '01000', null],
    ['three digits', '999', null],
    ['five digits', '10000', null],
    ['inner space', '50 00', null],
    ['prefix', 'B-5000', null],
    ['decimal string', '5000.0', null],
    ['full-width digits', '５０００', null],
    ['emoji', '5000🏠', null],
    ['empty', '', null],
    ['blank', '   ', null],
    ['negative', -5000, null],
    ['NaN', Number.NaN, null],
    ['Infinity', Number.POSITIVE_INFINITY, null],
    ['null', null, null],
    ['undefined', undefined, null],
    ['object', { zip: 5000 }, null],
  ])('%s', (_label, zip, expected) => {
    expect(regionOf(zip)).toBe(expected);
  });
});

describe('regionOf: country', () => {
  it.each([
    ['default is Belgium', undefined, 'wallonia'],
    ['Belgium', 10, 'wallonia'],
    ['Luxembourg', 50, null],
    ['other', 11, null],
    ['explicit null', null, null],
    ['NaN', Number.NaN, null],
  ])('%s', (_label, countryId, expected) => {
    expect(regionOf('5000', countryId)).toBe(expected);
  });
});
