/**
 * What one visitor form is, in the one file it has (./kinds/<name>.ts): the schema both the
 * browser and the worker check it with, the fields the browser draws, under which retention
 * kind its request is kept, why it asks what it asks, and the receipt its sender gets. What
 * the worker does with it (its mails, its CRM copy, its steps) is its entry in the worker's
 * forms room, typed by this schema's data.
 */
import type * as z from 'zod/mini';
import type { FieldSpec } from './field-spec.ts';

export interface FormKind<S extends z.ZodMiniType = z.ZodMiniType> {
  schema: S;
  /** The fields in display order. */
  fields: FieldSpec[];
  /** 'application': kept from its own date for the applications' period; 'lead': from its sender's last request. */
  retention: 'lead' | 'application';
  /** The dictionary key of why this form asks what it asks; null when the general note says it all. */
  privacyWhy: string | null;
  /** The receipt of the request in the site's words, and what the agency does next; null when the form's mail is no receipt. */
  receipt: { request: string; next: string } | null;
}

/** A form's kind, its schema's type kept: the data its steps and mails read is this schema's. */
export function defineFormKind<S extends z.ZodMiniType>(kind: FormKind<S>): FormKind<S> {
  return kind;
}
