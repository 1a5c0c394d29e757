import { describe, expect, it } from 'vitest';
import { addDays, brusselsDay, lastDays, monthStart, weekStart } from './calendar.ts';

describe('Belgian calendar days', () => {
  it.each([
    ['2026-06-30T21:59:00Z', '2026-06-30'],
    ['2026-06-30T22:00:00Z', '2026-07-01'],
    ['2026-12-31T22:59:00Z', '2026-12-31'],
    ['2026-12-31T23:00:00Z', '2027-01-01'],
  ])('%s is %s in Brussels (summer +2, winter +1)', (instant, day) => {
    expect(brusselsDay(new Date(instant))).toBe(day);
  });

  it.each([
    ['2026-11-16', '2026-11-16'],
    ['2026-11-18', '2026-11-16'],
    ['2026-11-22', '2026-11-16'],
    ['2026-03-01', '2026-02-23'],
  ])('the week of %s starts on Monday %s', (day, monday) => {
    expect(weekStart(day)).toBe(monday);
  });

  it('moves across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(monthStart('2026-11-18')).toBe('2026-11-01');
  });

  it('lists the last 30 days, oldest first, ending today', () => {
    const days = lastDays('2026-11-18', 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-10-20');
    expect(days.at(-1)).toBe('2026-11-18');
  });
});
