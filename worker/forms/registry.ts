/**
 * Every visitor form of the site, one line each. A form is two files: its kind
 * (domain/forms/kinds/<name>.ts: schema, fields, retention kind, privacy note, receipt),
 * which the browser reads too, and its behaviour here (./kinds/<name>.ts: messages, the
 * address the mail gate passes, its mails, the CRM, its steps typed by its own data). A name
 * in FORM_NAMES without its line here does not compile; the form route names no form.
 */
import type { FormName } from '../../domain/forms/schemas.ts';
import type { FormEntry } from './define.ts';
import { siteContactForm } from './kinds/site-contact.ts';
import { contactMeForm } from './kinds/contact-me.ts';
import { contactAppointmentForm } from './kinds/contact-appointment.ts';
import { contactConstructionForm } from './kinds/contact-construction.ts';
import { contactDemandForm } from './kinds/contact-demand.ts';
import { demandRegisterForm } from './kinds/demand-register.ts';
import { sendToFriendForm } from './kinds/send-to-friend.ts';
import { signNewsletterForm } from './kinds/sign-newsletter.ts';
import { documentRequestForm } from './kinds/document-request.ts';
import { jobApplicationForm } from './kinds/job-application.ts';
import { purchaseOfferForm } from './kinds/purchase-offer.ts';
import { rentalApplicationForm } from './kinds/rental-application.ts';
import { testimonialForm } from './kinds/testimonial.ts';
import { saveSearchForm } from './kinds/save-search.ts';
import { emailSelectionForm } from './kinds/email-selection.ts';

export type { FormEntry, FormSteps, VisitorMail } from './define.ts';

export const FORMS: { [N in FormName]: FormEntry<N> } = {
  'site-contact': siteContactForm,
  'contact-me': contactMeForm,
  'contact-appointment': contactAppointmentForm,
  'contact-construction': contactConstructionForm,
  'contact-demand': contactDemandForm,
  'demand-register': demandRegisterForm,
  'send-to-friend': sendToFriendForm,
  'sign-newsletter': signNewsletterForm,
  'document-request': documentRequestForm,
  'job-application': jobApplicationForm,
  'purchase-offer': purchaseOfferForm,
  'rental-application': rentalApplicationForm,
  testimonial: testimonialForm,
  'save-search': saveSearchForm,
  'email-selection': emailSelectionForm,
};

/** The entry of a form named by a request: its steps take any form's data, the route having checked it against this form's schema. */
export function formEntry(name: FormName): FormEntry {
  return FORMS[name];
}

/** The page a refused post of `form` comes back on: its own step says, or the page it came from. */
export function refusalPage(form: FormName, back: string): string {
  return formEntry(form).steps.refusalPage?.(back) ?? back;
}
