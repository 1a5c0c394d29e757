/**
 * Uploads: a CV (PDF, DOCX or ODT) or photos (JPEG, PNG, WebP), each up to 5 MB, judged by
 * their content (never by the name or the browser's word), photos stripped of every
 * metadata block before storage, stored in R2 under a random key and never served
 * publicly (an approved testimonial's photo is served by its own route, which checks the
 * approval).
 */
import type { UploadKind } from '../../domain/forms/schemas.ts';
import { documentType, photoType, stripPhotoMetadata, type DocumentType, type PhotoType } from './file-content.ts';
import { activeContent } from './active-content.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type FileType = DocumentType | PhotoType;

export const CONTENT_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const INVALID: Record<UploadKind, string> = { document: 'CV_INVALID', photo: 'PHOTO_INVALID' };
const TOO_LARGE: Record<UploadKind, string> = { document: 'CV_TOO_LARGE', photo: 'PHOTO_TOO_LARGE' };

export type UploadCheck = { ok: true; type: FileType; bytes: Uint8Array } | { ok: false; key: string; file?: string } | { ok: 'absent' };

/** The name a refusal shows: the visitor's own file name, cut and without control characters. */
function shownName(file: File): string {
  return file.name.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').slice(0, 80);
}

/**
 * Checks one posted file against what its field accepts; an optional field may be left
 * empty. A photo passes with its metadata already removed; one whose structure does not
 * hold together is refused like any other file that is not a photo.
 */
export async function checkUpload(file: unknown, kind: UploadKind, required: boolean): Promise<UploadCheck> {
  if (!(file instanceof File) || file.size === 0) return required ? { ok: false, key: 'REQUIRED_FIELD' } : { ok: 'absent' };
  const refused = (key: string): UploadCheck => ({ ok: false, key, file: shownName(file) });
  if (file.size > MAX_UPLOAD_BYTES) return refused(TOO_LARGE[kind]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (kind === 'document') {
    const type = documentType(bytes);
    if (!type) return refused(INVALID.document);
    return (await activeContent(bytes, type)) ? refused('CV_ACTIVE_CONTENT') : { ok: true, type, bytes };
  }
  const type = photoType(bytes);
  const stripped = type ? stripPhotoMetadata(bytes, type) : null;
  return type && stripped ? { ok: true, type, bytes: stripped } : refused(INVALID.photo);
}

/** Stores an upload under a random key; an operator download gets it as an attachment. */
export async function storeUpload(bucket: R2Bucket, form: string, field: string, upload: { type: FileType; bytes: Uint8Array }): Promise<string> {
  const key = `uploads/${form}/${crypto.randomUUID()}.${upload.type}`;
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: CONTENT_TYPES[upload.type], contentDisposition: `attachment; filename="${field}.${upload.type}"` } });
  return key;
}
