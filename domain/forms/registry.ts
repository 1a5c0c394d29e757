/**
 * Every visitor form's kind, one line each: its schema, fields and facts are in its own file
 * (./kinds/<name>.ts). A name in FORM_NAMES without its line here does not compile.
 */
import { siteContact } from './kinds/site-contact.ts';
import { contactMe } from './kinds/contact-me.ts';
import { contactAppointment } from './kinds/contact-appointment.ts';
import { contactConstruction } from './kinds/contact-construction.ts';
import { contactDemand } from './kinds/contact-demand.ts';
import { demandRegister } from './kinds/demand-register.ts';
import { sendToFriend } from './kinds/send-to-friend.ts';
import { signNewsletter } from './kinds/sign-newsletter.ts';
import { documentRequest } from './kinds/document-request.ts';
import { jobApplication } from './kinds/job-application.ts';
import { purchaseOffer } from './kinds/purchase-offer.ts';
import { rentalApplication } from './kinds/rental-application.ts';
import { testimonial } from './kinds/testimonial.ts';
import { saveSearch } from './kinds/save-search.ts';
import { emailSelection } from './kinds/email-selection.ts';
import { FORM_NAMES, type FormName } from './names.ts';
import type { FormKind } from './define.ts';

export const FORM_KINDS = {
  'site-contact': siteContact,
  'contact-me': contactMe,
  'contact-appointment': contactAppointment,
  'contact-construction': contactConstruction,
  'contact-demand': contactDemand,
  'demand-register': demandRegister,
  'send-to-friend': sendToFriend,
  'sign-newsletter': signNewsletter,
  'document-request': documentRequest,
  'job-application': jobApplication,
  'purchase-offer': purchaseOffer,
  'rental-application': rentalApplication,
  testimonial: testimonial,
  'save-search': saveSearch,
  'email-selection': emailSelection,
} as const satisfies Record<FormName, FormKind>;

/** What a form is, for everyone who treats forms by name (the browser's page, the outbox, the retention run). */
export function formFacts(form: FormName): FormKind {
  return FORM_KINDS[form];
}

/** The forms whose requests are kept for the applications' period. */
export const APPLICATION_FORMS: readonly FormName[] = FORM_NAMES.filter((form) => FORM_KINDS[form].retention === 'application');
