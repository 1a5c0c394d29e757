/**
 * The visitor's favourites mailed to their own address: their own business, not the agency's.
 */
import { defineForm } from '../define.ts';

export const emailSelectionForm = defineForm('email-selection', {
  done: 'SELECTION_SENT',
  notStored: 'MAIL_FAILED',
  mailsTypedAddress: 'email',
  mailIsTheRequest: true,
  mails: { agency: false, visitor: 'selection' },
  crm: false,
  steps: {},
});
