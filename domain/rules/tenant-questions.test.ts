import { describe, expect, it } from 'vitest';
import { REGIONS, type Region } from './region.ts';
import { formFields, formSchema } from '../forms/schemas.ts';

/**
 * What a landlord, or the agency for them, may ask a candidate tenant before choosing one,
 * per region: data with its dates and sources, like the listing law. The rental application
 * asks no more than its listing's region allows (the worker keeps nothing else a post sends),
 * and it asks amounts, never documents: a payslip or an ID card comes only once a tenant is
 * chosen. Where a region's text lists less than the GDPR's minimisation would allow, the
 * list is the text's; where it lists nothing, Brussels' list applies, the strictest.
 */

/** The rental application's own questions, besides the identity and contact every request carries. */
const TENANT_QUESTIONS = ['adults', 'kids', 'movingDate', 'income1'] as const;
type TenantQuestion = (typeof TENANT_QUESTIONS)[number];

interface TenantRule {
  since: string;
  source: string;
  /** The questions allowed: the household's size (adults and children, a count), the lease's start, the household's monthly net resources (an amount). */
  asks: readonly TenantQuestion[];
}

const TENANT_RULES: Record<Region, TenantRule> = {
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
function tenantQuestions(region: Region | null): readonly TenantQuestion[] {
  return TENANT_RULES[region ?? 'brussels'].asks;
}

/** What every request carries: who is asking and how to answer them, the listing, their own words. */
const IDENTITY = ['title', 'firstName', 'lastName', 'email', 'phone', 'contactDevice', 'contactTime', 'message', 'propertyId'];

describe('what a landlord may ask a candidate tenant', () => {
  it.each(REGIONS)('%s: the rental application asks nothing its rule does not list, and no document', (region) => {
    const asked = formFields('rental-application')
      .map((f) => f.name)
      .filter((name) => !IDENTITY.includes(name));
    expect(asked.every((name) => (tenantQuestions(region) as readonly string[]).includes(name))).toBe(true);
    expect(formFields('rental-application').some((f) => f.kind === 'file')).toBe(false);
    expect(TENANT_RULES[region].source.length).toBeGreaterThan(20);
  });

  it('a post asking more keeps only what the rule allows: no children’s ages, pets or reasons are stored', () => {
    const read = formSchema('rental-application').safeParse({
      title: 'ms',
      firstName: 'Lies',
      lastName: 'Peeters',
      email: 'lies@example.be',
      phone: '0475123456',
      adults: '2',
      kids: '1',
      kidsAges: '6',
      pets: 'yes',
      reason: 'divorce',
      income2: '1800',
      movingDate: '2031-01-01',
      income1: '4200',
    });
    expect(read.success).toBe(true);
    expect(
      Object.keys(read.data ?? {})
        .filter((k) => !IDENTITY.includes(k))
        .sort(),
    ).toEqual([...TENANT_QUESTIONS].sort());
  });
});
