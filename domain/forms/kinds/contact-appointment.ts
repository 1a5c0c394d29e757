/** A visit request for one property: an hour chosen among its open slots when it offers some. */
import * as z from 'zod/mini';
import { id, person, PERSON_FIELDS, MESSAGE } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const contactAppointment = defineFormKind({
  schema: z.object({ ...person, propertyId: id, slotId: z.optional(z.string().check(z.regex(/^p\d{1,9}-\d{4}-\d{2}-\d{2}T\d{2}$/, 'SLOT_INVALID'))) }),
  fields: [{ name: 'slotId', labelKey: 'CHOOSE_SLOT', summaryKey: 'APPOINTMENT', kind: 'slots' }, ...PERSON_FIELDS, MESSAGE, { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' }],
  retention: 'lead',
  privacyWhy: null,
  receipt: null,
});
