/**
 * Every visitor form of the site, one entry each: its schema and fields (shared with the
 * browser, domain/forms/schemas.ts), what the visitor reads once it is accepted or when it
 * could not be stored, which typed address the mail gate must pass, and the mails its lead
 * causes. A name in FORM_NAMES without its entry here does not type-check.
 *
 * To add a form: its name (domain/forms/names.ts), its schema and fields
 * (domain/forms/schemas.ts), its entry below and its steps (FORM_STEPS, ./steps.ts). The
 * visitor mail, when it is a new kind, is one entry of the outbox's VISITOR_MAILS. The
 * compiler asks for each of them.
 */
import { formFields, formSchemas, type FieldSpec, type FormName } from '../../domain/forms/schemas.ts';
import { FORM_STEPS, type FormSteps } from './steps.ts';
import type { MailKind } from '../mail/kinds.ts';

/** The mails a visitor may get because of a form, each composed by the outbox (MAIL_KINDS names them). */
export type VisitorMail = Extract<
  MailKind,
  'appointment-confirmation' | 'project-brochure' | 'alert-confirmation' | 'friend' | 'newsletter-confirmation' | 'rental-confirmation' | 'selection' | 'request-acknowledgement'
>;

export interface FormBehaviour {
  /** The message once accepted, when the form has no thank-you page (THANKS_CONFIDENCE otherwise). */
  done?: string;
  /**
   * The message when the request could not be stored (API_ERROR otherwise): "your mail was
   * not sent" for the contact forms, the generic sending failure where the visitor awaits a mail.
   */
  notStored?: string;
  /** The field whose address the site mails: it passes the mail gate before anything is stored. */
  mailsTypedAddress?: 'email' | 'friendEmail';
  /**
   * The mail to the typed address is the request itself (a friend's mail, a newsletter's or a
   * saved search's confirmation, a selection): a spent mail budget refuses it. Otherwise the
   * mail only confirms a request to the agency, which is stored and reaches the agency whatever
   * the budget; only the confirmation is held back.
   */
  mailIsTheRequest?: true;
  /** The agency reads the lead in its inbox; the visitor gets this mail at the gate's address. */
  mails: { agency: boolean; visitor: VisitorMail | null };
  /** The agency's CRM receives the lead (a contact with its request, or a search profile), when one is configured. */
  crm: boolean;
  /** What the thank-you page is told of the request, when its words depend on it (a project sent, not a property). */
  thanksQuery?: (fields: Readonly<Record<string, unknown>>) => Record<string, string>;
}

export interface FormEntry<N extends FormName = FormName> extends FormBehaviour {
  schema: (typeof formSchemas)[N];
  fields: FieldSpec[];
  /** The fields that take a file: each one up to 5 MB. */
  uploads: FieldSpec[];
  /** What the form does besides being stored: its check before storing, what it keeps beside the lead. */
  steps: FormSteps;
}

const agencyOnly = { agency: true, visitor: null } as const;
/** A request to the agency: the agency reads it, the visitor gets its receipt at the address they typed (held back, never refused, when a budget is spent). */
const acknowledged = { mailsTypedAddress: 'email', mails: { agency: true, visitor: 'request-acknowledgement' } } as const;

const BEHAVIOUR: Record<FormName, FormBehaviour> = {
  'site-contact': { notStored: 'MAIL_NOT_SENT', ...acknowledged, crm: true },
  'contact-me': { notStored: 'MAIL_NOT_SENT', ...acknowledged, crm: true },
  // A visit request confirms a booked slot to the visitor's address (none without a slot).
  'contact-appointment': { notStored: 'MAIL_NOT_SENT', mailsTypedAddress: 'email', mails: { agency: true, visitor: 'appointment-confirmation' }, crm: true },
  'contact-construction': { notStored: 'MAIL_NOT_SENT', mailsTypedAddress: 'email', mails: { agency: true, visitor: 'project-brochure' }, crm: true },
  'contact-demand': { notStored: 'MAIL_NOT_SENT', ...acknowledged, crm: true },
  'demand-register': { notStored: 'MAIL_FAILED', mailsTypedAddress: 'email', mails: { agency: true, visitor: 'alert-confirmation' }, crm: true },
  // A friend's address is nobody's contact: it never reaches the CRM.
  'send-to-friend': {
    notStored: 'MAIL_NOT_SENT',
    mailsTypedAddress: 'friendEmail',
    mailIsTheRequest: true,
    mails: { agency: true, visitor: 'friend' },
    crm: false,
    thanksQuery: (fields): Record<string, string> => (fields.projectId !== undefined ? { shared: 'project' } : {}),
  },
  'sign-newsletter': { notStored: 'MAIL_FAILED', mailsTypedAddress: 'email', mailIsTheRequest: true, mails: { agency: true, visitor: 'newsletter-confirmation' }, crm: false },
  'document-request': { done: 'DOCUMENTS_BY_EMAIL', notStored: 'DOCUMENT_REQUEST_ERROR', ...acknowledged, crm: true },
  // A job application is the agency's hiring, not its clients.
  'job-application': { done: 'THANKS_CV', ...acknowledged, crm: false },
  'purchase-offer': { done: 'THANKS_OFFER', ...acknowledged, crm: true },
  'rental-application': { done: 'THANKS_RENTAL_APPLICATION', notStored: 'MAIL_FAILED', mailsTypedAddress: 'email', mails: { agency: true, visitor: 'rental-confirmation' }, crm: true },
  testimonial: { done: 'TESTIMONIAL_SENT', notStored: 'TESTIMONIAL_NOT_SENT', mails: agencyOnly, crm: false },
  // A saved search and a selection are the visitor's own business: the agency reads the demand register.
  'save-search': { done: 'ALERT_CHECK_INBOX', notStored: 'ALERT_NOT_SAVED', mailsTypedAddress: 'email', mailIsTheRequest: true, mails: { agency: false, visitor: 'alert-confirmation' }, crm: false },
  'email-selection': { done: 'SELECTION_SENT', notStored: 'MAIL_FAILED', mailsTypedAddress: 'email', mailIsTheRequest: true, mails: { agency: false, visitor: 'selection' }, crm: false },
};

function entry<N extends FormName>(name: N): FormEntry<N> {
  const fields = formFields[name];
  return { ...BEHAVIOUR[name], schema: formSchemas[name], fields, uploads: fields.filter((f) => f.kind === 'file'), steps: FORM_STEPS[name] };
}

/** The page a refused post of `form` comes back on: its own step says, or the page it came from. */
export function refusalPage(form: FormName, back: string): string {
  return FORMS[form].steps.refusalPage?.(back) ?? back;
}

export const FORMS = Object.fromEntries((Object.keys(BEHAVIOUR) as FormName[]).map((name) => [name, entry(name)])) as { [N in FormName]: FormEntry<N> };
