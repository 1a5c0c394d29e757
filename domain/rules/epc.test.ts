import { describe, it, expect } from 'vitest';
import { EPC_BANDS, epcDisplay, epcImagePath, epcLabel, epcLetter, epcOf, epcScheme } from './epc.ts';

// One postcode per region, so each table below only varies the value.
const FLANDERS = '9000';
const WALLONIA = '5000';
const BRUSSELS = '1000';

describe('epcLabel: Flanders, both sides of every bound', () => {
  it.each([
    [-50, 'a_plus'],
    [-0.0001, 'a_plus'],
    [0, 'a_plus'],
    [0.0001, 'a'],
    [100, 'a'],
    [100.0001, 'b'],
    [200, 'b'],
    [200.5, 'c'],
    [300, 'c'],
    [301, 'd'],
    [400, 'd'],
    [401, 'e'],
    [500, 'e'],
    [500.0001, 'f'],
    [1e9, 'f'],
  ])('%s → %s', (value, expected) => {
    expect(epcLabel({ value, zip: FLANDERS })).toBe(expected);
  });
});

describe('epcLabel: Wallonia, both sides of every bound', () => {
  it.each([
    [-1, 'a_plusplus'],
    [0, 'a_plusplus'],
    [0.1, 'a_plus'],
    [45, 'a_plus'],
    [45.1, 'a'],
    [85, 'a'],
    [86, 'b'],
    [170, 'b'],
    [171, 'c'],
    [255, 'c'],
    [256, 'd'],
    [340, 'd'],
    [341, 'e'],
    [425, 'e'],
    [426, 'f'],
    [510, 'f'],
    [510.1, 'g'],
    [9999, 'g'],
  ])('%s → %s', (value, expected) => {
    expect(epcLabel({ value, zip: WALLONIA })).toBe(expected);
  });
});

describe('epcLabel: Brussels, both sides of every bound', () => {
  it.each([
    [-10, 'a_plus'],
    [0, 'a_plus'],
    [0.5, 'a_plus'],
    [15, 'a_plus'],
    [16, 'a'],
    [30, 'a'],
    [31, 'a_min'],
    [45, 'a_min'],
    [46, 'b_plus'],
    [62, 'b_plus'],
    [63, 'b'],
    [78, 'b'],
    [79, 'b_min'],
    [95, 'b_min'],
    [96, 'c_plus'],
    [113, 'c_plus'],
    [114, 'c'],
    [132, 'c'],
    [133, 'c_min'],
    [150, 'c_min'],
    [151, 'd_plus'],
    [170, 'd_plus'],
    [171, 'd'],
    [190, 'd'],
    [191, 'd_min'],
    [210, 'd_min'],
    [211, 'e_plus'],
    [232, 'e_plus'],
    [233, 'e'],
    [253, 'e'],
    [254, 'e_min'],
    [275, 'e_min'],
    [276, 'f'],
    [345, 'f'],
    [345.5, 'g'],
    [5000, 'g'],
  ])('%s → %s', (value, expected) => {
    expect(epcLabel({ value, zip: BRUSSELS })).toBe(expected);
  });
});

describe('epcLabel: region edges use the right scale', () => {
  it.each([
    ['1299 is Brussels', 1299, 40, 'a_min'],
    ['1300 is Wallonia', 1300, 40, 'a_plus'],
    ['1499 is Wallonia', '1499', 150, 'b'],
    ['1500 is Flanders', '1500', 150, 'b'],
    ['3999 is Flanders', 3999, 450, 'e'],
    ['4000 is Wallonia', 4000, 450, 'f'],
    ['7999 is Wallonia', 7999, 600, 'g'],
    ['8000 is Flanders', 8000, 600, 'f'],
  ])('%s', (_label, zip, value, expected) => {
    expect(epcLabel({ value, zip })).toBe(expected);
  });
});

describe('epcLabel: bad or missing input', () => {
  it.each([
    ['NaN', { value: Number.NaN, zip: FLANDERS }],
    ['+Infinity', { value: Number.POSITIVE_INFINITY, zip: FLANDERS }],
    ['-Infinity', { value: Number.NEGATIVE_INFINITY, zip: FLANDERS }],
    ['null value', { value: null, zip: FLANDERS }],
    ['missing value', { zip: FLANDERS }],
    ['missing zip', { value: 100 }],
    ['null zip', { value: 100, zip: null }],
    ['invalid zip', { value: 100, zip: '12345' }],
    ['blank zip', { value: 100, zip: ' ' }],
    ['zip 999', { value: 100, zip: 999 }],
    ['France', { value: 100, zip: FLANDERS, countryId: 11 }],
    ['null country', { value: 100, zip: FLANDERS, countryId: null }],
    ['Belgian label text is ignored without value', { zip: FLANDERS, labelText: 'A' }],
  ])('%s → null', (_label, input) => {
    expect(epcLabel(input)).toBeNull();
  });

  it('Belgium by default and by id 10', () => {
    expect(epcLabel({ value: 150, zip: FLANDERS })).toBe('b');
    expect(epcLabel({ value: 150, zip: FLANDERS, countryId: 10 })).toBe('b');
  });

  it('a Belgian label text does not override the value', () => {
    expect(epcLabel({ value: 150, zip: FLANDERS, labelText: 'F' })).toBe('b');
  });
});

