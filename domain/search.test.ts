import { describe, expect, it } from 'vitest';
import { canonicalListQuery, isMunicipalityKey, listHref, parseListSearch, queryOf, writeSearch } from './search.ts';

describe('a query string as one object', () => {
  it('joins a key given several times, as a GET form’s checkboxes send it', () => {
    expect(queryOf(new URLSearchParams('city=all-5000&city=ciney&max=400000'))).toEqual({ city: 'all-5000,ciney', max: '400000' });
  });
  it.each([
    ['all-5000', true],
    ['all-500', false],
    ['all-L-1611', false],
    ['namur', false],
    ['5000', false],
  ])('%s is a whole municipality: %s', (value, whole) => {
    expect(isMunicipalityKey(value)).toBe(whole);
  });
});

describe('parseListSearch', () => {
  const cases: [string, unknown, object][] = [
    ['empty query', {}, {}],
    ['not an object', 'page=2', {}],
    ['null', null, {}],
    ['page as number and as string', { page: 2, min: '1000', max: 5000 }, { page: 2, min: 1000, max: 5000 }],
    ['page 0, fractional or text falls back', { page: '0', beds: 1.5, max: 'abc' }, {}],
    ['an empty number (a plain GET form’s empty field) is no filter, not 0', { min: '', max: ' ', page: '' }, {}],
    ['upper bounds', { page: 100_001, beds: 21, min: 100_000_001 }, {}],
    ['bounds themselves', { page: 100_000, beds: 20, min: 0 }, { page: 100_000, beds: 20, min: 0 }],
    ['negative money', { min: -1 }, {}],
    ['known sort and view', { sort: 'price-asc', view: 'map' }, { sort: 'price-asc', view: 'map' }],
    ['unknown sort and view', { sort: 'cheap', view: 'table' }, {}],
    ['texts up to 80 characters', { type: 'house', city: 'x'.repeat(80), q: '' }, { type: 'house', city: 'x'.repeat(80), q: '' }],
    ['text too long or not a string', { type: 'x'.repeat(81), q: 123 }, {}],
    ['unknown keys dropped', { beds: '3', extra: 1 }, { beds: 3 }],
    ['objects and arrays fall back', { page: { a: 1 }, min: [1, 2] }, {}],
    ['symbols never throw', { page: Symbol('x') }, {}],
    ['several places, trimmed, each once, in one order whatever the order given', { city: ' namur, all-5100 ,,namur,5590' }, { city: '5590,all-5100,namur' }],
    ['several places as a form sends them', { city: ['all-5000', 'ciney'] }, { city: 'all-5000,ciney' }],
    [
      'at most 20 places',
      { city: Array.from({ length: 25 }, (_, i) => `t${i}`).join(',') },
      {
        city: Array.from({ length: 20 }, (_, i) => `t${i}`)
          .sort()
          .join(','),
      },
    ],
    ['no place at all', { city: ' , ' }, {}],
    ['minutes to a hub, and the travel sort', { mins: '45', hub: 'namur', sort: 'travel' }, { mins: 45, hub: 'namur', sort: 'travel' }],
    ['a hub that is no id, minutes out of range', { hub: 'Namur Gare', mins: '0' }, {}],
    ['a hub id too long, minutes past ten hours', { hub: 'a'.repeat(41), mins: 601 }, {}],
    ['outside flood hazard zones, as the form’s checkbox sends it', { noflood: '1' }, { noflood: 1 }],
    ['a flood flag that is not 1', { noflood: 'yes' }, {}],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(parseListSearch(input)).toEqual(expected);
  });
  it('keeps a bad key as undefined, so the router drops it from the URL', () => {
    expect(Object.entries(parseListSearch({ page: 'abc', q: 'namur', extra: 1 }))).toEqual([
      ['page', undefined],
      ['q', 'namur'],
    ]);
  });
});

describe('writeSearch and listHref', () => {
  it.each([
    [{}, ''],
    [{ type: '1', min: 100000, q: '', beds: undefined }, 'min=100000&type=1'],
    [{ q: 'Namur & co' }, 'q=Namur+%26+co'],
  ])('%j is written %s', (search, qs) => {
    expect(writeSearch(search)).toBe(qs);
  });

  it.each([
    [{ page: 1, sort: 'date-desc', view: 'grid' }, '/fr/a-vendre/'],
    [{ page: 2, sort: 'price-asc', view: 'map', city: '5000' }, '/fr/a-vendre/?city=5000&page=2&sort=price-asc&view=map'],
  ] as const)('a list at %j is %s, defaults left out', (search, href) => {
    expect(listHref('/fr/a-vendre/', search)).toBe(href);
  });

  it.each<[string, string | null]>([
    ['city=namur,ciney&min=100000', 'city=ciney%2Cnamur&min=100000'],
    ['min=100000&city=ciney%2Cnamur', 'city=ciney%2Cnamur&min=100000'],
    ['city=namur&city=ciney', 'city=ciney%2Cnamur'],
    ['city=ciney%2Cnamur&min=100000', 'city=ciney%2Cnamur&min=100000'],
    // Not only a list's query, or a value the list does not read: left alone.
    ['city=namur&utm_source=mail', null],
    ['min=cheap', null],
  ])('one search, one query: %s → %s', (query, canonical) => {
    expect(canonicalListQuery(new URLSearchParams(query))).toBe(canonical);
  });

  it('reads back what it writes', () => {
    const search = { page: 3, sort: 'city', type: '2', city: 'Wépion', min: 150000, max: 300000, beds: 2 } as const;
    expect(parseListSearch(Object.fromEntries(new URLSearchParams(writeSearch(search))))).toEqual(search);
  });
});
