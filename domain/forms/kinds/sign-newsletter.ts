/** The newsletter's subscription, confirmed by the link it mails. */
import * as z from 'zod/mini';
import { optionalText, email } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const signNewsletter = defineFormKind({
  schema: z.object({ email, firstName: optionalText(80) }),
  fields: [
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    { name: 'firstName', labelKey: 'FIRST_NAME', kind: 'text', autoComplete: 'given-name', half: true },
  ],
  retention: 'lead',
  privacyWhy: null,
  receipt: null,
});
