import { epcScheme } from './epc.ts';
import type { Region } from './region.ts';

/**
 * What Belgian law asks a property advertisement to state, by region and from which day, as
 * data: each rule names the statement, the listings it covers, the day it took effect (and the
 * day it stopped, when a later text replaced it) and the text it comes from. A listing is
 * judged against the rules in force on the day it is published.
 *
 * Sources (read 2026-11-26; the agency's lawyer has the last word):
 * - Flanders, EPC: Energiedecreet 8 May 2009 art. 11.2.1 §3 (decree of 18 November 2011):
 *   the EPC score and the EPC's unique code or the building's address in every commercial
 *   advertisement, from 1 January 2012; the label on the EPC since 1 January 2019.
 * - Flanders, flood: decree on integrated water policy, information duty (VMM): P-score and
 *   G-score in advertisements for a sale from 1 January 2023.
 * - Flanders, urban planning: Vlaamse Codex Ruimtelijke Ordening art. 5.2.6 (BIV, 27 Sept 2023):
 *   permit, latest zoning destination, enforcement measures or summons, pre-emption right,
 *   subdivision permit.
 * - Flanders, asbestos: asbestos certificate for a building from before 2001, at the sale
 *   from 23 November 2022 (OVAM); shown so the buyer knows, not an advertisement statement.
 * - Brussels: AGRBC of 17 February 2011 art. 6, now COBRACE: PEB class and CO₂ emissions
 *   (kg/m²·year) in every advertisement from 1 May 2011; "PEB en cours" is no statement.
 *   CoBAT: the legal urban-planning destination and the urban-planning information.
 * - Wallonia: decree of 28 November 2013 (PEB) and AGW of 15 May 2014: a PEB certificate
 *   before the listing is advertised (Federia, 28 Sept 2021), its indicators in the advertisement
 *   (label, specific consumption, certificate number on a website) from 1 June 2015. CoDT
 *   art. D.IV.99–D.IV.100: zoning destination and permits in force.
 */
export type LegalStatement =
  'epc-score' | 'epc-label' | 'epc-reference' | 'e-level' | 'co2' | 'flood-p-score' | 'flood-g-score' | 'permit' | 'zoning' | 'enforcement' | 'preemption' | 'allotment-permit' | 'asbestos';

/** The fields of a listing the rules read (the CRM's names). */
export interface ListingFacts {
  Goal: number;
  Zip: string;
  CountryID: number | null;
  MainTypeName?: string | null;
  WebID?: string | null;
  Street?: string | null;
  PublishAddress?: boolean | null;
  EnergyPerformance?: number | null;
  EPCLabelText?: string | null;
  EPCCertificateNumber?: string | null;
  ELevel?: number | null;
  CO2Emission?: number | null;
  PScore?: string | null;
  GScore?: string | null;
  Permit?: boolean | null;
  PlanningInformation?: string | null;
  Summons?: boolean | null;
  JudicialDecision?: boolean | null;
  PreemptiveRights?: boolean | null;
  AllotmentPermit?: boolean | null;
  AsbestosType?: string | null;
  ConstructionYear?: number | null;
  Condition?: string | null;
}

export type LegalRegion = Region | 'luxembourg';

export interface ListingRule {
  statement: LegalStatement;
  region: Region;
  /** First day the rule applies (ISO date). */
  from: string;
  /** Last day it applied, when a later text replaced it. */
  until?: string;
  /** Sales only, or rentals too. */
  goals: 'sale' | 'sale-and-rent';
  /** Which listings: every listing, a building (has or needs an EPC), a new build, a building from before 2001. */
  covers: 'every-listing' | 'building' | 'new-build' | 'built-before-2001';
  /** Where a buyer reads it: in the advertisement, or at the signing (shown, not required in the ad). */
  when: 'advertisement' | 'signing';
  source: string;
}

const FL_EPC = 'Energiedecreet art. 11.2.1 §3 (decree of 18 November 2011)';
const FL_WATER = 'Decree on integrated water policy, information duty (VMM)';
const FL_VCRO = 'Vlaamse Codex Ruimtelijke Ordening art. 5.2.6';
const BR_PEB = 'AGRBC 17 February 2011 art. 6 (COBRACE)';
const BR_COBAT = 'CoBAT, urban-planning information';
const WA_PEB = 'Decree of 28 November 2013 and AGW of 15 May 2014 (PEB)';
const WA_CODT = 'CoDT art. D.IV.99–D.IV.100';

