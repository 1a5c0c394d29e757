import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager.ts';

describe('pagerItems', () => {
  it.each([
    [1, 1, [1]],
    [2, 5, [1, 2, 3, 4, 5]],
    [7, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 10, [1, 2, 3, 4, 'gap', 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
    [4, 10, [1, 2, 3, 4, 5, 'gap', 10]],
    [6, 10, [1, 'gap', 5, 6, 7, 'gap', 10]],
    [7, 10, [1, 'gap', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'gap', 7, 8, 9, 10]],
    [250, 540, [1, 'gap', 249, 250, 251, 'gap', 540]],
    [540, 540, [1, 'gap', 537, 538, 539, 540]],
    // A page past the last (a stale link) is drawn as the last.
    [900, 540, [1, 'gap', 537, 538, 539, 540]],
  ] as const)('page %i of %i', (page, pages, expected) => {
    expect(pagerItems(page, pages)).toEqual(expected);
  });

  it('always shows the first, the last and the current page, and never more than seven items', () => {
    for (let pages = 1; pages <= 60; pages++) {
      for (let page = 1; page <= pages; page++) {
        const items = pagerItems(page, pages);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(pages);
        expect(items).toContain(page);
        expect(items.length).toBeLessThanOrEqual(7);
        const numbers = items.filter((i) => i !== 'gap');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });
});
