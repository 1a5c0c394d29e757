import { describe, expect, it } from 'vitest';
import { dropSinceSaved, parseFavouriteIds, readSaved, toggled, writeFavouriteIds, MAX_FAVOURITES } from './favourites.ts';

describe('parseFavouriteIds', () => {
  it.each([
    ['2041,2071', [2041, 2071]],
    [' 2041 , 2041,7 ', [2041, 7]],
    ['2041,abc,-3,0,1.5,9e3', [2041]],
    ['', []],
    [undefined, []],
    [2041, [2041]],
  ])('%j → %j', (value, ids) => {
    expect(parseFavouriteIds(value)).toEqual(ids);
  });
  it('keeps at most the maximum', () => {
    expect(parseFavouriteIds(Array.from({ length: 80 }, (_, i) => i + 1).join(','))).toHaveLength(MAX_FAVOURITES);
  });
  it('round-trips with writeFavouriteIds', () => {
    expect(parseFavouriteIds(writeFavouriteIds([3, 1, 2]))).toEqual([3, 1, 2]);
  });
});

describe('readSaved', () => {
  it.each([
    [null, []],
    ['not json', []],
    ['{"id":1}', []],
    [
      '[{"id":1,"savedAt":"2026-11-01T00:00:00Z","price":300000},{"id":1},{"id":"2"},null,{"id":3,"price":-1}]',
      [
        { id: 1, savedAt: '2026-11-01T00:00:00Z', price: 300000 },
        { id: 3, savedAt: '', price: null },
      ],
    ],
  ])('%j', (text, list) => {
    expect(readSaved(text)).toEqual(list);
  });
});

describe('toggled and dropSinceSaved', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('saves new ones first, removes a saved one', () => {
    const one = toggled([], 1, 300_000, now);
    expect(one).toEqual([{ id: 1, savedAt: now.toISOString(), price: 300_000 }]);
    expect(toggled(one, 2, null, now).map((f) => f.id)).toEqual([2, 1]);
    expect(toggled(one, 1, 300_000, now)).toEqual([]);
  });
  it.each([
    [300_000, 279_000, 7],
    [300_000, 299_500, 1],
    [300_000, 300_000, null],
    [300_000, 320_000, null],
    [null, 250_000, null],
    [300_000, null, null],
  ])('saved at %s, now %s → %s %%', (saved, now, percent) => {
    expect(dropSinceSaved({ id: 1, savedAt: '', price: saved }, now)).toBe(percent);
  });
});
