/** One field of a form as the browser draws it and the worker reads it back. */
import type { ConditionRule } from '../rules/condition.ts';

/** One field as rendered: its dictionary label, input kind and whether it is required. */
export interface FieldSpec {
  name: string;
  labelKey: string;
  kind: 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkboxes' | 'hidden' | 'number' | 'slots' | 'file' | 'date' | 'url';
  /** For files: what may be uploaded (the worker checks the bytes, not the name). */
  upload?: UploadKind;
  required?: boolean;
  autoComplete?: string;
  options?: { value: string; labelKey: string }[];
  /** Half-width on wide screens (first and last name side by side). */
  half?: boolean;
  /** Where the answer is read back (the agency's mail), when the label is a prompt: "Choose a slot" reads "Appointment". */
  summaryKey?: string;
  /** A date that cannot be in the past (a move): the picker starts at today in Belgium. */
  fromToday?: boolean;
  /** When the field is asked, by the answers to other fields; always when absent. */
  shownWhen?: ConditionRule[];
}

/** Documents (a CV) or photos; each has its own accepted types and size limit. */
export type UploadKind = 'document' | 'photo';
/** What the file picker offers, per upload kind. */
export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  document: '.pdf,.docx,.odt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.oasis.opendocument.text',
  photo: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
};
/** The hint under the picker, per upload kind. */
export const UPLOAD_HINT: Record<UploadKind, string> = { document: 'CV_HINT', photo: 'PHOTO_HINT' };
