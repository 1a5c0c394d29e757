import { describe, expect, it } from 'vitest';
import { keptSearch } from './LanguageSwitcher.tsx';

describe('the search a language switch keeps', () => {
  it.each([
    ['?city=namur&max=400000&beds=3', '?city=namur&max=400000&beds=3'],
    ['?city=namur&page=3', '?city=namur'],
    ['?page=2', ''],
    ['', ''],
  ])('%s → %s', (from, to) => {
    expect(keptSearch(from)).toBe(to);
  });
});
