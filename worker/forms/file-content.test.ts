import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentType, photoType, stripPhotoMetadata, zipEntryNames } from './file-content.ts';
import { docm, docx, legacyDoc, odt, pdf, storedZip } from '../../test/fixtures/files.ts';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('documentType', () => {
  it.each([
    ['a PDF', pdf(), 'pdf'],
    ['a PDF without its end', bytes('%PDF-1.7\n1 0 obj'), null],
    ['a DOCX', docx(), 'docx'],
    ['a DOCM (macros)', docm(), null],
    ['an ODT', odt(), 'odt'],
    [
      'an ODS spreadsheet',
      storedZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
        { name: 'content.xml', data: '' },
      ]),
      null,
    ],
    ['a zip of photos', storedZip([{ name: 'photos/img.jpg', data: 'x' }]), null],
    ['a zip signature and nothing else', bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....word/document.xml'), null],
    ['a Word 97 file', legacyDoc(), null],
    ['an executable', bytes('MZ\x90\x00'), null],
    ['HTML', bytes('<html><script>'), null],
    ['nothing', bytes(), null],
  ])('%s', (_, input, expected) => expect(documentType(input)).toBe(expected));
});

describe('zipEntryNames', () => {
  it('lists the central directory in order', () => {
    expect(zipEntryNames(odt())).toEqual(['mimetype', 'content.xml']);
  });
});

describe('photoType', () => {
  it.each([
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpg'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['a WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['an SVG', bytes('<svg onload=alert(1)>'), null],
  ])('%s', (_, input, expected) => expect(photoType(input)).toBe(expected));
});

/** A real photo with a GPS position, as a phone writes it. */
async function photoWithGps(format: 'jpeg' | 'png' | 'webp'): Promise<Uint8Array> {
  const image = sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 120, b: 40 } } }).withExif({
    IFD0: { Copyright: 'Visitor' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 28/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 52/1 0/1' },
  });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

describe('stripPhotoMetadata', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('a %s keeps its picture and loses its EXIF (GPS)', async (format) => {
    const original = await photoWithGps(format);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const type = photoType(original);
    if (!type) throw new Error('not recognised');
    const stripped = stripPhotoMetadata(original, type);
    if (!stripped) throw new Error('refused');
    const after = await sharp(stripped).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect([after.width, after.height]).toEqual([24, 16]);
    const pixels = await sharp(stripped).raw().toBuffer();
    expect(pixels.equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it.each([6, 3, 8])('a phone JPEG turned %i stays upright and says nothing else', async (orientation) => {
    const original = new Uint8Array(
      await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .withExif({ IFD0: { Copyright: 'Visitor' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 28/1 0/1' } })
        .withMetadata({ orientation })
        .jpeg()
        .toBuffer(),
    );
    expect((await sharp(original).metadata()).orientation).toBe(orientation);
    expect(new TextDecoder('latin1').decode(original)).toContain('Visitor');
    const stripped = stripPhotoMetadata(original, 'jpg');
    if (!stripped) throw new Error('refused');
    const after = await sharp(stripped).metadata();
    expect(after.orientation).toBe(orientation);
    const text = new TextDecoder('latin1').decode(stripped);
    expect(text).not.toContain('Visitor');
    expect(after.exif?.length).toBeLessThan(40);
    // As a viewer shows it: turned upright (a quarter turn swaps width and height).
    const shown = await sharp(stripped).rotate().toBuffer({ resolveWithObject: true });
    expect([shown.info.width, shown.info.height]).toEqual(orientation >= 5 ? [16, 24] : [24, 16]);
  });

  it('a JPEG held the right way gets no EXIF at all', async () => {
    const original = await photoWithGps('jpeg');
    expect((await sharp(stripPhotoMetadata(original, 'jpg') ?? new Uint8Array()).metadata()).exif).toBeUndefined();
  });

  it('a JPEG carrying a second JPEG (an MPF image, a thumbnail) after its picture loses it, EXIF and GPS with it', async () => {
    const first = await photoWithGps('jpeg');
    const second = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .withExif({ IFD0: { Copyright: 'Embedded' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 54/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 51/1 57/1' } })
        .jpeg()
        .toBuffer(),
    );
    const carrier = new Uint8Array([...first, ...second]);
    expect(new TextDecoder('latin1').decode(carrier)).toContain('Embedded');
    const stripped = stripPhotoMetadata(carrier, 'jpg');
    if (!stripped) throw new Error('refused');
    const text = new TextDecoder('latin1').decode(stripped);
    expect(text).not.toContain('Embedded');
    expect(text).not.toContain('Exif');
    // One picture, ending where its own data ends.
    expect(stripped.filter((b, i) => b === 0xff && stripped[i + 1] === 0xd8)).toHaveLength(1);
    expect([...stripped.subarray(-2)]).toEqual([0xff, 0xd9]);
    const pixels = await sharp(stripped).raw().toBuffer();
    expect(pixels.equals(await sharp(first).raw().toBuffer())).toBe(true);
  });

  it('a progressive JPEG keeps every scan', async () => {
    const original = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 90 } } })
        .jpeg({ progressive: true })
        .toBuffer(),
    );
    const stripped = stripPhotoMetadata(original, 'jpg');
    if (!stripped) throw new Error('refused');
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it('refuses a JPEG whose segments run past its end', () => {
    expect(stripPhotoMetadata(bytes([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 1, 2]), 'jpg')).toBeNull();
  });
});
