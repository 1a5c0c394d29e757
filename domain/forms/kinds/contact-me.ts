/** A question about one property, from its page. */
import * as z from 'zod/mini';
import { id, person, PERSON_FIELDS, MESSAGE } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const contactMe = defineFormKind({
  schema: z.object({ ...person, propertyId: id }),
  fields: [...PERSON_FIELDS, MESSAGE, { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' }],
  retention: 'lead',
  privacyWhy: null,
  receipt: { request: 'ACK_REQUEST_INFORMATION', next: 'ACK_NEXT_ANSWER' },
});
