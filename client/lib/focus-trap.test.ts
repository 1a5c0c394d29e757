import { describe, expect, it } from 'vitest';
import { wrapIndex } from './focus-trap.ts';

describe('wrapIndex', () => {
  it.each([
    { count: 0, active: -1, back: false, expected: null },
    { count: 3, active: 0, back: false, expected: null },
    { count: 3, active: 1, back: true, expected: null },
    { count: 3, active: 2, back: false, expected: 0 },
    { count: 3, active: 0, back: true, expected: 2 },
    { count: 3, active: -1, back: false, expected: 0 },
    { count: 3, active: -1, back: true, expected: 2 },
    { count: 1, active: 0, back: false, expected: 0 },
  ])('$count items, active $active, back $back → $expected', ({ count, active, back, expected }) => {
    expect(wrapIndex(count, active, back)).toBe(expected);
  });
});
