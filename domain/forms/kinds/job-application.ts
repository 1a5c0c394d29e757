/** A job application with its CV. */
import * as z from 'zod/mini';
import { optionalText, email, phone, person, PERSON_FIELDS, MESSAGE } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const jobApplication = defineFormKind({
  schema: z.object({ title: person.title, firstName: person.firstName, lastName: person.lastName, email, phone, contactDevice: person.contactDevice, message: optionalText(4000) }),
  fields: [...PERSON_FIELDS, { name: 'cv', labelKey: 'CV_FILE', kind: 'file', required: true, upload: 'document' }, MESSAGE],
  retention: 'application',
  privacyWhy: 'FORM_PRIVACY_WHY_JOB',
  receipt: { request: 'ACK_REQUEST_APPLICATION', next: 'ACK_NEXT_APPLICATION' },
});
