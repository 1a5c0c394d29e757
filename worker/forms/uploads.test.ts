import { describe, expect, it } from 'vitest';
import { checkCv, cvKindOf, MAX_CV_BYTES } from './uploads.ts';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('cvKindOf', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n'), 'pdf'],
    ['a Word 97 file', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'doc'],
    ['a DOCX', bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....word/document.xml'), 'docx'],
    ['a zip that is not Word', bytes([0x50, 0x4b, 0x03, 0x04], '....photos/img.jpg'), null],
    ['an executable named cv.pdf', bytes('MZ\x90\x00'), null],
    ['HTML', bytes('<html><script>'), null],
    ['nothing', bytes(), null],
    ['a PDF signature cut short', bytes('%PD'), null],
  ])('%s → %s', (_, input, expected) => expect(cvKindOf(input)).toBe(expected));
});

describe('checkCv', () => {
  it.each([
    ['no file', null, 'REQUIRED_FIELD'],
    ['an empty file', new File([], 'cv.pdf'), 'REQUIRED_FIELD'],
    ['a text file called .pdf', new File(['hello'], 'cv.pdf', { type: 'application/pdf' }), 'CV_INVALID'],
    ['a file over 5 MB', new File([new Uint8Array(MAX_CV_BYTES + 1)], 'cv.pdf'), 'CV_TOO_LARGE'],
  ])('%s is refused with %s', async (_, file, key) => {
    expect(await checkCv(file)).toEqual({ ok: false, key });
  });
  it('a real PDF passes', async () => {
    const result = await checkCv(new File(['%PDF-1.4 …'], 'my cv.pdf'));
    expect(result.ok && result.kind).toBe('pdf');
  });
});
