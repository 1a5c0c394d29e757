import { describe, expect, it } from 'vitest';
import { legalGaps, rulesFor, states, type ListingFacts } from './listing-law.ts';

const house = (over: Partial<ListingFacts>): ListingFacts => ({ Goal: 0, Zip: '3000', CountryID: 10, MainTypeName: 'Maison', WebID: '1', ConstructionYear: 1975, ...over });
const complete: Partial<ListingFacts> = {
  EnergyPerformance: 310,
  EPCLabelText: 'D',
  EPCCertificateNumber: '20240101-0000123456',
  CO2Emission: 58,
  PScore: 'A',
  GScore: 'A',
  Permit: true,
  PlanningInformation: 'residential',
  Summons: false,
  PreemptiveRights: false,
  AllotmentPermit: false,
  AsbestosType: 'none',
};
const gapsOf = (facts: ListingFacts, on = '2026-11-26') => legalGaps(facts, on).map((g) => g.statement);

describe('legalGaps', () => {
  it.each<[string, ListingFacts, string, string[]]>([
    ['a complete Flemish house', house(complete), '2026-11-26', []],
    [
      'a Flemish house with nothing stated',
      house({}),
      '2026-11-26',
      ['epc-score', 'epc-reference', 'epc-label', 'flood-p-score', 'flood-g-score', 'permit', 'zoning', 'enforcement', 'preemption', 'allotment-permit'],
    ],
    ['flood scores were not asked before 2023', house({ ...complete, PScore: null, GScore: null }), '2022-12-31', []],
    ['flood scores are asked from 1 January 2023', house({ ...complete, PScore: null, GScore: null }), '2023-01-01', ['flood-p-score', 'flood-g-score']],
    [
      'a Flemish plot: no EPC, no G-score, a P-score and the five statements',
      house({ MainTypeName: 'Terrain', WebID: '3' }),
      '2026-11-26',
      ['flood-p-score', 'permit', 'zoning', 'enforcement', 'preemption', 'allotment-permit'],
    ],
    ['a Flemish rental: the EPC only', house({ Goal: 1 }), '2026-11-26', ['epc-score', 'epc-reference', 'epc-label']],
    ['"EPC pending" is no label', house({ ...complete, EPCLabelText: 'EPC en cours' }), '2026-11-26', ['epc-label']],
    ['the published address stands for the EPC code', house({ ...complete, EPCCertificateNumber: null, PublishAddress: true, Street: 'Bondgenotenlaan' }), '2026-11-26', []],
    ['a hidden address and no EPC code', house({ ...complete, EPCCertificateNumber: null, PublishAddress: false, Street: 'Bondgenotenlaan' }), '2026-11-26', ['epc-reference']],
    ['a Flemish new build states its E-level', house({ ...complete, ConstructionYear: 2026, Condition: 'new' }), '2026-11-26', ['e-level']],
    ['a Brussels flat: PEB class, CO₂, zoning', house({ Zip: '1050' }), '2026-11-26', ['epc-label', 'co2', 'zoning']],
    ['a complete Brussels flat', house({ ...complete, Zip: '1050' }), '2026-11-26', []],
    ['a Walloon house: label, score, certificate, zoning, permit', house({ Zip: '5000' }), '2026-11-26', ['epc-label', 'epc-score', 'epc-reference', 'zoning', 'permit']],
    ['a complete Walloon house', house({ ...complete, Zip: '5000' }), '2026-11-26', []],
    ['a Luxembourg listing follows none of the Belgian rules', house({ Zip: '1340', CountryID: 50 }), '2026-11-26', []],
  ])('%s', (_name, facts, on, expected) => {
    expect(gapsOf(facts, on)).toEqual(expected);
  });

  it('asks for the asbestos certificate of a Flemish building from before 2001 at the signing, not in the advertisement', () => {
    const rules = rulesFor(house({ ...complete, ConstructionYear: 1980 }), '2026-11-26');
    expect(rules.find((r) => r.statement === 'asbestos')?.when).toBe('signing');
    expect(rulesFor(house({ ...complete, ConstructionYear: 2005 }), '2026-11-26').some((r) => r.statement === 'asbestos')).toBe(false);
    expect(rulesFor(house({ ...complete, ConstructionYear: 1980 }), '2022-11-22').some((r) => r.statement === 'asbestos')).toBe(false);
  });

  it('takes a "no" as a statement: no permit, no summons are answers', () => {
    expect(states('permit', house({ Permit: false }))).toBe(true);
    expect(states('enforcement', house({ Summons: false }))).toBe(true);
    expect(states('permit', house({ Permit: null }))).toBe(false);
  });
});
