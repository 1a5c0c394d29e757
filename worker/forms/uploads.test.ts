import { describe, expect, it } from 'vitest';
import { checkUpload, MAX_UPLOAD_BYTES } from './uploads.ts';
import { docm, docx, GPS_MARK, jpegWithExif, legacyDoc, odt, pdf } from '../../test/fixtures/files.ts';

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('checkUpload', () => {
  const jpeg = () => new File([jpegWithExif()], 'house.jpg');
  it.each([
    ['no CV', null, 'document', true, { ok: false, key: 'REQUIRED_FIELD' }],
    ['an empty CV', new File([], 'cv.pdf'), 'document', true, { ok: false, key: 'REQUIRED_FIELD' }],
    ['a text file called .pdf', new File(['hello'], 'cv.pdf', { type: 'application/pdf' }), 'document', true, { ok: false, key: 'CV_INVALID', file: 'cv.pdf' }],
    ['a Word 97 .doc', new File([legacyDoc()], 'old.doc'), 'document', true, { ok: false, key: 'CV_INVALID', file: 'old.doc' }],
    ['a macro-enabled Word file named .docx', new File([docm()], 'cv.docx'), 'document', true, { ok: false, key: 'CV_INVALID', file: 'cv.docx' }],
    ['a PDF cut short (no end of file)', new File(['%PDF-1.4 …'], 'cut.pdf'), 'document', true, { ok: false, key: 'CV_INVALID', file: 'cut.pdf' }],
    ['a CV over 5 MB', new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'cv.pdf'), 'document', true, { ok: false, key: 'CV_TOO_LARGE', file: 'cv.pdf' }],
    ['a photo over 5 MB', new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'a.jpg'), 'photo', false, { ok: false, key: 'PHOTO_TOO_LARGE', file: 'a.jpg' }],
    ['a PDF given as a photo', new File([pdf()], 'a.jpg'), 'photo', false, { ok: false, key: 'PHOTO_INVALID', file: 'a.jpg' }],
    ['a JPEG signature with a broken structure', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1])], 'b.jpg'), 'photo', false, { ok: false, key: 'PHOTO_INVALID', file: 'b.jpg' }],
    ['a photo given as a CV', jpeg(), 'document', true, { ok: false, key: 'CV_INVALID', file: 'house.jpg' }],
    ['no optional photo', null, 'photo', false, { ok: 'absent' }],
    ['a file name with control characters', new File(['x'], 'a\u202egpj.exe'), 'photo', false, { ok: false, key: 'PHOTO_INVALID', file: 'agpj.exe' }],
  ] as const)('%s', async (_, file, kind, required, expected) => {
    expect(await checkUpload(file, kind, required)).toEqual(expected);
  });

  it.each([
    ['a PDF', pdf, 'pdf'],
    ['a DOCX', docx, 'docx'],
    ['an ODT', odt, 'odt'],
  ] as const)('%s passes as a CV', async (_, make, type) => {
    const result = await checkUpload(new File([make()], 'my cv'), 'document', true);
    expect(result.ok === true && result.type).toBe(type);
  });

  it('a JPEG passes as a photo without its EXIF block (GPS) or comment', async () => {
    const result = await checkUpload(jpeg(), 'photo', true);
    if (result.ok !== true) throw new Error('refused');
    expect(result.type).toBe('jpg');
    expect(text(jpegWithExif())).toContain(GPS_MARK);
    expect(text(result.bytes)).not.toContain(GPS_MARK);
    expect(text(result.bytes)).not.toContain('rue des Lilas');
    expect(text(result.bytes)).toContain('JFIF');
  });
});
