/** The contact page's form: a question to the agency. */
import * as z from 'zod/mini';
import { person, PERSON_FIELDS, CONTACT_TIME, MESSAGE } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const siteContact = defineFormKind({
  schema: z.object({ ...person }),
  fields: [...PERSON_FIELDS, CONTACT_TIME, MESSAGE],
  retention: 'lead',
  privacyWhy: null,
  receipt: { request: 'ACK_REQUEST_MESSAGE', next: 'ACK_NEXT_ANSWER' },
});
