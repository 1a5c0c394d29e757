import { describe, expect, it } from 'vitest';
import { visitTime } from './visit-time.ts';

describe('visitTime', () => {
  it.each([
    // 4 February 2030 13:00 UTC is 14:00 in Brussels (winter), 4 July 12:00 UTC too (summer).
    ['2030-02-04T13:00:00.000Z', 'fr', 'lundi 4 février 2030 à 14:00'],
    ['2030-02-04T13:00:00.000Z', 'nl', 'maandag 4 februari 2030 om 14:00'],
    ['2030-07-04T12:00:00.000Z', 'de', 'Donnerstag, 4. Juli 2030 um 14:00'],
  ])('%s in %s → %s', (startsAt, lang, expected) => {
    expect(visitTime(startsAt, lang)).toBe(expected);
  });
});
