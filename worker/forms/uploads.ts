/**
 * Uploads: a CV (PDF, DOC or DOCX) or photos (JPEG, PNG, WebP), each up to 5 MB,
 * recognised by their first bytes (never by the name or the browser's word), stored in
 * R2 under a random key and never served publicly (an approved testimonial's photo is
 * served by its own route, which checks the approval).
 */
import type { UploadKind } from '../../client/forms/schemas.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type FileType = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png' | 'webp';

export const CONTENT_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const ACCEPTED: Record<UploadKind, readonly FileType[]> = { document: ['pdf', 'doc', 'docx'], photo: ['jpg', 'png', 'webp'] };
const INVALID: Record<UploadKind, string> = { document: 'CV_INVALID', photo: 'PHOTO_INVALID' };
const TOO_LARGE: Record<UploadKind, string> = { document: 'CV_TOO_LARGE', photo: 'PHOTO_TOO_LARGE' };

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

/** What a file really is, from its magic bytes; null for anything else. */
export function fileTypeOf(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'; // OLE compound file
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // A zip: a Word document names its main part near the start.
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 4096)));
    return head.includes('word/') || head.includes('[Content_Types].xml') ? 'docx' : null;
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp'; // RIFF....WEBP
  return null;
}

export type UploadCheck = { ok: true; type: FileType; bytes: Uint8Array } | { ok: false; key: string } | { ok: 'absent' };

/** Checks one posted file against what its field accepts; an optional field may be left empty. */
export async function checkUpload(file: unknown, kind: UploadKind, required: boolean): Promise<UploadCheck> {
  if (!(file instanceof File) || file.size === 0) return required ? { ok: false, key: 'REQUIRED_FIELD' } : { ok: 'absent' };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, key: TOO_LARGE[kind] };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = fileTypeOf(bytes);
  return type && ACCEPTED[kind].includes(type) ? { ok: true, type, bytes } : { ok: false, key: INVALID[kind] };
}

/** Stores an upload under a random key; an operator download gets it as an attachment. */
export async function storeUpload(bucket: R2Bucket, form: string, field: string, upload: { type: FileType; bytes: Uint8Array }): Promise<string> {
  const key = `uploads/${form}/${crypto.randomUUID()}.${upload.type}`;
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: CONTENT_TYPES[upload.type], contentDisposition: `attachment; filename="${field}.${upload.type}"` } });
  return key;
}
