/**
 * What each visitor form is, for everyone who treats forms by name (the browser's page, the
 * outbox, the retention run): under which retention kind its request is kept, why it asks
 * what it asks (a line beside its button, when the general one is not enough), and the
 * receipt its sender gets, in the site's words. A form added to FORM_NAMES does not compile
 * until each fact is given; no form name is compared elsewhere.
 */
import { FORM_NAMES, type FormName } from './names.ts';

interface FormFacts {
  /** 'application': kept from its own date for the applications' period; 'lead': from its sender's last request. */
  retention: 'lead' | 'application';
  /** The dictionary key of why this form asks what it asks; null when the general note says it all. */
  privacyWhy: string | null;
  /** The receipt of the request in the site's words, and what the agency does next; null when the form's mail is no receipt. */
  receipt: { request: string; next: string } | null;
}

export const FORM_FACTS = {
  'site-contact': { retention: 'lead', privacyWhy: null, receipt: { request: 'ACK_REQUEST_MESSAGE', next: 'ACK_NEXT_ANSWER' } },
  'contact-me': { retention: 'lead', privacyWhy: null, receipt: { request: 'ACK_REQUEST_INFORMATION', next: 'ACK_NEXT_ANSWER' } },
  'contact-appointment': { retention: 'lead', privacyWhy: null, receipt: null },
  'contact-construction': { retention: 'lead', privacyWhy: null, receipt: null },
  'contact-demand': { retention: 'lead', privacyWhy: 'FORM_PRIVACY_WHY_VALUATION', receipt: { request: 'ACK_REQUEST_VALUATION', next: 'ACK_NEXT_VALUATION' } },
  'demand-register': { retention: 'lead', privacyWhy: null, receipt: null },
  'send-to-friend': { retention: 'lead', privacyWhy: null, receipt: null },
  'sign-newsletter': { retention: 'lead', privacyWhy: null, receipt: null },
  'document-request': { retention: 'lead', privacyWhy: null, receipt: { request: 'ACK_REQUEST_DOCUMENTS', next: 'ACK_NEXT_DOCUMENTS' } },
  'job-application': { retention: 'application', privacyWhy: 'FORM_PRIVACY_WHY_JOB', receipt: { request: 'ACK_REQUEST_APPLICATION', next: 'ACK_NEXT_APPLICATION' } },
  'purchase-offer': { retention: 'lead', privacyWhy: 'FORM_PRIVACY_WHY_OFFER', receipt: { request: 'ACK_REQUEST_OFFER', next: 'ACK_NEXT_OFFER' } },
  'rental-application': { retention: 'application', privacyWhy: 'FORM_PRIVACY_WHY_RENTAL', receipt: null },
  testimonial: { retention: 'lead', privacyWhy: null, receipt: null },
  'save-search': { retention: 'lead', privacyWhy: null, receipt: null },
  'email-selection': { retention: 'lead', privacyWhy: null, receipt: null },
} as const satisfies Record<FormName, FormFacts>;

export function formFacts(form: FormName): FormFacts {
  return FORM_FACTS[form];
}

/** The forms whose requests are kept for the applications' period. */
export const APPLICATION_FORMS: readonly FormName[] = FORM_NAMES.filter((form) => FORM_FACTS[form].retention === 'application');
