/**
 * A request about a new-build project: the visitor gets its brochure.
 */
import { defineForm } from '../define.ts';

export const contactConstructionForm = defineForm('contact-construction', {
  notStored: 'MAIL_NOT_SENT',
  mailsTypedAddress: 'email',
  mails: { agency: true, visitor: 'project-brochure' },
  crm: true,
  steps: {},
});
