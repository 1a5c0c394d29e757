import { describe, expect, it } from 'vitest';
import { checkUpload, fileTypeOf, MAX_UPLOAD_BYTES } from './uploads.ts';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('fileTypeOf', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n'), 'pdf'],
    ['a Word 97 file', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'doc'],
    ['a DOCX', bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....word/document.xml'), 'docx'],
    ['a zip that is not Word', bytes([0x50, 0x4b, 0x03, 0x04], '....photos/img.jpg'), null],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'jpg'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['a WAV (RIFF but not WebP)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['an executable named cv.pdf', bytes('MZ\x90\x00'), null],
    ['SVG with a script', bytes('<svg onload=alert(1)>'), null],
    ['HTML', bytes('<html><script>'), null],
    ['nothing', bytes(), null],
    ['a PDF signature cut short', bytes('%PD'), null],
  ])('%s → %s', (_, input, expected) => expect(fileTypeOf(input)).toBe(expected));
});

describe('checkUpload', () => {
  const jpeg = () => new File([bytes([0xff, 0xd8, 0xff, 0xe0], 'rest')], 'house.jpg');
  it.each([
    ['no CV', null, 'document', true, { ok: false, key: 'REQUIRED_FIELD' }],
    ['an empty CV', new File([], 'cv.pdf'), 'document', true, { ok: false, key: 'REQUIRED_FIELD' }],
    ['a text file called .pdf', new File(['hello'], 'cv.pdf', { type: 'application/pdf' }), 'document', true, { ok: false, key: 'CV_INVALID' }],
    ['a CV over 5 MB', new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'cv.pdf'), 'document', true, { ok: false, key: 'CV_TOO_LARGE' }],
    ['a photo over 5 MB', new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'a.jpg'), 'photo', false, { ok: false, key: 'PHOTO_TOO_LARGE' }],
    ['a PDF given as a photo', new File(['%PDF-1.4'], 'a.jpg'), 'photo', false, { ok: false, key: 'PHOTO_INVALID' }],
    ['a photo given as a CV', jpeg(), 'document', true, { ok: false, key: 'CV_INVALID' }],
    ['no optional photo', null, 'photo', false, { ok: 'absent' }],
  ] as const)('%s', async (_, file, kind, required, expected) => {
    expect(await checkUpload(file, kind, required)).toEqual(expected);
  });
  it.each([
    ['a real PDF as CV', new File(['%PDF-1.4 …'], 'my cv.pdf'), 'document', 'pdf'],
    ['a JPEG as photo', jpeg(), 'photo', 'jpg'],
  ] as const)('%s passes', async (_, file, kind, type) => {
    const result = await checkUpload(file, kind, true);
    expect(result.ok === true && result.type).toBe(type);
  });
});
