/** The documents of one property or project, mailed to the address typed. The documents of one property or of one project: a request names exactly one of them. */
import * as z from 'zod/mini';
import { required, email, id } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const documentRequest = defineFormKind({
  schema: z
    .object({ name: required(80), email, propertyId: id, projectId: id })
    .check(z.refine((o) => (o.propertyId === undefined) !== (o.projectId === undefined), { message: 'API_ERROR', path: ['propertyId'] })),
  fields: [
    { name: 'name', labelKey: 'YOUR_NAME', kind: 'text', required: true, autoComplete: 'name', half: true },
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' },
    { name: 'projectId', labelKey: 'PROJECTS', kind: 'hidden' },
  ],
  retention: 'lead',
  privacyWhy: null,
  receipt: { request: 'ACK_REQUEST_DOCUMENTS', next: 'ACK_NEXT_DOCUMENTS' },
});
