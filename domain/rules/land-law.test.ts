import { describe, expect, it } from 'vitest';
import { landLaw, withFills, type LandAnswers } from './land-law.ts';
import type { ListingFacts } from './listing-law.ts';

const LEUVEN_FLAT: ListingFacts & { FloodZone?: string | null } = {
  Goal: 0,
  Zip: '3000',
  CountryID: 10,
  WebID: '2',
  MainTypeName: 'Appartement',
  PublishAddress: true,
  PScore: null,
  GScore: 'B',
  PlanningInformation: null,
};
const NAMUR_HOUSE: ListingFacts & { FloodZone?: string | null } = {
  Goal: 0,
  Zip: '5000',
  CountryID: 10,
  WebID: '1',
  MainTypeName: 'Maison',
  PublishAddress: true,
  FloodZone: 'none',
  PlanningInformation: 'residential',
};
const ON = '2026-11-28';

/** [case, listing, what the layers say, fields filled, fields contradicted]. */
const CASES: [string, ListingFacts & { FloodZone?: string | null }, LandAnswers, string[], string[]][] = [
  ['a Flemish sale without P-score takes the layer’s', LEUVEN_FLAT, { pScore: 'A', gScore: 'B' }, ['PScore=A'], []],
  ['and the zoning the law asks for', LEUVEN_FLAT, { zoning: 'residential-rural' }, ['PlanningInformation=residential-rural'], []],
  ['a G-score the CRM states and the layer contradicts is kept and reported', LEUVEN_FLAT, { gScore: 'C' }, [], ['GScore:B/C']],
  ['a rental needs no P-score: nothing filled', { ...LEUVEN_FLAT, Goal: 1 }, { pScore: 'A' }, [], []],
  ['before 2023 the flood scores were not asked', LEUVEN_FLAT, { pScore: 'A' }, [], []],
  ['a plot needs no G-score (no building)', { ...LEUVEN_FLAT, WebID: '3', MainTypeName: 'Bouwgrond', GScore: null }, { gScore: 'A', pScore: 'B' }, ['PScore=B'], []],
  ['Wallonia: the CRM’s flood zone against the hazard map', NAMUR_HOUSE, { flood: 'medium' }, [], ['FloodZone:none/medium']],
  ['Wallonia: agreeing values say nothing', NAMUR_HOUSE, { flood: 'none', zoning: 'residential' }, [], []],
  ['Wallonia asks for no P-score: a Flemish layer fills nothing there', { ...NAMUR_HOUSE, PScore: null }, { pScore: 'A' }, [], []],
  ['Flanders: the Walloon flood zone field is not judged', { ...LEUVEN_FLAT, FloodZone: 'none', PScore: 'A' }, { flood: 'high', pScore: 'A' }, [], []],
  ['Wallonia: a missing zoning is filled from the plan de secteur', { ...NAMUR_HOUSE, PlanningInformation: null }, { zoning: 'agricultural' }, ['PlanningInformation=agricultural'], []],
];

describe('the law’s statements from the official layers', () => {
  it.each(CASES)('%s', (name, facts, answers, filled, contradicted) => {
    const on = name.startsWith('before 2023') ? '2022-06-01' : ON;
    const { fills, contradictions } = landLaw(facts, answers, on);
    expect(fills.map((f) => `${f.field}=${f.value}`)).toEqual(filled);
    expect(contradictions.map((c) => `${c.field}:${c.crm}/${c.layer}`)).toEqual(contradicted);
  });

  it('withFills sets the fields and leaves the listing otherwise as it was', () => {
    const filled = withFills(LEUVEN_FLAT, [{ field: 'PScore', value: 'A', statement: 'flood-p-score' }]);
    expect(filled).toEqual({ ...LEUVEN_FLAT, PScore: 'A' });
    expect(LEUVEN_FLAT.PScore).toBeNull();
    expect(withFills(LEUVEN_FLAT, [])).toBe(LEUVEN_FLAT);
  });
});
