/**
 * Where the law asks an advertisement for a statement the official layers answer (Flanders:
 * the P-score of the parcel and the G-score of the building, and the zoning in Flanders and
 * Wallonia), a listing the CRM left without it takes the layer's value, said to come from
 * there. Where the CRM states something else than the layer, the CRM's value is published
 * (the agency may know better: a recent survey, a permit) and the agency is told.
 */
import { rulesFor, states, legalRegionOf, type LegalStatement, type ListingFacts } from './listing-law.ts';

/** The CRM fields a layer can fill or contradict. */
export type LandField = 'PScore' | 'GScore' | 'PlanningInformation' | 'FloodZone';

/** What the layers say at a listing's own position (never a rounded one: that would be another parcel). */
export interface LandAnswers {
  pScore?: string;
  gScore?: string;
  /** The site's zoning code, when the zone is one of them. */
  zoning?: string;
  /** Wallonia's flood hazard class (`none` outside every zone of the map). */
  flood?: string;
}

export interface LandFill {
  field: LandField;
  value: string;
  statement: LegalStatement;
}

export interface LandContradiction {
  field: LandField;
  crm: string;
  layer: string;
}

const FILLABLE: readonly { statement: LegalStatement; field: LandField; answer: keyof LandAnswers }[] = [
  { statement: 'flood-p-score', field: 'PScore', answer: 'pScore' },
  { statement: 'flood-g-score', field: 'GScore', answer: 'gScore' },
  { statement: 'zoning', field: 'PlanningInformation', answer: 'zoning' },
];

/** The CRM field each statement a layer can fill is written in: how the legal block marks a value as the map's. */
export const LAND_FIELD_OF: Partial<Record<LegalStatement, LandField>> = Object.fromEntries(FILLABLE.map(({ statement, field }) => [statement, field]));

const COMPARED: readonly { field: LandField; answer: keyof LandAnswers; region?: string }[] = [
  { field: 'PScore', answer: 'pScore' },
  { field: 'GScore', answer: 'gScore' },
  { field: 'PlanningInformation', answer: 'zoning' },
  { field: 'FloodZone', answer: 'flood', region: 'wallonia' },
];

type Facts = ListingFacts & { FloodZone?: string | null };

const stated = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The statements the law asks of this listing today that it lacks and a layer answers, and where the CRM and a layer disagree. */
export function landLaw(facts: Facts, answers: LandAnswers, on: string): { fills: LandFill[]; contradictions: LandContradiction[] } {
  const asked = new Set(rulesFor(facts, on).map((rule) => rule.statement));
  const fills: LandFill[] = [];
  for (const { statement, field, answer } of FILLABLE) {
    const value = answers[answer];
    if (value === undefined || !asked.has(statement) || states(statement, facts)) continue;
    fills.push({ field, value, statement });
  }
  const region = legalRegionOf(facts);
  const contradictions: LandContradiction[] = [];
  for (const { field, answer, region: only } of COMPARED) {
    const layer = answers[answer];
    const crm: unknown = facts[field];
    if (layer === undefined || !stated(crm) || (only !== undefined && region !== only)) continue;
    if (crm !== layer) contradictions.push({ field, crm, layer });
  }
  return { fills, contradictions };
}

/** The listing with what the layers filled: what the law check reads and the page shows. */
export function withFills<T extends Facts>(facts: T, fills: readonly LandFill[]): T {
  if (fills.length === 0) return facts;
  return { ...facts, ...Object.fromEntries(fills.map((fill) => [fill.field, fill.value])) };
}
