/**
 * The form names alone, without their schemas: pages that only need to know whether a
 * module names a form do not pull zod into the first-load bundle.
 */
export const FORM_NAMES = [
  'site-contact',
  'contact-me',
  'contact-appointment',
  'contact-construction',
  'contact-demand',
  'demand-register',
  'send-to-friend',
  'sign-newsletter',
  'document-request',
  'job-application',
  'purchase-offer',
  'rental-application',
  'testimonial',
  'save-search',
  'email-selection',
] as const;
export type FormName = (typeof FORM_NAMES)[number];

/** Type guard for a form name read from content or a request. */
export function isFormName(value: unknown): value is FormName {
  return typeof value === 'string' && FORM_NAMES.some((name) => name === value);
}

/** How often a saved search mails: at once, or as a digest. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
