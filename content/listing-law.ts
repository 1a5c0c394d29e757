/**
 * The publish-time check of Belgian listing law: for each listing, what the rules in force on
 * the publishing day ask its advertisement to state and it lacks, as lines an operator reads
 * ("2044 (Leuven, Flanders): PScore missing; building permit not stated"). content:check,
 * content:publish, crm:sync and the scheduled CRM pull all run it through syncExport.
 */
import * as z from 'zod';
import { legalGaps, legalRegionOf, type LegalStatement, type ListingFacts } from '../domain/rules/listing-law.ts';

/** What the operator reads for each missing statement: the CRM field to fill, or the question to answer. */
export const GAP_PHRASES: Record<LegalStatement, string> = {
  'epc-score': 'EnergyPerformance (EPC score) missing',
  'epc-label': 'EPCLabelText (EPC label) missing',
  'epc-reference': 'EPCCertificateNumber missing and the address is not published',
  'e-level': 'ELevel (E-level of a new build) missing',
  co2: 'CO2Emission missing',
  'flood-p-score': 'PScore missing',
  'flood-g-score': 'GScore missing',
  permit: 'building permit not stated',
  zoning: 'zoning destination not stated',
  enforcement: 'summons or enforcement measure not stated',
  preemption: 'pre-emption right not stated',
  'allotment-permit': 'subdivision permit not stated',
  asbestos: 'asbestos certificate not stated',
};

const REGION_NAMES = { flanders: 'Flanders', wallonia: 'Wallonia', brussels: 'Brussels', luxembourg: 'Luxembourg' } as const;

export interface LegalFinding {
  id: number;
  city: string;
  region: string;
  missing: LegalStatement[];
}

export interface LegalReport {
  /** The day whose rules were applied (ISO date). */
  on: string;
  checked: number;
  findings: LegalFinding[];
  /** Listings kept offline because the site refuses incomplete ones. */
  heldBack: number[];
}

type CheckedListing = ListingFacts & { ID: number; City: string; Status?: string };

/** Sold and rented listings are no longer advertised: only those still offered are judged. */
const advertised = (p: CheckedListing) => p.Status !== 'sold' && p.Status !== 'rented';

export function checkListingLaw(properties: readonly CheckedListing[], on: string): LegalFinding[] {
  const findings: LegalFinding[] = [];
  for (const p of properties) {
    if (!advertised(p)) continue;
    const missing = legalGaps(p, on).map((gap) => gap.statement);
    if (missing.length === 0) continue;
    const region = legalRegionOf(p);
    findings.push({ id: p.ID, city: p.City, region: region ? REGION_NAMES[region] : 'unknown region', missing });
  }
  return findings;
}

export function findingLine(finding: LegalFinding): string {
  return `${finding.id} (${finding.city}, ${finding.region}): ${finding.missing.map((s) => GAP_PHRASES[s]).join('; ')}`;
}

/** The site's setting, read from the raw site before the whole content is validated. */
export function refusesIncomplete(site: unknown): boolean {
  const parsed = z.object({ listingLaw: z.object({ refuseIncomplete: z.boolean() }) }).safeParse(site);
  return parsed.success && parsed.data.listingLaw.refuseIncomplete;
}

export function reportLines(report: LegalReport): string[] {
  if (report.findings.length === 0) return [`Listing law (${report.on}): all ${report.checked} advertised listings state what the law asks.`];
  return [
    `Listing law (${report.on}): ${report.findings.length} of ${report.checked} advertised listings lack a statement the law asks for${report.heldBack.length ? `; ${report.heldBack.length} kept offline (listingLaw.refuseIncomplete)` : '; published with this warning'}:`,
    ...report.findings.map((f) => `  ${findingLine(f)}${report.heldBack.includes(f.id) ? ' (kept offline)' : ''}`),
  ];
}

/** A statement the law asks for, filled from an official layer because the CRM left it out. */
export interface LandFillFinding {
  id: number;
  city: string;
  field: string;
  value: string;
  /** The layer's publisher and date, as the page cites it. */
  source: string;
}

/** A CRM value an official layer contradicts: published as the CRM says, the agency told. */
export interface LandConflictFinding {
  id: number;
  city: string;
  field: string;
  crm: string;
  layer: string;
  source: string;
}

export interface LandLawReport {
  fills: LandFillFinding[];
  conflicts: LandConflictFinding[];
}

export function landLines(report: LandLawReport): string[] {
  const lines: string[] = [];
  if (report.fills.length > 0) {
    lines.push(`Filled from an official layer (the CRM left out what the law asks for; the page says where it comes from): ${report.fills.length}`);
    for (const f of report.fills) lines.push(`  ${f.id} (${f.city}): ${f.field} = ${f.value} from ${f.source}`);
  }
  if (report.conflicts.length > 0) {
    lines.push(`The CRM and an official layer disagree (published with the CRM's value; the agency is told): ${report.conflicts.length}`);
    for (const c of report.conflicts) lines.push(`  ${c.id} (${c.city}): ${c.field} = ${c.crm} in the CRM, ${c.layer} on ${c.source}`);
  }
  return lines;
}
