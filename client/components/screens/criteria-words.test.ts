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
  places: [
    { value: 'all-5000', label: 'Namur', count: 5, municipality: true },
    { value: 'namur', label: 'Namur – 5000', count: 2, within: 'all-5000' },
    { value: 'ciney', label: 'Ciney – 5590', count: 1 },
  ],
});

describe('the criteria a saved search names before it asks for an address', () => {
  it.each([
    ['every filter, in the filters’ own words', list('sale', { type: '1', city: 'namur', max: 400000, beds: 3 }), ['Maisons', 'Namur – 5000', 'ALERT_PRICE_MAX(€ 400.000)', 'ALERT_BEDS(3)']],
    ['several places, a whole municipality named as one', list('sale', { city: 'all-5000,ciney' }), ['CITY_ALL_SECTIONS(Namur), Ciney – 5590']],
    [
      'areas, energy class, features and a radius',
      list('sale', { area: 100, land: 500, epc: 'c', garden: 1, parking: 1, near: 'ciney', km: 10 }),
      ['AREA_MIN 100 m²', 'LAND_MIN 500 m²', 'EPC_LABEL EPC_AT_LEAST(C)', 'FEATURE_GARDEN', 'FEATURE_PARKING', 'NEAR_WITHIN(10,Ciney – 5590)'],
    ],
    ['the visitor’s own words, shown back to them', list('sale', { q: 'VI-2046' }), ['« VI-2046 »']],
    ['abroad says sales or rents first', list('abroad', { goal: 'rent' }), ['FOR_RENT']],
    ['abroad without a goal is sales', list('abroad', {}), ['FOR_SALE']],
    ['the area drawn on the map', list('rent', { bbox: '4.8,50.4,4.9,50.5' }), ['ALERT_MAP_AREA']],
    ['nothing chosen', list('sale', { sort: 'price-asc', page: 2 }), []],
  ])('%s', (_what, given, words) => {
    expect(criteriaInWords(given, t)).toEqual(words);
  });
});
