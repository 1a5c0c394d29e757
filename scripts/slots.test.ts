import { describe, expect, it } from 'vitest';
import { brusselsHour, slotLine } from './slots.ts';

describe('npm run slots reads hours in Brussels time', () => {
  it.each([
    ['winter: UTC+1', '2026-12-01T10:00', '2026-12-01T09:00:00.000Z'],
    ['summer: UTC+2', '2027-07-01T10:00', '2027-07-01T08:00:00.000Z'],
    ['the day clocks go forward, after', '2027-03-28T10:00', '2027-03-28T08:00:00.000Z'],
    ['an hour that does not exist (02:00 on the spring change)', '2027-03-28T02:00', null],
    ['not on the hour', '2026-12-01T10:30', null],
    ['no such day', '2026-02-30T10:00', null],
    ['not a time', 'tomorrow', null],
  ])('%s', (_name, local, expected) => {
    expect(brusselsHour(local)).toBe(expected);
  });

  it('lists a slot with its places left and its source', () => {
    expect(slotLine({ id: 'p2046-2026-12-01T09', property_id: 2046, starts_at: '2026-12-01T09:00:00.000Z', capacity: 3, booked: 1, source: 'ics', closed: 0 })).toMatch(
      /p2046-2026-12-01T09 +2046 .*10:00 +2 of 3 free +ics/,
    );
    expect(slotLine({ id: 'p1-2026-12-01T09', property_id: 1, starts_at: '2026-12-01T09:00:00.000Z', capacity: 1, booked: 1, source: 'site', closed: 1 })).toMatch(/closed/);
  });
});
