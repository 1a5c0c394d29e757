/** The visitor's favourites mailed to their own address. */
import * as z from 'zod/mini';
import { email } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const emailSelection = defineFormKind({
  schema: z.object({ email, ids: z.string().check(z.trim(), z.minLength(1, 'SELECTION_EMPTY'), z.maxLength(600), z.regex(/^\d+(,\d+)*$/, 'SELECTION_EMPTY')) }),
  fields: [
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email' },
    { name: 'ids', labelKey: 'FAVOURITES', kind: 'hidden' },
  ],
  retention: 'lead',
  privacyWhy: null,
  receipt: null,
});
