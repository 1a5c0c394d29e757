import { describe, expect, it, vi } from 'vitest';
import { easeInOut, throttle } from './scroll.ts';

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
