import { epcLetter } from './epc.ts';

/** Property main types the renovation duty covers. Mapping CRM categories (1 houses, 2 apartments) is the caller's. */
export const RENOVATION_MAIN_TYPES = ['house', 'apartment'] as const;
export type RenovationMainType = (typeof RENOVATION_MAIN_TYPES)[number];

/** Purchases from this year on carry the duty. */
export const RENOVATION_FROM_YEAR = 2023;

export interface RenovationInput {
  mainType: string | null | undefined;
  /** EPC label id from epc.ts ('e', 'e_plus', 'f'…). */
  label: string | null | undefined;
  purchaseYear: number | null | undefined;
  lang: string | null | undefined;
  /** Where the property is: the duty is a Flemish rule (renovatieverplichting). */
  region: string | null | undefined;
}

export interface RenovationDuty {
  required: boolean;
  /** Years to reach label D or better. 6 in German: the German text says 6; kept as content says. */
  years: 5 | 6;
}

/**
 * Whether the energy notice applies: in Flanders, houses and apartments bought from 2023 with label E or F
 * must reach D or better within 5 years (6 in the German text). Wallonia, Brussels and Luxembourg have no
 * such duty, so their listings never show it.
 * Why: the notice is shown on detail pages and in the offer form; the condition must be the same in both.
 * Sub-step labels (e_plus, e_min) count as E. `years` is always filled so the text can be shown on its own;
 * an unknown type, label or year means not required.
 */
export function renovationDuty(input: RenovationInput): RenovationDuty {
  const years = input.lang === 'de' ? 6 : 5;
  const { mainType, purchaseYear } = input;
  const letter = epcLetter(input.label);
  const required =
    input.region === 'flanders' &&
    RENOVATION_MAIN_TYPES.some((type) => type === mainType) &&
    (letter === 'e' || letter === 'f') &&
    typeof purchaseYear === 'number' &&
    Number.isInteger(purchaseYear) &&
    purchaseYear >= RENOVATION_FROM_YEAR;
  return { required, years };
}
