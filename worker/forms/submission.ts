/**
 * The checks a visitor form passes before its handler runs, each a middleware: a known
 * form, a body of the right size and kind, and fields valid by the form's own schema
 * (through zValidator). A refusal re-renders the form with every error at once: the
 * schema's, the files', so a visitor fixes them in one go.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validated } from '../validated.ts';
import * as z from 'zod/mini';
import { FORM_NAMES, type FieldError, type FormName } from '../../domain/forms/schemas.ts';
import { FORMS, refusalPage } from './registry.ts';
import { envelopeOf, postedValues, submissionErrors, submissionSchema, type Submission } from '../../domain/forms/submission.ts';
import type { AppEnv } from '../env.ts';
import { refusal } from '../pages/message-page.tsx';
import { answerWithErrors } from './answers.ts';
import { checkUpload, type FileType } from './uploads.ts';

type FormPath = '/forms/:name';

/** The form named in the path; any other name is not a form of this site. */
export const knownForm = validated('param', z.object({ name: z.enum(FORM_NAMES) }), (c) => c.json({ error: 'UNKNOWN_FORM' }, 404));

function formName(c: Context<AppEnv, FormPath>): FormName {
  // `knownForm` ran first: the name is one of FORM_NAMES.
  return c.req.param('name') as FormName;
}

const MAX_BODY = 64 * 1024;

/** A body over the form's size is refused before it is read. */
export const formBodyLimit: MiddlewareHandler<AppEnv, FormPath> = async (c, next) => {
  // Forms that take files: each file up to 5 MB, plus the form around them.
  const files = FORMS[formName(c)].uploads.length;
  const maxSize = files === 0 ? MAX_BODY : files * 5 * 1024 * 1024 + 512 * 1024;
  // A form without files is too large only when its text is: the page says so, not "smaller files".
  return await bodyLimit({ maxSize, onError: (e) => refusal(e, 413, 'BODY_TOO_LARGE', files === 0 ? 'REQUEST_TOO_LONG' : 'REQUEST_TOO_LARGE') })(c, next);
};

export interface CheckedUpload {
  field: string;
  type: FileType;
  bytes: Uint8Array;
}

/** The form's files judged by their content: those accepted, and an error per refused one. */
export async function checkUploads(c: Context<AppEnv, FormPath>): Promise<{ uploads: CheckedUpload[]; errors: FieldError[] }> {
  const fields = FORMS[formName(c)].uploads;
  const uploads: CheckedUpload[] = [];
  const errors: FieldError[] = [];
  if (fields.length === 0) return { uploads, errors };
  // The validator parsed the body already; this is its parse, not a second read.
  const form = await c.req.formData();
  for (const spec of fields) {
    const posted = form.get(spec.name);
    const checked = await checkUpload(posted instanceof File ? posted : undefined, spec.upload ?? 'document', spec.required === true);
    if (checked.ok === true) uploads.push({ field: spec.name, type: checked.type, bytes: checked.bytes });
    else if (checked.ok === false) errors.push({ field: spec.name, key: checked.key, ...(checked.file ? { file: checked.file } : {}) });
  }
  return { uploads, errors };
}

/** The fields, valid by the form's schema; a refusal answers with the schema's errors and the files'. */
type SubmissionInput = { in: { form?: unknown }; out: { form: Submission } };
export const validSubmission: MiddlewareHandler<AppEnv, FormPath, SubmissionInput> = async (c, next) => {
  const name = formName(c);
  const validator: MiddlewareHandler<AppEnv, FormPath, SubmissionInput> = validated('form', submissionSchema(name), async (c, issues, posted) => {
    const { lang, back } = envelopeOf(posted);
    const errors = [...submissionErrors(issues), ...(await checkUploads(c)).errors];
    return answerWithErrors(c, { form: name, values: postedValues(posted), errors }, lang, refusalPage(name, back ?? `/${lang}/`));
  });
  return await validator(c, next);
};
