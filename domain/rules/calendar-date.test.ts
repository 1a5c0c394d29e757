import { describe, expect, it } from 'vitest';
import { isPlausibleDate, plausibleDateRange } from './calendar-date.ts';

const TODAY = new Date('2026-11-25T10:00:00Z');

describe('isPlausibleDate', () => {
  it.each([
    ['2027-02-28', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2027-02-30', false],
    ['2027-00-10', false],
    ['2027-13-01', false],
    ['2027-04-31', false],
    ['2027-01-00', false],
    ['2025-01-01', true],
    ['2024-12-31', false],
    ['2031-12-31', true],
    ['2032-01-01', false],
    ['9999-01-01', false],
    ['0202-05-01', false],
    ['2027-1-5', false],
    ['', false],
    ['2027-02-03T00:00', false],
  ])('%s is %s', (value, ok) => {
    expect(isPlausibleDate(value, TODAY)).toBe(ok);
  });
});

describe('plausibleDateRange', () => {
  it('spans last year to five years ahead', () => {
    expect(plausibleDateRange(TODAY)).toEqual({ min: '2025-01-01', max: '2031-12-31' });
  });
});
