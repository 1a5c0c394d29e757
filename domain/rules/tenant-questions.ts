/**
 * What a landlord, or the agency for them, may ask a candidate tenant before choosing one,
 * per region: data with its dates and sources, like the listing law. The rental application
 * asks no more than its listing's region allows (the worker keeps nothing else a post sends),
 * and it asks amounts, never documents: a payslip or an ID card comes only once a tenant is
 * chosen. Where a region's text lists less than the GDPR's minimisation would allow, the
 * list is the text's; where it lists nothing, Brussels' list applies, the strictest.
 */
import type { Region } from './region.ts';

/** The rental application's own questions, besides the identity and contact every request carries. */
export const TENANT_QUESTIONS = ['adults', 'kids', 'movingDate', 'income1'] as const;
export type TenantQuestion = (typeof TENANT_QUESTIONS)[number];

export interface TenantRule {
  since: string;
  source: string;
  /** The questions allowed: the household's size (adults and children, a count), the lease's start, the household's monthly net resources (an amount). */
  asks: readonly TenantQuestion[];
}

export const TENANT_RULES: Record<Region, TenantRule> = {
  brussels: {
    since: '2018-01-01',
    source:
      'Code bruxellois du Logement, art. 200ter §2 (ordonnance du 27 juillet 2017): name, a means of contact, address, date of birth or proof of majority, the household’s composition and the amount of its financial resources; nothing else before the choice (see the Constitutional Court’s judgment 101/2020 on this paragraph)',
    asks: ['adults', 'kids', 'movingDate', 'income1'],
  },
  wallonia: {
    since: '2018-09-01',
    source: 'Décret wallon du 15 mars 2018 relatif au bail d’habitation, and the GDPR’s minimisation (art. 5.1.c): the Brussels list applied',
    asks: ['adults', 'kids', 'movingDate', 'income1'],
  },
  flanders: {
    since: '2019-01-01',
    source: 'Vlaams Woninghuurdecreet van 9 november 2018, and the GDPR’s minimisation (art. 5.1.c): the Brussels list applied',
    asks: ['adults', 'kids', 'movingDate', 'income1'],
  },
};

/** The rental application's questions for a listing in `region` (Brussels' outside Belgium's regions). */
export function tenantQuestions(region: Region | null): readonly TenantQuestion[] {
  return TENANT_RULES[region ?? 'brussels'].asks;
}
