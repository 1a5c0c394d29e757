import { describe, it, expect } from 'vitest';
import { isForSale, goalOf } from './goal.ts';

describe.each([
  [0, true, 'sale'],
  [-0, true, 'sale'],
  [1, false, 'rent'],
  [2, false, 'rent'],
  [-1, false, 'rent'],
  [0.5, false, 'rent'],
  [Number.NaN, false, 'rent'],
  [null, false, 'rent'],
  [undefined, false, 'rent'],
  ['0', false, 'rent'],
  ['', false, 'rent'],
  [false, false, 'rent'],
])('goal %j', (goal, forSale, word) => {
  it(`isForSale → ${String(forSale)}`, () => {
    expect(isForSale(goal)).toBe(forSale);
  });
  it(`goalOf → ${word}`, () => {
    expect(goalOf(goal)).toBe(word);
  });
});
