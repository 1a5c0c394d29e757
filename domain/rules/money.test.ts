import { describe, it, expect } from 'vitest';
import { roundCents } from './money.ts';

describe('roundCents', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [1, 1],
    [1.004, 1],
    [1.005, 1.01],
    [1.015, 1.02],
    [0.125, 0.13],
    [123.4565, 123.46],
    [28500.5, 28500.5],
    [35625, 35625],
    [-1.005, -1.01],
    [-0.004, 0],
    [0.1 + 0.2, 0.3],
    [999999999.995, 1000000000],
    [Number.NaN, Number.NaN],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  ])('roundCents(%s) → %s', (amount, expected) => {
    expect(roundCents(amount)).toBe(expected);
  });
});
