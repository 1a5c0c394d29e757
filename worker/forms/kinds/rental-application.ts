/**
 * A rental application: the visitor is told it arrived.
 */
import { defineForm } from '../define.ts';

export const rentalApplicationForm = defineForm('rental-application', {
  done: 'THANKS_RENTAL_APPLICATION',
  notStored: 'MAIL_FAILED',
  mailsTypedAddress: 'email',
  mails: { agency: true, visitor: 'rental-confirmation' },
  crm: true,
  steps: {},
});
