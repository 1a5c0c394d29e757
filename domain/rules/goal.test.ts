import { describe, it, expect } from 'vitest';
import { isForSale, goalOf, listGoalOfListing } from './goal.ts';

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

describe('the list a listing is on', () => {
  it.each([
    [{ countryId: 10, goal: 0 }, 'sale'],
    [{ countryId: 10, goal: 1 }, 'rent'],
    [{ countryId: 10, goal: null }, 'rent'],
    [{ countryId: 12, goal: 0 }, 'abroad'],
    [{ countryId: 12, goal: 1 }, 'abroad'],
  ] as const)('%o → %s', (listing, list) => {
    expect(listGoalOfListing(listing)).toBe(list);
  });
});
