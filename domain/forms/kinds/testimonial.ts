/** A client's testimonial, shown once an operator approves it. */
import * as z from 'zod/mini';
import { REQUIRED, required } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const testimonial = defineFormKind({
  schema: z.object({
    name: required(80),
    comment: z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(2000)),
    /** Not 'website': that name is the honeypot every form carries. */
    homepage: z.optional(z.string().check(z.trim(), z.maxLength(200), z.regex(/^https?:\/\/[^\s<>"]+\.[^\s<>"]+$/, 'URL_INVALID'))),
  }),
  fields: [
    { name: 'name', labelKey: 'YOUR_NAME', kind: 'text', required: true, autoComplete: 'name', half: true },
    { name: 'homepage', labelKey: 'WEBSITE', kind: 'url', autoComplete: 'url', half: true },
    { name: 'comment', labelKey: 'COMMENT', kind: 'textarea', required: true },
    { name: 'image', labelKey: 'YOUR_PHOTO', kind: 'file', upload: 'photo' },
  ],
  retention: 'lead',
  privacyWhy: null,
  receipt: null,
});
