import { BELGIUM, regionOf, type Region } from './region.ts';

export const LUXEMBOURG = 50;

/** Which label scale applies: a Belgian region's, or Luxembourg's (taken from the label text). */
export type EpcScheme = Region | 'luxembourg';

/** Best to worst; each band is [label id, inclusive upper bound in kWh/m²·year]. See docs/decisions/002-epc-boundaries.md. */
export const EPC_BANDS = {
  flanders: [
    ['a_plus', 0],
    ['a', 100],
    ['b', 200],
    ['c', 300],
    ['d', 400],
    ['e', 500],
    ['f', Infinity],
  ],
  wallonia: [
    ['a_plusplus', 0],
    ['a_plus', 45],
    ['a', 85],
    ['b', 170],
    ['c', 255],
    ['d', 340],
    ['e', 425],
    ['f', 510],
    ['g', Infinity],
  ],
  // Brussels starts at A+ (zero and negative values included), with sub-steps down to G above 345.
  brussels: [
    ['a_plus', 15],
    ['a', 30],
    ['a_min', 45],
    ['b_plus', 62],
    ['b', 78],
    ['b_min', 95],
    ['c_plus', 113],
    ['c', 132],
    ['c_min', 150],
    ['d_plus', 170],
    ['d', 190],
    ['d_min', 210],
    ['e_plus', 232],
    ['e', 253],
    ['e_min', 275],
    ['f', 345],
    ['g', Infinity],
  ],
} as const satisfies Record<Region, ReadonlyArray<readonly [string, number]>>;

/** Luxembourg's energy classes, taken from the CRM label text. */
export const LUXEMBOURG_LABELS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;

export type EpcLabel = (typeof EPC_BANDS)[Region][number][0] | (typeof LUXEMBOURG_LABELS)[number];

export interface EpcInput {
  /** Energy performance in kWh/m²·year; 0 and below is a (near-)zero-energy building, not an error. */
  value?: number | null | undefined;
  zip?: string | number | null | undefined;
  /** CRM country id; omitted means Belgium (10), like regionOf. */
  countryId?: number | null | undefined;
  /** CRM EPCLabelText, used for Luxembourg only. */
  labelText?: string | null | undefined;
}

function isLuxembourgLabel(text: string): text is (typeof LUXEMBOURG_LABELS)[number] {
  return LUXEMBOURG_LABELS.some((label) => label === text);
}

/**
 * The scale that applies to a property: Luxembourg by country, otherwise its Belgian region.
 * Why: the image folder and the label scale both follow from it; null means no EPC label at all.
 */
export function epcScheme(zip: unknown, countryId: number | null = BELGIUM): EpcScheme | null {
  return countryId === LUXEMBOURG ? 'luxembourg' : regionOf(zip, countryId);
}

/**
 * The scale and label of a property, or null when there is none.
 * Why: Belgian labels are derived from the value because each region has its own scale; a value
 * exactly on a bound gets the better label (100 → a in Flanders). Luxembourg uses the label text
 * ('A'…'I', any case, full-width allowed). Other countries, or a missing/NaN/infinite value, give null.
 */
export function epcOf(input: EpcInput): { scheme: EpcScheme; label: EpcLabel } | null {
  const scheme = epcScheme(input.zip, input.countryId);
  if (scheme === null) return null;
  if (scheme === 'luxembourg') {
    const text = (input.labelText ?? '').normalize('NFKC').trim().toLowerCase();
    return isLuxembourgLabel(text) ? { scheme, label: text } : null;
  }
  const { value } = input;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const bands: ReadonlyArray<readonly [EpcLabel, number]> = EPC_BANDS[scheme];
  const band = bands.find(([, max]) => value <= max);
  return band ? { scheme, label: band[0] } : null;
}

/**
 * Just the label of a property (see epcOf).
 * Why: most callers only need the label id for a badge or a filter.
 */
export function epcLabel(input: EpcInput): EpcLabel | null {
  return epcOf(input)?.label ?? null;
}

/**
 * Path of the label image, e.g. '/static/epc/flanders/a_plus.svg'.
 * Why: label images exist per Belgian region only, so Luxembourg and unknown labels get null
 * and the UI shows epcDisplay text instead; a label from another region's scale never builds a broken path.
 */
export function epcImagePath(scheme: EpcScheme | null, label: string | null | undefined): string | null {
  if (scheme === null || scheme === 'luxembourg' || label === null || label === undefined) return null;
  const bands: ReadonlyArray<readonly [string, number]> = EPC_BANDS[scheme];
  return bands.some(([id]) => id === label) ? `/static/epc/${scheme}/${label}.svg` : null;
}

const LABEL_ID = /^([a-i])(?:_(plusplus|plus|min))?$/;
const SUFFIX_TEXT = { plusplus: '++', plus: '+', min: '-' } as const;

/**
 * The base letter of a label id ('e_plus' → 'e'), or null for an unknown id.
 * Why: rules such as the renovation duty speak of "label E" and must include Brussels' sub-steps.
 */
export function epcLetter(label: string | null | undefined): string | null {
  const match = LABEL_ID.exec(label ?? '');
  return match?.[1] ?? null;
}

/**
 * The label as people write it: 'a_plusplus' → 'A++', 'a_plus' → 'A+', 'b_min' → 'B-', '' for an unknown id.
 * Why: alt texts, Luxembourg labels and filters show the letter, not the id.
 */
export function epcDisplay(label: string | null | undefined): string {
  const match = LABEL_ID.exec(label ?? '');
  if (match === null) return '';
  const [, letter = '', suffix] = match;
  const text = suffix === 'plusplus' || suffix === 'plus' || suffix === 'min' ? SUFFIX_TEXT[suffix] : '';
  return `${letter.toUpperCase()}${text}`;
}
