import { describe, expect, it } from 'vitest';
import { lastDays } from '../../worker/owners/calendar.ts';
import { dayElapsed, DEMO_OWNER, demoHistory, demoMedia, demoVisits, HISTORY_DAYS } from './seed-owners.ts';

const TODAY = '2026-11-22';
const days = lastDays(TODAY, HISTORY_DAYS);

describe('demo owner data', () => {
  it('owns three properties and has a password long enough for the reset rules', () => {
    expect(DEMO_OWNER.properties).toHaveLength(3);
    expect(DEMO_OWNER.password.length).toBeGreaterThanOrEqual(10);
  });

  it('is the same on every run', () => {
    expect(demoVisits(2077, '2026-11-01')).toEqual(demoVisits(2077, '2026-11-01'));
    expect(demoHistory(2058, '2026-10-14', TODAY, false)).toEqual(demoHistory(2058, '2026-10-14', TODAY, false));
    expect(demoMedia(2090, '2026-10')).toEqual(demoMedia(2090, '2026-10'));
  });

  it('gives every day visits, more at weekends, mostly French pages', () => {
    const perDay = days.map((d) => demoVisits(2077, d).reduce((n, v) => n + v.visits, 0));
    expect(Math.min(...perDay)).toBeGreaterThan(0);
    expect(Math.max(...perDay)).toBeLessThan(80);
    const weekend = days.filter((d) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
    const avg = (list: string[]) => list.reduce((n, d) => n + demoVisits(2077, d).reduce((m, v) => m + v.visits, 0), 0) / list.length;
    expect(avg(weekend)).toBeGreaterThan(avg(days.filter((d) => !weekend.includes(d))));
    const byLang = new Map<string, number>();
    for (const d of days) for (const v of demoVisits(2077, d)) byLang.set(v.lang, (byLang.get(v.lang) ?? 0) + v.visits);
    const shares = ['fr', 'nl', 'en', 'de'].map((l) => byLang.get(l) ?? 0);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
  });

  it('today counts only the part of the day gone by', () => {
    expect(dayElapsed(new Date('2026-11-22T07:00:00Z'))).toBeCloseTo(8 / 24);
    expect(dayElapsed(new Date('2026-07-01T22:30:00Z'))).toBeCloseTo(0.5 / 24);
  });

  it('has a believable history: dozens of rows over 90 days, unique ids, offers only for sale', () => {
    const sale = days.flatMap((d) => demoHistory(2077, d, TODAY, false));
    const rent = days.flatMap((d) => demoHistory(2090, d, TODAY, true));
    expect(sale.length).toBeGreaterThan(20);
    expect(sale.length).toBeLessThan(90);
    expect(new Set([...sale, ...rent].map((r) => r.id)).size).toBe(sale.length + rent.length);
    expect(rent.some((r) => r.type === 'offer')).toBe(false);
    expect(sale.filter((r) => r.type === 'report')).toHaveLength(3);
    expect(sale.every((r) => r.status !== 'planned')).toBe(true);
  });

  it('plans viewings only after today', () => {
    const future = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'].flatMap((d) => demoHistory(2077, d, TODAY, false));
    expect(future.every((r) => r.status === 'planned' && r.type === 'visit')).toBe(true);
  });

  it('reports clicks and contacts as a small share of views', () => {
    for (const m of demoMedia(2077, '2026-11')) {
      expect(m.clicks).toBeLessThan(m.views / 10);
      expect(m.contacts).toBeLessThanOrEqual(m.clicks);
    }
  });
});
