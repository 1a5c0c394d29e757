import { describe, expect, it, vi } from 'vitest';
import { easeInOut, headerState, throttle } from './scroll.ts';

describe('easeInOut', () => {
  it.each([
    [0, 0],
    [1, 1],
    [0.5, 0.5],
    [-1, 0],
    [2, 1],
    [Number.NaN, 1],
  ])('at %s is %s', (p, expected) => {
    expect(easeInOut(p)).toBeCloseTo(expected);
  });

  it('is monotonic', () => {
    let prev = -1;
    for (let i = 0; i <= 20; i++) {
      const v = easeInOut(i / 20);
      expect(v).toBeGreaterThanOrEqual(prev);
      prev = v;
    }
  });
});

describe('throttle', () => {
  it('runs at most once per window and keeps the last call', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const f = throttle((n: number) => calls.push(n), 100);
    f(1);
    f(2);
    f(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    f(4);
    expect(calls).toEqual([1, 3, 4]);
    vi.useRealTimers();
  });
});

describe('headerState', () => {
  const home = { isHome: true, showLogoAtStart: false, fixedHeaderOnScroll: true };
  it.each<[string, number, Parameters<typeof headerState>[1], { fixed: boolean; logoHidden: boolean }]>([
    ['top of home, logo hidden at start', 0, home, { fixed: false, logoHidden: true }],
    ['30 px is not yet past 30', 30, home, { fixed: false, logoHidden: true }],
    ['31 px: fixed and logo shown', 31, home, { fixed: true, logoHidden: false }],
    ['far down', 2000, home, { fixed: true, logoHidden: false }],
    ['logo shown at start', 0, { ...home, showLogoAtStart: true }, { fixed: false, logoHidden: false }],
    ['not home: logo always shown', 0, { ...home, isHome: false }, { fixed: false, logoHidden: false }],
    ['fixed header option off', 500, { ...home, fixedHeaderOnScroll: false }, { fixed: false, logoHidden: false }],
    ['NaN reads as the top', Number.NaN, home, { fixed: false, logoHidden: true }],
  ])('%s', (_name, y, options, expected) => {
    expect(headerState(y, options)).toEqual(expected);
  });
});
