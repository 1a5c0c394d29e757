import { describe, expect, it } from 'vitest';
import { filterValuesOf, isKnownFilterValue, placeNamesOf } from './list-filters.ts';

const values = filterValuesOf(
  [
    { webIds: ['1', '11'], city: 'Ciney', zip: '5590' },
    { webIds: ['2'], city: 'Braine-l’Alleud', zip: '1420' },
    { webIds: ['1'], city: 'Namur', zip: '5000' },
  ],
  2,
);

describe('isKnownFilterValue', () => {
  it.each([
    ['type', '11', true],
    ['type', '99', false],
    ['city', 'ciney', true],
    ['city', 'braine-l-alleud', true],
    ['city', '5000', true],
    ['city', 'Ciney', false],
    ['city', 'zz1', false],
    ['city', 'www.evil.example', false],
    ['min', '100000', true],
    ['max', '750', true],
    ['min', '100001', false],
    ['beds', '3', true],
    ['beds', '9', false],
    ['page', '2', true],
    ['page', '3', false],
    ['sort', 'price-asc', true],
    ['q', 'namur', false],
    ['bbox', '4,50,5,51', false],
  ])('%s=%s → %s', (key, value, known) => {
    expect(isKnownFilterValue(values, key, value)).toBe(known);
  });
});

describe('the names of a catalogue’s places, for mails', () => {
  it.each([
    [
      'the main town by its own name',
      [
        ['Namur', '5000'],
        ['Salzinnes', '5000'],
        ['Salzinnes', '5000'],
        ['Jambes', '5100'],
      ],
      'Namur',
    ],
    [
      'in Dutch, the town with most listings in the first postcode',
      [
        ['Namen', '5000'],
        ['Namen', '5000'],
        ['Salzinnes', '5000'],
        ['Jambes', '5100'],
      ],
      'Namen',
    ],
    ['no listing in the first postcode: the name the postcode list gives', [['Jambes', '5100']], 'Namur'],
  ])('a whole municipality: %s', (_what, towns, name) => {
    expect(placeNamesOf(towns.map(([city, zip]) => ({ city: city ?? '', zip: zip ?? '' }))).get('all-5000')).toBe(name);
  });
});
