/**
 * What the worker does with one visitor form, in its own file (./kinds/<name>.ts) beside the
 * form's kind (domain/forms/kinds/<name>.ts: schema, fields, retention, receipt): what the
 * visitor reads once it is accepted or when it could not be stored, which typed address the
 * mail gate must pass, the mails its lead causes, whether the CRM hears of it, and its
 * steps, each typed by the form's own data.
 */
import { formFields, formSchema, type FieldError, type FieldSpec, type FormData, type FormName } from '../../domain/forms/schemas.ts';
import type { MailKind } from '../mail/kinds.ts';
import type { Held, HoldContext, StepContext, Verdict } from './step-context.ts';

/** The mails a visitor may get because of a form, each composed by the outbox (MAIL_KINDS names them). */
export type VisitorMail = Extract<
  MailKind,
  'appointment-confirmation' | 'project-brochure' | 'alert-confirmation' | 'friend' | 'newsletter-confirmation' | 'rental-confirmation' | 'selection' | 'request-acknowledgement'
>;

/**
 * What a form does besides being stored. Methods, so that a form's steps, typed by its own
 * data, stand in the one table every form is read from (the route has validated the post
 * against that form's schema before any step runs).
 */
export interface FormSteps<N extends FormName = FormName> {
  /** Before anything is stored. A throw is a store that failed (503, nothing claimed). */
  check?(ctx: StepContext<N>): Promise<Verdict>;
  /** Before the mail gate and the store, what the request takes (a visit's place): refused, held, or nothing to hold (null). A throw is a store that failed. */
  hold?(ctx: HoldContext<N>): Promise<{ refuse: FieldError[] } | Held | null>;
  /** Beside the lead, once stored: what the form asks the site to keep. */
  afterStore?(ctx: StepContext<N> & { leadId: string; files: Record<string, string> }): Promise<void>;
  /** Whether this post mails the typed address at all (a visit request without a slot confirms nothing). */
  mailsTypedAddress?(fields: FormData<N>): boolean;
  /** The page a refused post comes back on, when not the page it came from. */
  refusalPage?(back: string): string;
  /** What the thank-you page is told of the request, when its words depend on it (a project sent, not a property). */
  thanksQuery?(fields: FormData<N>): Record<string, string>;
}

export interface FormBehaviour<N extends FormName = FormName> {
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
  /** What the form does besides being stored; `{}` for a form that is stored and mailed, nothing more. */
  steps: FormSteps<N>;
}

export interface FormEntry<N extends FormName = FormName> extends FormBehaviour<N> {
  name: N;
  fields: readonly FieldSpec[];
  /** The fields that take a file: each one up to 5 MB. */
  uploads: readonly FieldSpec[];
}

/** A form's entry: its behaviour, with its kind's fields; its schema is its kind's (formSchema). */
export function defineForm<N extends FormName>(name: N, behaviour: FormBehaviour<N>): FormEntry<N> {
  const fields = formFields(name);
  // Touching the schema here fails at start-up, not at the first post, if a kind is missing.
  formSchema(name);
  return { ...behaviour, name, fields, uploads: fields.filter((f) => f.kind === 'file') };
}

/** A request to the agency: the agency reads it, the visitor gets its receipt at the address they typed (held back, never refused, when a budget is spent). */
export const acknowledged = { mailsTypedAddress: 'email', mails: { agency: true, visitor: 'request-acknowledgement' } } as const;
/** Only the agency reads it. */
export const agencyOnly = { agency: true, visitor: null } as const;
