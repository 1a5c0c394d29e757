import { describe, expect, it } from 'vitest';
import { goneOn, isGone, utcDay } from './gone.ts';

describe('goneOn', () => {
  it.each([
    ['available', '2026-08-08T19:39:01Z', 90, null],
    ['option', '2026-08-08T19:39:01Z', 90, null],
    ['sold', '2026-08-08T19:39:01Z', 90, '2026-11-06'],
    ['rented', '2026-08-31T12:03:41Z', 90, '2026-11-29'],
    ['sold', '2026-08-08', 0, '2026-08-08'],
    ['sold', '2026-12-31T23:30:00+02:00', 1, '2027-01-01'],
    ['sold', 'not a date', 10, null],
    ['sold', '2026-08-08T00:00:00Z', -5, '2026-08-08'],
  ])('%s since %s with %i days → %s', (status, since, days, expected) => {
    expect(goneOn(status, since, days)).toBe(expected);
  });
});

describe('isGone', () => {
  it.each([
    [null, '2026-11-22', false],
    [undefined, '2026-11-22', false],
    ['2026-11-23', '2026-11-22', false],
    ['2026-11-22', '2026-11-22', true],
    ['2026-11-06', '2026-11-22', true],
  ])('gone on %s, today %s → %s', (gone, today, expected) => {
    expect(isGone(gone, today)).toBe(expected);
  });
});

describe('utcDay', () => {
  it('is the UTC calendar day', () => {
    expect(utcDay(new Date('2026-03-29T23:30:00-02:00'))).toBe('2026-03-30');
  });
});
