import { describe, expect, it } from 'vitest';
import { REGIONS } from './region.ts';
import { TENANT_QUESTIONS, TENANT_RULES, tenantQuestions } from './tenant-questions.ts';
import { formFields, formSchemas } from '../forms/schemas.ts';

/** What every request carries: who is asking and how to answer them, the listing, their own words. */
const IDENTITY = ['title', 'firstName', 'lastName', 'email', 'phone', 'contactDevice', 'contactTime', 'message', 'propertyId'];

describe('what a landlord may ask a candidate tenant', () => {
  it.each(REGIONS)('%s: the rental application asks nothing its rule does not list, and no document', (region) => {
    const asked = formFields['rental-application'].map((f) => f.name).filter((name) => !IDENTITY.includes(name));
    expect(asked.every((name) => (tenantQuestions(region) as readonly string[]).includes(name))).toBe(true);
    expect(formFields['rental-application'].some((f) => f.kind === 'file')).toBe(false);
    expect(TENANT_RULES[region].source.length).toBeGreaterThan(20);
  });

  it('a post asking more keeps only what the rule allows: no children’s ages, pets or reasons are stored', () => {
    const read = formSchemas['rental-application'].safeParse({
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
