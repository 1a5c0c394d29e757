/**
 * What each form does once posted, beyond its schema and fields (domain/forms/schemas.ts):
 * what the visitor reads when it is accepted without a thank-you page, what they read when
 * it could not be stored, and which field's address gets a mail (through the mail gate).
 * One entry per form name: a new name without its entry does not type-check.
 * What each lead mails is the outbox's table (worker/outbox/lead-mails.ts).
 */
import type { FormName } from '../../domain/forms/schemas.ts';

export interface FormBehaviour {
  /** The message once accepted, when the form has no thank-you page (THANKS_CONFIDENCE otherwise). */
  done?: string;
  /** The message when the request could not be stored (API_ERROR otherwise). */
  notStored?: string;
  /** The field whose address the site mails: it passes the mail gate before anything is stored. */
  mailsTypedAddress?: 'email' | 'friendEmail';
}

export const FORMS: Record<FormName, FormBehaviour> = {
  'site-contact': { notStored: 'MAIL_NOT_SENT' },
  'contact-me': { notStored: 'MAIL_NOT_SENT' },
  // A visit request confirms a booked slot to the visitor's address (none without a slot).
  'contact-appointment': { notStored: 'MAIL_NOT_SENT', mailsTypedAddress: 'email' },
  'contact-construction': { mailsTypedAddress: 'email' },
  'contact-demand': {},
  'demand-register': { mailsTypedAddress: 'email' },
  'send-to-friend': { notStored: 'MAIL_NOT_SENT', mailsTypedAddress: 'friendEmail' },
  'sign-newsletter': { mailsTypedAddress: 'email' },
  'document-request': { done: 'DOCUMENTS_BY_EMAIL', notStored: 'DOCUMENT_REQUEST_ERROR' },
  'job-application': { done: 'THANKS_CV' },
  'purchase-offer': { done: 'THANKS_OFFER' },
  'rental-application': { done: 'THANKS_RENTAL_APPLICATION', mailsTypedAddress: 'email' },
  testimonial: { done: 'TESTIMONIAL_SENT', notStored: 'TESTIMONIAL_NOT_SENT' },
  'save-search': { done: 'ALERT_CHECK_INBOX', notStored: 'ALERT_NOT_SAVED', mailsTypedAddress: 'email' },
  'email-selection': { done: 'SELECTION_SENT', notStored: 'MAIL_NOT_SENT', mailsTypedAddress: 'email' },
};
