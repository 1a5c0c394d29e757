/** A saved search: new listings like a list page's, mailed as they come. */
import * as z from 'zod/mini';
import { email } from '../parts.ts';
import { ALERT_FREQUENCIES } from '../names.ts';
import { defineFormKind } from '../define.ts';

export const saveSearch = defineFormKind({
  schema: z.object({
    email,
    frequency: z._default(z.enum(ALERT_FREQUENCIES), 'instant'),
    consent: z.literal('yes', 'ALERT_CONSENT_REQUIRED'),
    list: z.string().check(z.trim(), z.minLength(1, 'ALERT_LIST_INVALID'), z.maxLength(500), z.regex(/^\/[a-z]{2}\/[^\s]*$/, 'ALERT_LIST_INVALID')),
  }),
  fields: [
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    {
      name: 'frequency',
      labelKey: 'ALERT_FREQUENCY',
      kind: 'select',
      half: true,
      options: ALERT_FREQUENCIES.map((f) => ({ value: f, labelKey: `ALERT_FREQUENCY_${f.toUpperCase()}` })),
    },
    { name: 'consent', labelKey: 'ALERT_CONSENT', kind: 'checkboxes', required: true, options: [{ value: 'yes', labelKey: 'ALERT_CONSENT_TEXT' }] },
    { name: 'list', labelKey: 'ALERT_LIST', kind: 'hidden' },
  ],
  retention: 'lead',
  privacyWhy: null,
  receipt: null,
});
