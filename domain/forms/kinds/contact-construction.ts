/** A request about a new-build project: its brochure is mailed to the visitor. */
import * as z from 'zod/mini';
import { id, person, PERSON_FIELDS, MESSAGE, COUNTRY, CONTACT_COUNTRIES } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const contactConstruction = defineFormKind({
  schema: z.object({ ...person, country: z.optional(z.enum(CONTACT_COUNTRIES)), projectId: id }),
  fields: [...PERSON_FIELDS, COUNTRY, MESSAGE, { name: 'projectId', labelKey: 'PROJECTS', kind: 'hidden' }],
  retention: 'lead',
  privacyWhy: null,
  receipt: null,
});
