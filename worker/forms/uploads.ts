/**
 * CV uploads: PDF, DOC or DOCX up to 5 MB, recognised by their first bytes (never by the
 * name or the browser's word), stored in R2 under a random key and never served publicly.
 */
export const MAX_CV_BYTES = 5 * 1024 * 1024;

export type CvKind = 'pdf' | 'doc' | 'docx';

const CONTENT_TYPES: Record<CvKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/** What a file really is, from its magic bytes; null for anything else. */
export function cvKindOf(bytes: Uint8Array): CvKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'; // OLE compound file
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // A zip: a Word document names its main part near the start.
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 4096)));
    return head.includes('word/') || head.includes('[Content_Types].xml') ? 'docx' : null;
  }
  return null;
}

export type CvCheck = { ok: true; kind: CvKind; bytes: Uint8Array } | { ok: false; key: 'REQUIRED_FIELD' | 'CV_TOO_LARGE' | 'CV_INVALID' };

export async function checkCv(file: unknown): Promise<CvCheck> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, key: 'REQUIRED_FIELD' };
  if (file.size > MAX_CV_BYTES) return { ok: false, key: 'CV_TOO_LARGE' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = cvKindOf(bytes);
  return kind ? { ok: true, kind, bytes } : { ok: false, key: 'CV_INVALID' };
}

/** Stores the CV under a random key; an operator download gets it as an attachment. */
export async function storeCv(bucket: R2Bucket, cv: { kind: CvKind; bytes: Uint8Array }): Promise<string> {
  const key = `uploads/cv/${crypto.randomUUID()}.${cv.kind}`;
  await bucket.put(key, cv.bytes, { httpMetadata: { contentType: CONTENT_TYPES[cv.kind], contentDisposition: `attachment; filename="cv.${cv.kind}"` } });
  return key;
}
