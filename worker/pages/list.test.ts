import { describe, expect, it } from 'vitest';
import type { CardView } from '../../domain/bundles.ts';
import { facetsOf, filterAndSortCards } from './list.ts';

const card = (id: number, city: string, zip: string): CardView => ({
  id,
  goal: 0,
  reference: `VI-${id}`,
  path: `/fr/a-vendre/x/maison/${id}/`,
  city,
  zip,
  countryId: 10,
  typeDescription: 'Maison',
  mainTypeName: 'Maison',
  webIds: ['1'],
  marquee: 0,
  marqueeName: null,
  price: 200_000,
  publishPrice: true,
  priceUnit: null,
  priceUnitText: '',
  priceOnDemand: false,
  bedrooms: 3,
  surfaceLiving: 120,
  epcLabelText: '',
  energyPerformance: null,
  status: 'available',
  createDate: `2026-01-${String(id).padStart(2, '0')}`,
  lat: null,
  lng: null,
  picture: null,
});
const cards = [card(1, 'Namur', '5000'), card(2, 'Salzinnes', '5000'), card(3, 'Wépion', '5100'), card(4, 'Namur', '5000'), card(5, 'Jambes', '5100')];

describe('the city filter lists towns, not postcodes', () => {
  const { places } = facetsOf(cards, []);

  it('every town with properties appears by name, with its postcode and count, in alphabetical order', () => {
    expect(places).toEqual([
      { value: 'jambes', label: 'Jambes – 5100', count: 1 },
      { value: 'namur', label: 'Namur – 5000', count: 2 },
      { value: 'salzinnes', label: 'Salzinnes – 5000', count: 1 },
      { value: 'wepion', label: 'Wépion – 5100', count: 1 },
    ]);
  });

  it.each([
    ['namur', [4, 1]],
    ['wepion', [3]],
    ['Wépion', [3]],
    ['5000', [4, 2, 1]],
    ['5100', [5, 3]],
    ['9999', []],
  ])('?city=%s finds %j', (city, ids) => {
    expect(filterAndSortCards(cards, { city }).map((c) => c.id)).toEqual(ids);
  });

  it('a postcode typed in the search finds all of its towns', () => {
    expect(filterAndSortCards(cards, { q: '5000' }).map((c) => c.id)).toEqual([4, 2, 1]);
  });
});
