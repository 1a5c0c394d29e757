/**
 * A form as it arrives at the worker: its fields, checked by the form's own schema, and
 * what every form carries besides (the page language, the page to answer on, the
 * honeypot and the captcha answer). One schema, so the worker's validator gives the
 * handler typed data and the refusal hook the same field errors the browser shows.
 */
import * as z from 'zod/mini';
import { LANGS } from '../lang.ts';
import { SITE_PAGE_ADDRESS } from '../rules/page-address.ts';
import { askedOnly, fieldErrors, formSchema, formValues, type FieldError } from './schemas.ts';
import type { FormName } from './names.ts';

const envelope = z.object({
  lang: z.catch(z.enum(LANGS), 'fr'),
  back: z.catch(z.optional(z.string().check(z.regex(SITE_PAGE_ADDRESS))), undefined),
  /** The honeypot: people never see it, robots fill it in. */
  website: z.catch(z.optional(z.string()), undefined),
  'cf-turnstile-response': z.catch(z.optional(z.string()), undefined),
});
export type Envelope = z.infer<typeof envelope>;

/** Posted values as a form parser gives them (repeated keys as arrays, files as objects), as the schemas read them. */
export function postedValues(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null) return formValues([]);
  const entries = Object.entries(raw).flatMap(([key, value]): [string, unknown][] => (Array.isArray(value) ? value.map((v): [string, unknown] => [key, v]) : [[key, value]]));
  return formValues(entries);
}

/** The envelope of any posted body, even one whose fields fail: a refusal still answers in the page's language, on its page. */
export function envelopeOf(raw: unknown): Envelope {
  return envelope.parse(postedValues(raw));
}

/** The schema of one form's submission: `fields` typed by the form's schema, `values` as typed (to show them again), `envelope`. */
export function submissionSchema(name: FormName) {
  const fields = formSchema(name);
  const submission = z.object({ values: z.record(z.string(), z.unknown()), fields, envelope });
  // The same posted values feed all three parts; the object schema then checks each. The
  // fields see only the answers the form asked for (a field whose conditions fail is not).
  const spread = z.transform((raw: unknown) => {
    const values = postedValues(raw);
    return { values, fields: askedOnly(name, values), envelope: values } as z.input<typeof submission>;
  });
  return z.pipe(spread, submission);
}
export type Submission = z.output<ReturnType<typeof submissionSchema>>;

/** The field errors of a refused submission: paths name the field below `fields`. */
export function submissionErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return fieldErrors(issues.filter((issue) => issue.path[0] === 'fields').map((issue) => ({ ...issue, path: issue.path.slice(1) })));
}
