import { describe, expect, it } from 'vitest';
import type { CardView } from './bundles.ts';
import { SORTS, type ListSearch } from './search.ts';
import { slugify } from './rules/slug.ts';
import { mulberry32 } from '../scripts/lib/prng.ts';
import { countedFacets, facetsOf, listIndex, matchingPositions, SORT_ORDER, type ListIndex } from './list-index.ts';
import { cardFixture } from '../test/fixtures/card.ts';

const card = (id: number, city: string, zip: string, extra: Partial<CardView> = {}): CardView =>
  cardFixture({
    id,
    reference: `VI-${id}`,
    path: `/fr/a-vendre/x/maison/${id}/`,
    city,
    zip,
    price: 200_000,
    bedrooms: 3,
    surfaceLiving: 120,
    createDate: `2026-01-${String(id).padStart(2, '0')}`,
    ...extra,
  });
/** The cards a search finds, in its order. */
const filterAndSortCards = (index: ListIndex, search: ListSearch): CardView[] => Array.from(matchingPositions(index, search), (i) => index.cards[i] as CardView);

const cards = [card(1, 'Namur', '5000'), card(2, 'Salzinnes', '5000'), card(3, 'Wépion', '5100'), card(4, 'Namur', '5000'), card(5, 'Jambes', '5100')];

/** The same towns with what a buyer filters on: areas, an energy score (Wallonia's scale), a place. */
const buyerCards = cards.map((c, i) => ({
  ...c,
  surfaceLiving: [120, 180, 95, 200, 140][i] ?? null,
  surfaceGround: [300, 450, 800, 0, 1200][i] ?? null,
  energyPerformance: [80, 160, 300, 420, 260][i] ?? null,
  epcLabelText: '',
  features: ([['garden', 'noflood'], [], ['garden', 'parking'], ['garden', 'terrace', 'noflood'], ['parking']] as CardView['features'][])[i] ?? [],
  ...[
    { lat: 50.4649, lng: 4.8657 },
    { lat: 50.4531, lng: 4.8414 },
    { lat: 50.4169, lng: 4.8558 },
    { lat: 50.4669, lng: 4.8687 },
    { lat: 50.4567, lng: 4.8768 },
  ][i],
}));

describe('the city filter lists towns, not postcodes', () => {
  const { places } = facetsOf(cards, []);

  it('a municipality with several towns here is offered whole, named as its main town, its towns under it by name, postcode and count', () => {
    expect(places).toEqual([
      { value: 'all-5000', label: 'Namur', count: 5, municipality: true },
      { value: 'jambes', label: 'Jambes – 5100', count: 1, within: 'all-5000' },
      { value: 'namur', label: 'Namur – 5000', count: 2, within: 'all-5000' },
      { value: 'salzinnes', label: 'Salzinnes – 5000', count: 1, within: 'all-5000' },
      { value: 'wepion', label: 'Wépion – 5100', count: 1, within: 'all-5000' },
    ]);
  });

  it('on the Dutch list, the municipality is named as the Dutch listings name its main town', () => {
    const dutch = [card(1, 'Namen', '5000'), card(2, 'Namen', '5000'), card(3, 'Salzinnes', '5000'), card(4, 'Jambes', '5100')];
    expect(facetsOf(dutch, []).places[0]).toEqual({ value: 'all-5000', label: 'Namen', count: 4, municipality: true });
  });

  it('towns alone in their municipality, and places abroad, are plain towns in alphabetical order', () => {
    const { places: plain } = facetsOf([card(1, 'Ciney', '5590'), card(2, 'Dinant', '5500'), card(3, 'Wiltz', 'L-9501')], []);
    expect(plain).toEqual([
      { value: 'ciney', label: 'Ciney – 5590', count: 1 },
      { value: 'dinant', label: 'Dinant – 5500', count: 1 },
      { value: 'wiltz', label: 'Wiltz – L-9501', count: 1 },
    ]);
  });

  it.each([
    ['namur', [4, 1]],
    ['wepion', [3]],
    ['Wépion', [3]],
    ['5000', [4, 2, 1]],
    ['5100', [5, 3]],
    ['9999', []],
    // The whole municipality of Namur: Salzinnes (5000), Jambes and Wépion (5100) too.
    ['all-5000', [5, 4, 3, 2, 1]],
    ['all-5590', []],
    ['jambes,salzinnes', [5, 2]],
    ['wepion,5000', [4, 3, 2, 1]],
    ['wepion,atlantis', [3]],
  ])('?city=%s finds %j', (city, ids) => {
    expect(filterAndSortCards(listIndex(cards), { city }).map((c) => c.id)).toEqual(ids);
  });

  it.each([
    ['VI-3', [3]],
    ['vi-3', [3]],
    ['3', [3]],
    ['I-3', []],
    ['VI', []],
  ])('the reference %s, with or without its prefix, finds %j', (q, ids) => {
    expect(filterAndSortCards(listIndex(cards), { q }).map((c) => c.id)).toEqual(ids);
  });

  it.each([
    ['living area at least 160 m²', { area: 160 }, [4, 2]],
    ['land at least 700 m²', { land: 700 }, [5, 3]],
    // Wallonia: 80 is B, 160 is C, 260 and 300 are E, 420 is F.
    ['energy class C or better', { epc: 'c' as const }, [2, 1]],
    ['within 3 km of Namur: Namur, Jambes and Salzinnes', { near: 'namur', km: 3 }, [5, 4, 2, 1]],
    ['within 10 km of Namur: Jambes and Wépion too', { near: 'namur', km: 10 }, [5, 4, 3, 2, 1]],
    ['around a town with no listing here', { near: 'atlantis' }, []],
    ['with a garden', { garden: 1 as const }, [4, 3, 1]],
    ['with a garden and a garage or parking', { garden: 1 as const, parking: 1 as const }, [3]],
    ['outside flood hazard zones (the official map says so at the listing’s own position)', { noflood: 1 as const }, [4, 1]],
  ])('%s', (_what, search, ids) => {
    expect(filterAndSortCards(listIndex(buyerCards), search).map((c) => c.id)).toEqual(ids);
  });

  it('a postcode typed in the search finds all of its towns', () => {
    expect(filterAndSortCards(listIndex(cards), { q: '5000' }).map((c) => c.id)).toEqual([4, 2, 1]);
  });
});

