/**
 * What an uploaded file really is, from its content rather than its name or the browser's
 * word, and photos made safe to keep. A document must be a whole PDF, a Word document
 * without macros (DOCX) or an OpenDocument text (ODT); legacy .doc files (OLE containers
 * that carry macros and exploits) are refused. A photo's container is walked segment by
 * segment and everything that is not picture data is dropped: EXIF (with the GPS position
 * of the place it was taken, often the visitor's home), XMP, IPTC, comments, and every
 * image embedded after the first picture (MPF, thumbnails, appended JPEGs with their EXIF). A JPEG keeps
 * only how it is turned (its EXIF Orientation, written alone), so a phone photo reaches the
 * agency upright.
 */

export type DocumentType = 'pdf' | 'docx' | 'odt';
export type PhotoType = 'jpg' | 'png' | 'webp';

const latin1 = new TextDecoder('latin1');

function ascii(bytes: Uint8Array, from: number, length: number): string {
  return latin1.decode(bytes.subarray(from, Math.min(bytes.length, from + length)));
}

function u16le(b: Uint8Array, at: number): number {
  return (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
}

function u32le(b: Uint8Array, at: number): number {
  return u16le(b, at) + u16le(b, at + 2) * 0x10000;
}

function u32be(b: Uint8Array, at: number): number {
  return (((b[at] ?? 0) << 24) >>> 0) + ((b[at + 1] ?? 0) << 16) + ((b[at + 2] ?? 0) << 8) + (b[at + 3] ?? 0);
}

/** One file of a zip, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** Where its local header starts. */
  offset: number;
}

/** The files of a zip's central directory, or null when it is not a readable zip. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  if (ascii(bytes, 0, 4) !== 'PK\u0003\u0004') return null;
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = u16le(bytes, end + 10);
  let at = u32le(bytes, end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32le(bytes, at) !== 0x02014b50) return null;
    const nameLength = u16le(bytes, at + 28);
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16le(bytes, at + 10),
      compressedSize: u32le(bytes, at + 20),
      offset: u32le(bytes, at + 42),
    });
    at += 46 + nameLength + u16le(bytes, at + 30) + u16le(bytes, at + 32);
  }
  return entries;
}

/** The names in a zip's central directory, or null when it is not a readable zip. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  return zipEntries(bytes)?.map((e) => e.name) ?? null;
}

/** Raw bytes a zip entry holds, as stored (deflated or not), or null when its local header does not hold together. */
export function zipEntryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  if (u32le(bytes, entry.offset) !== 0x04034b50) return null;
  const start = entry.offset + 30 + u16le(bytes, entry.offset + 26) + u16le(bytes, entry.offset + 28);
  return start + entry.compressedSize <= bytes.length ? bytes.subarray(start, start + entry.compressedSize) : null;
}

/** A PDF's body, not only its first and last lines: objects and a cross-reference, and no web page inside. */
function looksLikePdf(bytes: Uint8Array): boolean {
  const text = ascii(bytes, 0, bytes.length);
  if (!text.slice(-1024).includes('%%EOF') || !/\bstartxref\b/.test(text.slice(-4096))) return false;
  if (!/\d+\s+\d+\s+obj\b/.test(text) || !text.includes('endobj')) return false;
  // An HTML page wearing %PDF and %%EOF: a browser sniffing it would run it.
  return !/<\s*(?:!doctype\s+html|html|head|body|script|iframe|svg|meta)\b/i.test(text);
}

/** The kind of document `bytes` hold, or null for anything else (including .doc and macro-enabled files). */
export function documentType(bytes: Uint8Array): DocumentType | null {
  if (/^%PDF-[12]\.\d/.test(ascii(bytes, 0, 8))) return looksLikePdf(bytes) ? 'pdf' : null;
  const names = zipEntryNames(bytes);
  if (!names) return null;
  // An ODF package starts with its media type, stored uncompressed, as the standard requires.
  const firstName = ascii(bytes, 30, u16le(bytes, 26));
  if (firstName === 'mimetype' && u16le(bytes, 8) === 0) {
    const start = 30 + u16le(bytes, 26) + u16le(bytes, 28);
    return ascii(bytes, start, 39) === 'application/vnd.oasis.opendocument.text' && names.includes('content.xml') ? 'odt' : null;
  }
  const word = names.includes('[Content_Types].xml') && names.includes('word/document.xml');
  const macros = names.some((name) => /vbaProject\.bin$|\.bin$/i.test(name) && name.startsWith('word/'));
  return word && !macros ? 'docx' : null;
}