describe('epcLabel: Luxembourg uses the label text', () => {
  it.each([
    ['A', 'a'],
    ['a', 'a'],
    [' B ', 'b'],
    ['\u00A0C\u00A0', 'c'],
    ['I', 'i'],
    ['h', 'h'],
    ['Ａ', 'a'],
    ['Ｉ', 'i'],
    ['J', null],
    ['A+', null],
    ['AB', null],
    ['1', null],
    ['', null],
    ['  ', null],
    ['A\u0301', null],
    ['🅰', null],
    ['É', null],
  ])('%j → %s', (labelText, expected) => {
    expect(epcLabel({ labelText, countryId: 50, value: 999, zip: 'L-1234' })).toBe(expected);
  });

  it.each([[null], [undefined]])('label text %s → null', (labelText) => {
    expect(epcLabel({ labelText, countryId: 50 })).toBeNull();
  });

  it('ignores the value', () => {
    expect(epcOf({ labelText: 'D', countryId: 50, value: 0 })).toEqual({ scheme: 'luxembourg', label: 'd' });
  });
});

describe('epcScheme', () => {
  it.each([
    [FLANDERS, undefined, 'flanders'],
    [WALLONIA, 10, 'wallonia'],
    [BRUSSELS, 10, 'brussels'],
    ['L-1234', 50, 'luxembourg'],
    [FLANDERS, 50, 'luxembourg'],
    [FLANDERS, 11, null],
    ['abc', 10, null],
  ])('epcScheme(%j, %s) → %s', (zip, countryId, expected) => {
    expect(epcScheme(zip, countryId)).toBe(expected);
  });
});

describe('epcImagePath', () => {
  it.each([
    ['flanders', 'a_plus', '/static/epc/flanders/a_plus.svg'],
    ['flanders', 'f', '/static/epc/flanders/f.svg'],
    ['wallonia', 'a_plusplus', '/static/epc/wallonia/a_plusplus.svg'],
    ['wallonia', 'g', '/static/epc/wallonia/g.svg'],
    ['brussels', 'e_min', '/static/epc/brussels/e_min.svg'],
    ['flanders', 'g', null],
    ['flanders', 'a_plusplus', null],
    ['wallonia', 'b_min', null],
    ['brussels', 'h', null],
    ['luxembourg', 'a', null],
    ['flanders', '../../secret', null],
    ['flanders', 'A', null],
    ['flanders', '', null],
    ['flanders', null, null],
    ['flanders', undefined, null],
    [null, 'a', null],
  ] as const)('epcImagePath(%s, %j) → %s', (scheme, label, expected) => {
    expect(epcImagePath(scheme, label)).toBe(expected);
  });

  it('every computed Belgian label has an image path', () => {
    for (const [region, bands] of Object.entries(EPC_BANDS)) {
      for (const [label] of bands) {
        const scheme = epcScheme(region === 'brussels' ? 1000 : region === 'wallonia' ? 5000 : 9000);
        expect(epcImagePath(scheme, label)).toBe(`/static/epc/${region}/${label}.svg`);
      }
    }
  });
});

describe('epcDisplay and epcLetter', () => {
  it.each([
    ['a_plusplus', 'A++', 'a'],
    ['a_plus', 'A+', 'a'],
    ['a', 'A', 'a'],
    ['a_min', 'A-', 'a'],
    ['b_plus', 'B+', 'b'],
    ['e_min', 'E-', 'e'],
    ['f', 'F', 'f'],
    ['g', 'G', 'g'],
    ['i', 'I', 'i'],
    ['j', '', null],
    ['A', '', null],
    ['a_', '', null],
    ['a_minus', '', null],
    ['a_plus_plus', '', null],
    [' a', '', null],
    ['', '', null],
    [null, '', null],
    [undefined, '', null],
  ])('%j → %j / %s', (label, display, letter) => {
    expect(epcDisplay(label)).toBe(display);
    expect(epcLetter(label)).toBe(letter);
  });
});
