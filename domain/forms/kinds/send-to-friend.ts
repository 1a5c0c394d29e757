/** A property or project sent to a friend's address. */
import * as z from 'zod/mini';
import { required, optionalText, email, id, MESSAGE } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const sendToFriend = defineFormKind({
  schema: z
    .object({
      name: required(80),
      email,
      friendEmail: z.string().check(z.trim(), z.minLength(1, 'FRIEND_EMAIL_INVALID'), z.maxLength(200), z.email('FRIEND_EMAIL_INVALID')),
      // A short plain-text note: the mail itself is built from the property or project.
      message: optionalText(500),
      // Only a published property or project can be sent; the worker checks that it is online.
      propertyId: id,
      projectId: id,
    })
    .check(z.refine((o) => (o.propertyId === undefined) !== (o.projectId === undefined), { message: 'PROPERTY_NOT_ONLINE', path: ['propertyId'] })),
  fields: [
    { name: 'name', labelKey: 'YOUR_NAME', kind: 'text', required: true, autoComplete: 'name', half: true },
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    { name: 'friendEmail', labelKey: 'FRIEND_EMAIL', kind: 'email', required: true },
    MESSAGE,
    { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' },
    { name: 'projectId', labelKey: 'PROJECTS', kind: 'hidden' },
  ],
  retention: 'lead',
  privacyWhy: null,
  receipt: null,
});
