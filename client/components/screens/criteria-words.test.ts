import { describe, expect, it } from 'vitest';
import type { ListResult } from '../../../domain/page-data.ts';
import { criteriaInWords } from './ListScreen.tsx';

const t = (key: string, params?: Record<string, string | number>) => (params ? `${key}(${Object.values(params).join(',')})` : key);
const list = (goal: ListResult['goal'], search: ListResult['search']): ListResult => ({
  goal,
  search,
  cards: [],
  total: 0,
  page: 1,
  pages: 1,
  pageSize: 24,
  types: [{ value: '1', label: 'Maisons', count: 3 }],
  places: [{ value: 'namur', label: 'Namur – 5000', count: 2 }],
});

describe('the criteria a saved search names before it asks for an address', () => {
  it.each([
    ['every filter, in the filters’ own words', list('sale', { type: '1', city: 'namur', max: 400000, beds: 3 }), ['Maisons', 'Namur – 5000', 'PRICE_MAX € 400.000', 'BEDROOMS_AT_LEAST(3)']],
    ['abroad says sales or rents first', list('abroad', { goal: 'rent' }), ['FOR_RENT']],
    ['abroad without a goal is sales', list('abroad', {}), ['FOR_SALE']],
    ['the area drawn on the map', list('rent', { bbox: '4.8,50.4,4.9,50.5' }), ['ALERT_CRITERIA_AREA']],
    ['nothing chosen', list('sale', { sort: 'price-asc', page: 2 }), []],
  ])('%s', (_what, given, words) => {
    expect(criteriaInWords(given, t)).toEqual(words);
  });
});
