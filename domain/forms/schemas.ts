/**
 * The visitor forms as the browser and the worker both check them: each form's schema and
 * fields are in its own file (./kinds/<name>.ts, listed in ./registry.ts); this reads a
 * posted form the same way on both sides. Messages are dictionary keys of the site's
 * message catalogue, so both sides show the same localized text.
 */
import * as z from 'zod/mini';
import { conditionsHold, type Answer } from '../rules/condition.ts';
import { FORM_KINDS } from './registry.ts';
import { REQUIRED } from './parts.ts';
import type { FieldSpec } from './field-spec.ts';

import type { FormName } from './names.ts';

export { FORM_NAMES, isFormName, type FormName, ALERT_FREQUENCIES, type AlertFrequency } from './names.ts';

export type { FieldSpec, UploadKind } from './field-spec.ts';
export { UPLOAD_ACCEPT, UPLOAD_HINT } from './field-spec.ts';
export { VALUATION_TYPES, VALUATION_EPC, CONTACT_DEVICES, CONTACT_COUNTRIES, sameWords } from './parts.ts';

/** The data a valid post of form N carries, as its own schema reads it. */
export type FormData<N extends FormName> = z.infer<(typeof FORM_KINDS)[N]['schema']>;

/** The schema of form N. */
export function formSchema<N extends FormName>(name: N): (typeof FORM_KINDS)[N]['schema'] {
  return FORM_KINDS[name].schema;
}

/** The fields of form N, in display order. */
export function formFields(name: FormName): readonly FieldSpec[] {
  return FORM_KINDS[name].fields;
}

export interface FieldError {
  field: string;
  /** Dictionary key of the message; REQUIRED_FIELD takes the field's label as {{field}}. */
  key: string;
  /** For a refused upload: the name of the file, so the message says which one. */
  file?: string;
}

export type FormResult<N extends FormName> = { ok: true; data: FormData<N> } | { ok: false; errors: FieldError[] };

/** Whether a field of a form is asked, given the answers so far (its condition rules). */
export function isAsked(spec: FieldSpec, answers: (name: string) => Answer): boolean {
  return conditionsHold(spec.shownWhen, answers);
}

/** The answers to fields a form did not ask (their conditions fail) are dropped: nothing unasked is kept or mailed. */
export function askedOnly(name: FormName, input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const values = input as Record<string, unknown>;
  const answer = (field: string): Answer => {
    const value = values[field];
    return typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string')) ? value : undefined;
  };
  const unasked = formFields(name)
    .filter((spec) => !isAsked(spec, answer))
    .map((spec) => spec.name);
  if (unasked.length === 0) return input;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !unasked.includes(key)));
}

/** Validates a submission; one error per field, the first the schema finds. */
export function validateForm<N extends FormName>(name: N, input: unknown): FormResult<N> {
  const result = formSchema(name).safeParse(askedOnly(name, input));
  // The schema chosen by `name` is the one FormData<N> is inferred from; TS cannot correlate them.
  if (result.success) return { ok: true, data: result.data as FormData<N> };
  return { ok: false, errors: fieldErrors(result.error.issues) };
}

/** One error per field, the first the schema finds; a message that is not a dictionary key becomes a generic one. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (errors.some((e) => e.field === field)) continue;
    const known = /^[A-Z_]+$/.test(issue.message) ? issue.message : issue.code === 'invalid_type' ? REQUIRED : 'CHECK_RED_FIELDS';
    errors.push({ field, key: known });
  }
  return errors;
}

/** Form values as posted (url-encoded or multipart): repeated keys become arrays, empty strings disappear. */
export function formValues(entries: Iterable<[string, unknown]>, arrays: readonly string[] = ['types']): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  const lists = new Map<string, string[]>(arrays.map((key) => [key, []]));
  for (const [key, raw] of entries) {
    if (typeof raw !== 'string') continue;
    const value = raw.trim();
    const list = lists.get(key);
    if (list) {
      if (value !== '') list.push(value);
    } else if (value !== '') out[key] = value;
  }
  for (const [key, list] of lists) out[key] = list;
  return out;
}
