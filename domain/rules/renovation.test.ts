import { describe, it, expect } from 'vitest';
import { renovationDuty, type RenovationInput } from './renovation.ts';

const BASE: RenovationInput = { mainType: 'house', label: 'e', purchaseYear: 2023, lang: 'nl', region: 'flanders' };

describe('renovationDuty: required', () => {
  it.each<[string, Partial<RenovationInput>, boolean]>([
    ['house, E, 2023', {}, true],
    ['in Wallonia: no such duty', { region: 'wallonia' }, false],
    ['in Brussels: no such duty', { region: 'brussels' }, false],
    ['in Luxembourg (no Belgian region)', { region: null }, false],
    ['apartment', { mainType: 'apartment' }, true],
    ['label F', { label: 'f' }, true],
    ['Brussels E+', { label: 'e_plus' }, true],
    ['Brussels E-', { label: 'e_min' }, true],
    ['bought later', { purchaseYear: 2031 }, true],
    ['bought 2022', { purchaseYear: 2022 }, false],
    ['bought 2022 with F', { purchaseYear: 2022, label: 'f' }, false],
    ['label D', { label: 'd' }, false],
    ['label D-', { label: 'd_min' }, false],
    ['label G is not E or F', { label: 'g' }, false],
    ['label A+', { label: 'a_plus' }, false],
    ['display text is not an id', { label: 'E' }, false],
    ['unknown label', { label: 'x' }, false],
    ['empty label', { label: '' }, false],
    ['null label', { label: null }, false],
    ['land', { mainType: 'land' }, false],
    ['office', { mainType: 'office' }, false],
    ['House with capital', { mainType: 'House' }, false],
    ['empty type', { mainType: '' }, false],
    ['null type', { mainType: null }, false],
    ['undefined type', { mainType: undefined }, false],
    ['fractional year', { purchaseYear: 2023.5 }, false],
    ['NaN year', { purchaseYear: Number.NaN }, false],
    ['Infinity year', { purchaseYear: Number.POSITIVE_INFINITY }, false],
    ['negative year', { purchaseYear: -2023 }, false],
    ['null year', { purchaseYear: null }, false],
  ])('%s → %s', (_label, change, required) => {
    expect(renovationDuty({ ...BASE, ...change }).required).toBe(required);
  });
});

describe('renovationDuty: years by language', () => {
  it.each([
    ['nl', 5],
    ['fr', 5],
    ['en', 5],
    ['de', 6],
    ['DE', 5],
    ['', 5],
    [null, 5],
    [undefined, 5],
  ])('%j → %s years', (lang, years) => {
    expect(renovationDuty({ ...BASE, lang }).years).toBe(years);
    expect(renovationDuty({ ...BASE, lang, label: 'a' }).years).toBe(years);
  });
});
