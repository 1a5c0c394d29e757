import { describe, expect, it } from 'vitest';
import type { RoutingBundle } from '../../domain/bundles.ts';
import { criteriaOfList } from './criteria.ts';

const routing = {
  paths: {
    '/fr/a-vendre/': { kind: 'list-sale', lang: 'fr' },
    '/fr/etranger/': { kind: 'list-abroad', lang: 'fr' },
  },
} as unknown as RoutingBundle;

describe('what a saved search matches', () => {
  it.each([
    ['abroad, as the list showed it: sales', '/fr/etranger/?max=300000', { max: 300000, goal: 'sale' }],
    ['abroad, rents', '/fr/etranger/?goal=rent&max=3000', { max: 3000, goal: 'rent' }],
    ['a Belgian list has its own goal', '/fr/a-vendre/?goal=rent&beds=3', { beds: 3 }],
    ['travel time to a hub, the sort left out', '/fr/a-vendre/?mins=45&hub=namur&sort=travel', { mins: 45, hub: 'namur' }],
    ['minutes to the first hub when none is named', '/fr/a-vendre/?mins=60', { mins: 60 }],
    ['a hub alone narrows nothing', '/fr/a-vendre/?hub=namur&sort=travel&beds=2', { beds: 2 }],
    ['outside flood hazard zones is kept, as the list filtered', '/fr/a-vendre/?noflood=1&city=all-5000', { noflood: 1, city: 'all-5000' }],
  ])('%s', (_what, address, search) => {
    expect(criteriaOfList(address, routing)?.criteria.search).toEqual(search);
  });
});
