/**
 * Every kind of mail the site sends, by the one name it has everywhere: the outbox composes
 * it under this name, the delivery log and a lead's sent mails record it, and
 * `npm run mail -- preview` draws one sample of each (a kind without its sample does not
 * compile there). The words say who gets it and why.
 */
export const MAIL_KINDS = {
  'agency-lead': "the agency's copy of a visitor's request",
  'appointment-confirmation': 'a booked viewing, to the visitor',
  'rental-confirmation': "a rental application's receipt, to the applicant",
  'project-brochure': "a new-build project's brochure and price list, to the visitor",
  'request-acknowledgement': 'the receipt of a request to the agency (a message, a valuation, an offer…), to the visitor',
  'alert-confirmation': 'the double opt-in of saved searches',
  'newsletter-confirmation': 'the double opt-in of the newsletter',
  friend: 'a listing a visitor sends a friend',
  selection: "a visitor's own favourites",
  alert: 'news of a saved search, at once',
  'alert-digest': 'news of a saved search, daily or weekly',
  'owner-reset': "an owner's password reset link",
  'privacy-link': 'the single-use link to what the agency holds about an address',
  'privacy-erased': "the agency's note of the CRM records to erase after a visitor erased their data",
  'privacy-run-failed': "the warning that the day's retention run keeps failing",
  'owner-locked': 'the warning that an owner account was locked',
  'crm-refused': 'the warning that a CRM answer was refused',
  'crm-held': 'the listings a CRM sync held back, the rest being published',
  'land-conflict': 'the listings whose CRM value an official map contradicts',
  'delivery-alarm': 'the warning that mail has failed for an hour',
} as const;

export type MailKind = keyof typeof MAIL_KINDS;

export const MAIL_KIND_NAMES = Object.keys(MAIL_KINDS) as MailKind[];