/** The rule in its plainest form: every card tested, the survivors sorted. The index must agree with it. */
function plainFilterAndSort(all: CardView[], search: ListSearch): CardView[] {
  const price = (c: CardView) => (c.publishPrice && !c.priceOnDemand && c.price ? c.price : Number.NaN);
  const needle = slugify(search.q ?? '');
  return all
    .filter((c) => {
      if (
        search.q &&
        needle &&
        !(slugify(c.reference) === needle || slugify(c.reference).endsWith(`-${needle}`) || slugify(c.city).includes(needle) || c.zip.toLowerCase() === search.q.trim().toLowerCase())
      )
        return false;
      if (search.type && !c.webIds.includes(search.type)) return false;
      if (search.city && !search.city.split(',').some((place) => c.zip === place || slugify(c.city) === slugify(place))) return false;
      if (search.min !== undefined && !(price(c) >= search.min)) return false;
      if (search.max !== undefined && !(price(c) <= search.max)) return false;
      if (search.beds !== undefined && !((c.bedrooms ?? 0) >= search.beds)) return false;
      if (search.area !== undefined && !((c.surfaceLiving ?? -1) >= search.area)) return false;
      if (search.land !== undefined && !((c.surfaceGround ?? -1) >= search.land)) return false;
      if (search.bbox) {
        const [west, south, east, north] = search.bbox.split(',').map(Number) as [number, number, number, number];
        if (c.lat === null || c.lng === null || c.lat < south || c.lat > north || c.lng < west || c.lng > east) return false;
      }
      return true;
    })
    .sort(SORT_ORDER[search.sort ?? 'date-desc']);
}

