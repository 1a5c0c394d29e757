import { describe, expect, it } from 'vitest';
import type { CardView, ModuleView } from '../../domain/bundles.ts';
import { cardFixture } from '../../test/fixtures/card.ts';
import { propertiesOfModule } from './resolve-blocks.ts';

const cards: CardView[] = [
  cardFixture({ id: 1, goal: 0, webIds: ['1'], countryId: 10, price: 300_000, createDate: '2026-01-03', city: 'Namur' }),
  cardFixture({ id: 2, goal: 0, webIds: ['2'], countryId: 10, price: 200_000, createDate: '2026-01-02', city: 'Ciney' }),
  cardFixture({ id: 3, goal: 1, webIds: ['2'], countryId: 10, price: 900, createDate: '2026-01-04', city: 'Dinant' }),
  cardFixture({ id: 4, goal: 0, webIds: ['1'], countryId: 50, price: 700_000, createDate: '2026-01-05', city: 'Esch' }),
  cardFixture({ id: 5, goal: 0, webIds: ['1'], countryId: 10, price: 250_000, createDate: '2026-01-06', city: 'Andenne', status: 'sold' }),
];
const module = (relation: Partial<ModuleView['relation']>, maxItems = 4) => ({ id: 1, maxItems, relation: { type: 'property-list', id: null, goal: null, ...relation } }) as unknown as ModuleView;
const ids = (found: CardView[]) => found.map((c) => c.id);

describe('a property-list module as the agency set it', () => {
  it.each<[string, Partial<ModuleView['relation']>, number[]]>([
    ['newest first, Belgium, on offer', {}, [3, 1, 2]],
    ['for sale only', { goal: 0 }, [1, 2]],
    ['flats only (web id 2)', { webIds: ['2'] }, [3, 2]],
    ['cheapest first', { sort: 'price-asc' }, [3, 2, 1]],
    ['by town', { sort: 'city-asc' }, [2, 3, 1]],
    ['Luxembourg', { countryId: 50 }, [4]],
  ])('%s', (_what, relation, expected) => {
    expect(ids(propertiesOfModule(module(relation), cards))).toEqual(expected);
  });

  it('at most maxItems', () => {
    expect(ids(propertiesOfModule(module({}, 2), cards))).toEqual([3, 1]);
  });
});