/** The kind of photo `bytes` hold by their signature, or null. */
export function photoType(bytes: Uint8Array): PhotoType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** APP segments a JPEG needs to be drawn right: JFIF, the colour profile, Adobe's colour transform. */
function keepJpegSegment(marker: number, body: Uint8Array): boolean {
  if (marker === 0xe0) return ascii(body, 0, 5) === 'JFIF\u0000';
  if (marker === 0xe2) return ascii(body, 0, 12) === 'ICC_PROFILE\u0000';
  if (marker === 0xee) return ascii(body, 0, 5) === 'Adobe';
  return false;
}

/** The EXIF Orientation (1–8) of an APP1 body ('Exif\0\0' then a TIFF header), or null when it has none. */
export function exifOrientation(body: Uint8Array): number | null {
  if (ascii(body, 0, 6) !== 'Exif\u0000\u0000') return null;
  const tiff = body.subarray(6);
  const little = ascii(tiff, 0, 2) === 'II';
  if (!little && ascii(tiff, 0, 2) !== 'MM') return null;
  const u16 = (at: number) => (little ? u16le(tiff, at) : ((tiff[at] ?? 0) << 8) | (tiff[at + 1] ?? 0));
  const u32 = (at: number) => (little ? u32le(tiff, at) : u32be(tiff, at));
  const ifd = u32(4);
  const count = u16(ifd);
  for (let i = 0; i < count && ifd + 2 + i * 12 + 12 <= tiff.length; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An EXIF segment that says only how the picture is turned: a phone photo stays upright, and says nothing else. */
function orientationSegment(orientation: number): Uint8Array {
  // APP1, length 34: 'Exif\0\0', a big-endian TIFF header, one IFD entry (0x0112, SHORT, 1 value), no next IFD.
  return Uint8Array.from([0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
}

/** Where the entropy-coded data from `at` ends: the first marker that is neither a stuffed 0xFF nor a restart. */
function scanEnd(bytes: Uint8Array, at: number): number {
  let end = at;
  while (end + 1 < bytes.length) {
    const next = bytes[end + 1] ?? 0;
    if (bytes[end] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return end;
    end += 1;
  }
  return bytes.length;
}

/**
 * The JPEG up to the end of its first picture. A camera or a phone writes more after it:
 * an MPF image or a second JPEG with its own EXIF (GPS included), and anyone can append
 * anything. Only the first picture's segments and scans are kept, so whatever was embedded
 * is gone with its metadata.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let scans = 0;
  // A phone writes how it was held in the EXIF it must lose: that one fact is written again, alone.
  const upright = () => (orientation !== null && orientation !== 1 ? [parts[0] as Uint8Array, orientationSegment(orientation), ...parts.slice(1)] : parts);
  const END = Uint8Array.from([0xff, 0xd9]);
  let at = 2;
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // End of the first picture: anything after it (an embedded image, an appended file) is not kept.
    if (marker === 0xd9) return scans > 0 ? concat([...upright(), END]) : null;
    if (at + 4 > bytes.length) break;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const segment = bytes.subarray(at, at + 2 + length);
    if (marker === 0xda) {
      // A scan: its header, then entropy-coded data up to the next marker (progressive JPEGs have several).
      const end = scanEnd(bytes, at + 2 + length);
      parts.push(bytes.subarray(at, end));
      scans += 1;
      at = end;
      continue;
    }
    const isMetadata = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    if (marker === 0xe1) orientation ??= exifOrientation(segment.subarray(4));
    if (!isMetadata || keepJpegSegment(marker, segment.subarray(4))) parts.push(segment);
    at += 2 + length;
  }
  // A picture cut short of its end marker is still drawn by viewers: it is closed, with nothing after it.
  return scans > 0 ? concat([...upright(), END]) : null;
}

const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length || (first && type !== 'IHDR')) return null;
    first = false;
    if (!PNG_METADATA.has(type)) parts.push(bytes.subarray(at, end));
    if (type === 'IEND') return concat(parts);
    at = end;
  }
  return null;
}

function stripWebp(bytes: Uint8Array): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at, 4);
    const size = u32le(bytes, at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > bytes.length) return null;
    if (type !== 'EXIF' && type !== 'XMP ') {
      const chunk = bytes.slice(at, Math.min(end, bytes.length));
      // The extended header announces metadata chunks by flags; they are gone, so are the flags.
      if (type === 'VP8X' && chunk.length > 8) chunk[8] = (chunk[8] ?? 0) & ~0x0c;
      chunks.push(chunk);
    }
    at = end;
  }
  if (chunks.length === 0) return null;
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  const riffSize = body.length + 4;
  header.set([riffSize & 0xff, (riffSize >>> 8) & 0xff, (riffSize >>> 16) & 0xff, (riffSize >>> 24) & 0xff], 4);
  return concat([header, body]);
}

/** The photo with every metadata block removed, or null when its structure does not hold together. */
export function stripPhotoMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array | null {
  if (type === 'jpg') return stripJpeg(bytes);
  if (type === 'png') return stripPng(bytes);
  return stripWebp(bytes);
}