describe('the list index finds what testing every card finds, in the same order', () => {
  const random = mulberry32(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const towns = [
    ['Namur', '5000'],
    ['Salzinnes', '5000'],
    ['Wépion', '5100'],
    ['Jambes', '5100'],
    ['Ciney', '5590'],
    ['Esch-sur-Alzette', 'L-4001'],
  ] as const;
  const many = Array.from({ length: 400 }, (_, i) => {
    const [city, zip] = pick(towns);
    const hidden = random() < 0.15;
    return card(i + 1, city, zip, {
      reference: `VI-${1000 + i}`,
      webIds: [pick(['1', '2', '3']), ...(random() < 0.2 ? ['17'] : [])],
      typeDescription: pick(['Maison', 'Appartement', 'Villa', '']),
      mainTypeName: pick(['Maison', 'Appartement']),
      price: random() < 0.05 ? null : Math.round(random() * 800) * 1000,
      publishPrice: !hidden,
      priceOnDemand: random() < 0.05,
      bedrooms: random() < 0.1 ? null : Math.floor(random() * 6),
      createDate: `2026-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
      // Some listings have no position: an area never holds them.
      lat: random() < 0.05 ? null : 50.2 + random() * 0.6,
      lng: random() < 0.05 ? null : 4.5 + random() * 1.0,
    });
  });
  const index = listIndex(many);
  const searches: ListSearch[] = [{}];
  for (const sort of [undefined, ...SORTS])
    for (const type of [undefined, '1', '17', '99'])
      for (const city of [undefined, 'namur', 'Wépion', '5000', 'L-4001', 'nowhere', 'namur,ciney'])
        for (const [min, max] of [
          [undefined, undefined],
          [100_000, undefined],
          [undefined, 300_000],
          [200_000, 500_000],
          [0, 0],
        ] as const)
          searches.push({
            sort,
            type,
            city,
            min,
            max,
            beds: pick([undefined, 0, 2, 4]),
            q: pick([undefined, undefined, 'VI-1010', 'jam', '5100', '  ', 'zz']),
            bbox: pick([undefined, undefined, '4.5,50.2,5.5,50.8', '4.8,50.4,5.1,50.6', '0,0,1,1']),
          });

  it(`${searches.length} searches over 400 cards: same cards, same order`, () => {
    let differing = 0;
    for (const search of searches) {
      const expected = plainFilterAndSort(many, search).map((c) => c.id);
      const found = filterAndSortCards(index, search).map((c) => c.id);
      if (JSON.stringify(found) !== JSON.stringify(expected)) differing++;
    }
    expect(differing).toBe(0);
    // The table is not vacuous: the searches find between nothing and most of the list.
    const sizes = searches.map((search) => filterAndSortCards(index, search).length);
    expect(Math.min(...sizes)).toBe(0);
    expect(Math.max(...sizes)).toBeGreaterThan(300);
  });
});

describe('travel time to a hub', () => {
  const travel = (minutes: Record<string, number | null>, until = '2030-12-31') => ({ travel: { until, minutes } });
  const cards = [
    card(1, 'Namur', '5000', { createDate: '2026-03-01', ...travel({ brussels: 63, namur: 15 }) }),
    card(2, 'Jambes', '5100', { createDate: '2026-02-01', ...travel({ brussels: 61, namur: 5 }) }),
    card(3, 'Ciney', '5590', { createDate: '2026-04-01' }),
    card(4, 'Bouge', '5004', { createDate: '2026-01-01', ...travel({ brussels: 69, namur: 17 }) }),
    card(5, 'Dinant', '5500', { createDate: '2026-05-01', ...travel({ brussels: 111 }) }),
  ];
  const ids = (search: ListSearch, today = '2026-11-28') => {
    const index = listIndex(cards, today);
    return Array.from(matchingPositions(index, search), (i) => index.cards[i]?.id);
  };
  it.each([
    ['at most 60 min to Namur', { mins: 60, hub: 'namur' }, [1, 2, 4]],
    ['at most 15 min to Namur: exactly 15 counts', { mins: 15, hub: 'namur' }, [1, 2]],
    ['the site’s first hub when none is named', { mins: 65 }, [1, 2]],
    ['a hub nobody reaches finds nothing', { mins: 120, hub: 'liege' }, []],
    ['shortest first to Namur, those without a journey last, newest first among them', { sort: 'travel', hub: 'namur' }, [2, 1, 4, 5, 3]],
    ['shortest first to the first hub', { sort: 'travel' }, [2, 1, 4, 5, 3]],
    ['a hub alone narrows nothing', { hub: 'namur' }, [5, 3, 1, 2, 4]],
    ['minutes and the sort together', { mins: 70, hub: 'brussels', sort: 'travel' }, [2, 1, 4]],
  ] as const)('%s', (_what, search, expected) => {
    expect(ids(search)).toEqual(expected);
  });
  it('takes the site’s first hub even when no listing reaches it (its minutes are null, in the site’s order)', () => {
    const none = [
      card(1, 'Namur', '5000', { travel: { until: '2030-12-31', minutes: { brussels: null, namur: 15 } } }),
      card(2, 'Jambes', '5100', { travel: { until: '2030-12-31', minutes: { brussels: null, namur: 5 } } }),
    ];
    const index = listIndex(none, '2026-11-28');
    expect(index.hubs).toEqual(['brussels', 'namur']);
    expect(Array.from(matchingPositions(index, { mins: 120 }))).toEqual([]);
    expect(Array.from(matchingPositions(index, { mins: 120, hub: 'namur' }), (i) => index.cards[i]?.id).sort()).toEqual([1, 2]);
  });

  it('counts no minute once the timetables have expired: the filter finds nothing, the sort is by date', () => {
    expect(ids({ mins: 120, hub: 'namur' }, '2031-01-01')).toEqual([]);
    expect(ids({ sort: 'travel', hub: 'namur' }, '2031-01-01')).toEqual([5, 3, 1, 2, 4]);
    expect(ids({ mins: 120, hub: 'namur' }, '2030-12-31')).toEqual([1, 2, 4]);
  });
});

describe('the free text, word by word', () => {
  const typed = [
    card(1, 'Gembloux', '5030', { mainTypeName: 'Appartement', typeDescription: 'Appartement 2 chambres' }),
    card(2, 'Gembloux', '5030', { mainTypeName: 'Maison', typeDescription: 'Maison de ville' }),
    card(3, 'Namur', '5000', { mainTypeName: 'Appartement', typeDescription: 'Penthouse' }),
    card(4, 'La Roche-en-Ardenne', '6980', { mainTypeName: 'Maison', typeDescription: 'Chalet' }),
  ];
  const index = listIndex(typed);
  it.each<[string, number[]]>([
    ['gembloux appartement', [1]],
    ['appartement gembloux', [1]],
    ['Gembloux appartements', [1]],
    ['maison 5030', [2]],
    ['gembloux', [1, 2]],
    ['la roche en ardenne', [4]],
    ['namur maison', []],
    ['VI-3', [3]],
  ])('“%s” finds %j', (q, ids) => {
    expect(
      filterAndSortCards(index, { q })
        .map((c) => c.id)
        .sort(),
    ).toEqual(ids);
  });
});

describe('countedFacets: the filters’ counts under the search’s other filters', () => {
  const index = listIndex(buyerCards);
  const facets = facetsOf(buyerCards, [{ webId: '1', name: 'Maison' } as never]);
  it('without another filter, the whole list’s counts', () => {
    expect(countedFacets(index, facets, { sort: 'price-asc' })).toEqual(facets);
  });
  it('a living area of 150 m² narrows every place’s count, and a chosen place still shows the others’', () => {
    const narrowed = countedFacets(index, facets, { city: 'namur', area: 150 });
    const counts = Object.fromEntries(narrowed.places.map((p) => [p.value, p.count]));
    // 180 m² in Salzinnes, 200 m² in Namur: the other towns have none that large.
    expect(counts).toMatchObject({ namur: 1, salzinnes: 1, wepion: 0, jambes: 0 });
    expect(Object.fromEntries(facets.places.map((p) => [p.value, p.count]))).toMatchObject({ namur: 2, salzinnes: 1, wepion: 1, jambes: 1 });
  });
});

describe('countedFacets counts what a recount of the matching cards gives', () => {
  // Several types per card (a furnished house is a house too) and towns of one municipality.
  const many = buyerCards.flatMap((c, i) => [
    { ...c, id: c.id * 10, webIds: ['1'] },
    { ...c, id: c.id * 10 + 1, webIds: ['2', '17'], price: 150_000 + i * 90_000, bedrooms: i },
    { ...c, id: c.id * 10 + 2, city: 'Ciney', zip: '5590', webIds: i % 2 ? ['1', '17'] : ['3'] },
  ]);
  const index = listIndex(many);
  const facets = facetsOf(many, [
    { webId: '1', name: 'Maison' },
    { webId: '2', name: 'Appartement' },
    { webId: '3', name: 'Terrain' },
    { webId: '17', name: 'Meublé' },
  ] as never);
  /** The counts written out: each matching card under its town and its municipality, and each of its types. */
  const recount = (search: ListSearch, without: 'type' | 'city') => {
    const counts = new Map<string, number>();
    for (const i of matchingPositions(index, { ...search, [without]: undefined })) {
      const c = index.cards[i] as CardView;
      const keys = without === 'type' ? c.webIds : [slugify(c.city) || c.zip, ...(c.zip === '5000' || c.zip === '5100' ? ['all-5000'] : [])];
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  it.each<[string, ListSearch]>([
    ['a price band', { min: 200_000, max: 400_000 }],
    ['bedrooms and a town', { beds: 2, city: 'ciney' }],
    ['a type and a municipality', { type: '17', city: 'all-5000' }],
    ['a garden', { garden: 1 }],
    ['a living area', { area: 150, type: '1' }],
  ])('%s', (_, search) => {
    const counted = countedFacets(index, facets, search);
    const types = recount(search, 'type');
    const places = recount(search, 'city');
    expect(counted.types.map((t) => [t.value, t.count])).toEqual(facets.types.map((t) => [t.value, types.get(t.value) ?? 0]));
    expect(counted.places.map((p) => [p.value, p.count])).toEqual(facets.places.map((p) => [p.value, places.get(p.value) ?? 0]));
    expect(counted.places.some((p) => p.count > 0)).toBe(true);
  });
});

describe('the abroad list, sales and rentals together, narrowed by the visitor’s goal', () => {
  const abroad = [card(1, 'Wiltz', 'L-9501', { goal: 0 }), card(2, 'Clervaux', 'L-9701', { goal: 1 }), card(3, 'Vianden', 'L-9401', { goal: 0 }), card(4, 'Esch', 'L-4001', { goal: 2 })];
  const index = listIndex(abroad);
  it.each<[ListSearch['goal'], number[]]>([
    ['sale', [1, 3]],
    ['rent', [2, 4]],
    [undefined, [1, 2, 3, 4]],
  ])('goal %s finds %j', (goal, ids) => {
    expect(
      filterAndSortCards(index, { goal })
        .map((c) => c.id)
        .sort(),
    ).toEqual(ids);
  });
});