export const LISTING_RULES: readonly ListingRule[] = [
  { statement: 'epc-score', region: 'flanders', from: '2012-01-01', goals: 'sale-and-rent', covers: 'building', when: 'advertisement', source: FL_EPC },
  { statement: 'epc-reference', region: 'flanders', from: '2012-01-01', goals: 'sale-and-rent', covers: 'building', when: 'advertisement', source: FL_EPC },
  { statement: 'epc-label', region: 'flanders', from: '2019-01-01', goals: 'sale-and-rent', covers: 'building', when: 'advertisement', source: FL_EPC },
  { statement: 'e-level', region: 'flanders', from: '2012-01-01', goals: 'sale-and-rent', covers: 'new-build', when: 'advertisement', source: FL_EPC },
  { statement: 'flood-p-score', region: 'flanders', from: '2023-01-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: FL_WATER },
  { statement: 'flood-g-score', region: 'flanders', from: '2023-01-01', goals: 'sale', covers: 'building', when: 'advertisement', source: FL_WATER },
  { statement: 'permit', region: 'flanders', from: '2009-09-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: FL_VCRO },
  { statement: 'zoning', region: 'flanders', from: '2009-09-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: FL_VCRO },
  { statement: 'enforcement', region: 'flanders', from: '2009-09-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: FL_VCRO },
  { statement: 'preemption', region: 'flanders', from: '2009-09-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: FL_VCRO },
  { statement: 'allotment-permit', region: 'flanders', from: '2009-09-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: FL_VCRO },
  { statement: 'asbestos', region: 'flanders', from: '2022-11-23', goals: 'sale', covers: 'built-before-2001', when: 'signing', source: 'Asbestos decree, asbestos certificate (OVAM)' },
  { statement: 'epc-label', region: 'brussels', from: '2011-05-01', goals: 'sale-and-rent', covers: 'building', when: 'advertisement', source: BR_PEB },
  { statement: 'co2', region: 'brussels', from: '2011-05-01', goals: 'sale-and-rent', covers: 'building', when: 'advertisement', source: BR_PEB },
  { statement: 'zoning', region: 'brussels', from: '2011-05-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: BR_COBAT },
  { statement: 'epc-label', region: 'wallonia', from: '2015-06-01', goals: 'sale-and-rent', covers: 'building', when: 'advertisement', source: WA_PEB },
  { statement: 'epc-score', region: 'wallonia', from: '2015-06-01', goals: 'sale-and-rent', covers: 'building', when: 'advertisement', source: WA_PEB },
  { statement: 'epc-reference', region: 'wallonia', from: '2015-06-01', goals: 'sale-and-rent', covers: 'building', when: 'advertisement', source: WA_PEB },
  { statement: 'zoning', region: 'wallonia', from: '2017-06-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: WA_CODT },
  { statement: 'permit', region: 'wallonia', from: '2017-06-01', goals: 'sale', covers: 'every-listing', when: 'advertisement', source: WA_CODT },
];

/** Land, a garage or a parking space needs no EPC; everything else with a roof does. */
function isBuilding(facts: ListingFacts): boolean {
  const type = (facts.MainTypeName ?? '').toLowerCase();
  return facts.WebID !== '3' && !/terrain|bouwgrond|land|garage|parking/.test(type);
}

function covers(rule: ListingRule, facts: ListingFacts, on: string): boolean {
  switch (rule.covers) {
    case 'every-listing':
      return true;
    case 'building':
      return isBuilding(facts);
    case 'new-build':
      return isBuilding(facts) && (facts.Condition === 'new' || (typeof facts.ConstructionYear === 'number' && facts.ConstructionYear >= Number(on.slice(0, 4)) - 1));
    case 'built-before-2001':
      return isBuilding(facts) && typeof facts.ConstructionYear === 'number' && facts.ConstructionYear < 2001;
  }
}

/** The region whose law a listing follows: a Belgian postcode's region, or Luxembourg. */
export function legalRegionOf(facts: Pick<ListingFacts, 'Zip' | 'CountryID'>): LegalRegion | null {
  return epcScheme(facts.Zip, facts.CountryID);
}

/** The rules in force on `on` (ISO date) for this listing, in table order. */
export function rulesFor(facts: ListingFacts, on: string): ListingRule[] {
  const region = legalRegionOf(facts);
  const sale = facts.Goal === 0;
  return LISTING_RULES.filter(
    (rule) => rule.region === region && rule.from <= on && (rule.until === undefined || on <= rule.until) && (sale || rule.goals === 'sale-and-rent') && covers(rule, facts, on),
  );
}

const known = (value: unknown) => value !== null && value !== undefined && value !== '';

/** Whether the listing states what the rule asks; a yes/no question answered "no" is stated. */
export function states(statement: LegalStatement, facts: ListingFacts): boolean {
  switch (statement) {
    case 'epc-score':
      return typeof facts.EnergyPerformance === 'number';
    case 'epc-label':
      // "EPC pending" is no label: only a real class counts.
      return known(facts.EPCLabelText) && !/pending|cours|attente|aanvraag|beantragt/i.test(facts.EPCLabelText ?? '');
    case 'epc-reference':
      return known(facts.EPCCertificateNumber) || (facts.PublishAddress === true && known(facts.Street));
    case 'e-level':
      return typeof facts.ELevel === 'number';
    case 'co2':
      return typeof facts.CO2Emission === 'number';
    case 'flood-p-score':
      return known(facts.PScore);
    case 'flood-g-score':
      return known(facts.GScore);
    case 'permit':
      return typeof facts.Permit === 'boolean';
    case 'zoning':
      return known(facts.PlanningInformation);
    case 'enforcement':
      return typeof facts.Summons === 'boolean' || typeof facts.JudicialDecision === 'boolean';
    case 'preemption':
      return typeof facts.PreemptiveRights === 'boolean';
    case 'allotment-permit':
      return typeof facts.AllotmentPermit === 'boolean';
    case 'asbestos':
      return known(facts.AsbestosType) && facts.AsbestosType !== 'not-inspected';
  }
}

export interface LegalGap {
  statement: LegalStatement;
  rule: ListingRule;
}

/** What the law in force on `on` asks the advertisement to state and the listing lacks. */
export function legalGaps(facts: ListingFacts, on: string): LegalGap[] {
  return rulesFor(facts, on)
    .filter((rule) => rule.when === 'advertisement' && !states(rule.statement, facts))
    .map((rule) => ({ statement: rule.statement, rule }));
}

/** A page's fields (the CRM record as published) as the facts the rules read; null when a required one is missing. */
export function factsOfFields(fields: Readonly<Record<string, string | number | boolean | null>>): ListingFacts | null {
  const num = (key: string) => (typeof fields[key] === 'number' ? (fields[key] as number) : null);
  const str = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : null);
  const bool = (key: string) => (typeof fields[key] === 'boolean' ? (fields[key] as boolean) : null);
  const goal = num('Goal');
  const zip = str('Zip');
  if (goal === null || zip === null) return null;
  return {
    Goal: goal,
    Zip: zip,
    CountryID: num('CountryID'),
    MainTypeName: str('MainTypeName'),
    WebID: str('WebID'),
    Street: str('Street'),
    PublishAddress: bool('PublishAddress'),
    EnergyPerformance: num('EnergyPerformance'),
    EPCLabelText: str('EPCLabelText'),
    EPCCertificateNumber: str('EPCCertificateNumber'),
    ELevel: num('ELevel'),
    CO2Emission: num('CO2Emission'),
    PScore: str('PScore'),
    GScore: str('GScore'),
    Permit: bool('Permit'),
    PlanningInformation: str('PlanningInformation'),
    Summons: bool('Summons'),
    JudicialDecision: bool('JudicialDecision'),
    PreemptiveRights: bool('PreemptiveRights'),
    AllotmentPermit: bool('AllotmentPermit'),
    AsbestosType: str('AsbestosType'),
    ConstructionYear: num('ConstructionYear'),
    Condition: str('Condition'),
  };
}

/** One line of a listing's legal block: the statement, and its value as the listing states it (null: not provided). */
export interface LegalLine {
  statement: LegalStatement;
  when: ListingRule['when'];
  value:
    | { kind: 'text'; text: string }
    | { kind: 'measure'; unit: 'kwh-per-m2' | 'co2-per-m2' | 'e-level'; amount: number }
    | { kind: 'yes-no'; yes: boolean }
    | { kind: 'code'; prefix: 'ZONING' | 'ASBESTOS'; code: string }
    | { kind: 'address' }
    | null;
}

/** Every statement the region's law in force on `on` asks of this listing, with what the listing states. */
export function legalLines(facts: ListingFacts, on: string): LegalLine[] {
  const seen = new Set<LegalStatement>();
  const lines: LegalLine[] = [];
  for (const rule of rulesFor(facts, on)) {
    if (seen.has(rule.statement)) continue;
    seen.add(rule.statement);
    lines.push({ statement: rule.statement, when: rule.when, value: states(rule.statement, facts) ? valueOf(rule.statement, facts) : null });
  }
  return lines;
}

function valueOf(statement: LegalStatement, f: ListingFacts): LegalLine['value'] {
  switch (statement) {
    case 'epc-score':
      return { kind: 'measure', unit: 'kwh-per-m2', amount: f.EnergyPerformance ?? 0 };
    case 'epc-label':
      return { kind: 'text', text: f.EPCLabelText ?? '' };
    case 'epc-reference':
      return f.EPCCertificateNumber ? { kind: 'text', text: f.EPCCertificateNumber } : { kind: 'address' };
    case 'e-level':
      return { kind: 'measure', unit: 'e-level', amount: f.ELevel ?? 0 };
    case 'co2':
      return { kind: 'measure', unit: 'co2-per-m2', amount: f.CO2Emission ?? 0 };
    case 'flood-p-score':
      return { kind: 'text', text: f.PScore ?? '' };
    case 'flood-g-score':
      return { kind: 'text', text: f.GScore ?? '' };
    case 'permit':
      return { kind: 'yes-no', yes: f.Permit === true };
    case 'zoning':
      return { kind: 'code', prefix: 'ZONING', code: f.PlanningInformation ?? '' };
    case 'enforcement':
      return { kind: 'yes-no', yes: f.Summons === true || f.JudicialDecision === true };
    case 'preemption':
      return { kind: 'yes-no', yes: f.PreemptiveRights === true };
    case 'allotment-permit':
      return { kind: 'yes-no', yes: f.AllotmentPermit === true };
    case 'asbestos':
      return { kind: 'code', prefix: 'ASBESTOS', code: f.AsbestosType ?? '' };
  }
}
