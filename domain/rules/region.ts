export const BELGIUM = 10;

export const REGIONS = ['brussels', 'wallonia', 'flanders'] as const;
export type Region = (typeof REGIONS)[number];

/** Inclusive postcode ranges; Belgian postcodes are four digits, 1000–9999. */
const RANGES: ReadonlyArray<readonly [from: number, to: number, region: Region]> = [
  [1000, 1299, 'brussels'],
  [1300, 1499, 'wallonia'],
  [1500, 3999, 'flanders'],
  [4000, 7999, 'wallonia'],
  [8000, 9999, 'flanders'],
];

/** A four-digit Belgian postcode as a number, or null. Accepts 5000, '5000' and ' 5000 ' (NBSP too). */
function parseZip(zip: unknown): number | null {
  if (typeof zip === 'number') return Number.isInteger(zip) ? zip : null;
  if (typeof zip !== 'string') return null;
  const trimmed = zip.trim();
  return /^\d{4}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The Belgian region of a postcode, or null for other countries and invalid postcodes.
 * Why: EPC scales, registration rights and legal notices differ per region.
 * Only country id 10 is Belgium; an explicit null country is unknown, not Belgium (only an omitted one defaults).
 */
export function regionOf(zip: unknown, countryId: number | null = BELGIUM): Region | null {
  if (countryId !== BELGIUM) return null;
  const code = parseZip(zip);
  if (code === null) return null;
  const range = RANGES.find(([from, to]) => code >= from && code <= to);
  return range ? range[2] : null;
}
