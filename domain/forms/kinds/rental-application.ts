/** A rental application: only what a landlord may ask before choosing a tenant. */
import * as z from 'zod/mini';
import { REQUIRED, id, isoDate, person, PERSON_FIELDS } from '../parts.ts';
import { brusselsToday } from '../../rules/calendar-date.ts';
import { defineFormKind } from '../define.ts';

export const rentalApplication = defineFormKind({
  schema: z
    .object({
      ...person,
      // Only what a landlord may ask before choosing a tenant (each region's list, checked in domain/rules/tenant-questions.test.ts):
      // the household's size, the start of the lease, the household's resources as one amount.
      adults: z.coerce.number().check(z.int(), z.minimum(1, REQUIRED), z.maximum(10)),
      kids: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(10))),
      movingDate: isoDate,
      income1: z.coerce.number().check(z.int(), z.minimum(0, REQUIRED), z.maximum(1_000_000)),
      propertyId: id,
    })
    // A move in the past is a typo: today in Belgium is the earliest day a tenant can move in.
    .check(z.refine((o) => o.movingDate >= brusselsToday(), { message: 'MOVING_DATE_PAST', path: ['movingDate'] })),
  fields: [
    ...PERSON_FIELDS,
    { name: 'adults', labelKey: 'ADULTS', kind: 'number', required: true, half: true },
    { name: 'kids', labelKey: 'KIDS', kind: 'number', half: true },
    { name: 'movingDate', labelKey: 'MOVING_DATE', kind: 'date', required: true, half: true, fromToday: true },
    { name: 'income1', labelKey: 'HOUSEHOLD_RESOURCES', kind: 'number', required: true, half: true },
    { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' },
  ],
  retention: 'application',
  privacyWhy: 'FORM_PRIVACY_WHY_RENTAL',
  receipt: null,
});
