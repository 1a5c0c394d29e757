/**
 * What a document would do when the agency opens it. A CV or a rental file is opened by
 * an agent on an office PC: a PDF that runs JavaScript or launches a program, an ODT whose
 * macros run on opening, or a DOCX that fetches its template from a stranger's server (and
 * with it a macro, or the agent's Windows credentials) is refused, naming the file. Streams
 * and zip entries are inflated (bounded) with the runtime's DecompressionStream, so a
 * compressed object stream hides nothing.
 */
import { zipEntries, zipEntryData, type DocumentType } from './file-content.ts';

/** What an inflated part may weigh in all: a bomb stops being read there. */
const MAX_INFLATED = 32 * 1024 * 1024;

const latin1 = new TextDecoder('latin1');

/**
 * The bytes inflated, up to what is left of the budget; null when they are not deflate data.
 * What inflated before an error (trailing bytes, a cut stream) is kept: a reader would run it.
 */
async function inflate(data: Uint8Array, format: 'deflate' | 'deflate-raw', budget: { left: number }): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  try {
    const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream(format)).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      budget.left -= value.byteLength;
      if (budget.left < 0) {
        await reader.cancel();
        break;
      }
      chunks.push(value);
    }
  } catch {
    if (chunks.length === 0) return null;
  }
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** PDF names written with #xx escapes (`/J#61vaScript`) read as the names they are. */
function pdfNames(text: string): string {
  return text.replace(/\/[^\s/[\]<>(){}%]+/g, (name) => name.replace(/#([0-9a-fA-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/** Actions a PDF reader runs, or asks to run: scripts, programs, embedded files, Flash and XFA forms. */
const PDF_ACTIVE = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE)\b/;

async function pdfThreat(bytes: Uint8Array): Promise<string | null> {
  const text = latin1.decode(bytes);
  if (PDF_ACTIVE.test(pdfNames(text))) return 'active content';
  const budget = { left: MAX_INFLATED };
  // Compressed streams (object streams included) are read too: a dictionary inside one is as live.
  const stream = /stream\r?\n/g;
  for (let match = stream.exec(text); match; match = stream.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    // The end-of-line before `endstream` is not part of the data.
    const dataEnd = text[end - 1] === '\n' ? (text[end - 2] === '\r' ? end - 2 : end - 1) : text[end - 1] === '\r' ? end - 1 : end;
    const inflated = await inflate(bytes.subarray(start, dataEnd), 'deflate', budget);
    if (inflated && PDF_ACTIVE.test(pdfNames(latin1.decode(inflated)))) return 'active content in a compressed stream';
    if (budget.left < 0) return 'compressed streams larger than any CV';
    stream.lastIndex = end;
  }
  return null;
}

async function entryText(bytes: Uint8Array, name: string, budget: { left: number }): Promise<string | null> {
  const entry = zipEntries(bytes)?.find((e) => e.name === name);
  const data = entry ? zipEntryData(bytes, entry) : null;
  if (!entry || !data) return null;
  if (entry.method === 0) return new TextDecoder().decode(data);
  const inflated = entry.method === 8 ? await inflate(data, 'deflate-raw', budget) : null;
  return inflated ? new TextDecoder().decode(inflated) : null;
}

async function odtThreat(bytes: Uint8Array): Promise<string | null> {
  const names = zipEntries(bytes)?.map((e) => e.name) ?? [];
  // Macros live in Basic/ and Scripts/; events that run them are declared in the XML parts.
  if (names.some((n) => /^(?:Basic|Scripts)\//.test(n))) return 'macros';
  const budget = { left: MAX_INFLATED };
  for (const part of ['content.xml', 'styles.xml', 'settings.xml', 'META-INF/manifest.xml']) {
    const xml = await entryText(bytes, part, budget);
    if (xml && /vnd\.sun\.star\.script:|<office:event-listeners\b|<script:event-listener\b|<office:scripts>\s*<office:script\b/.test(xml)) return 'macros run by events';
  }
  return null;
}

async function docxThreat(bytes: Uint8Array): Promise<string | null> {
  const entries = zipEntries(bytes) ?? [];
  const budget = { left: MAX_INFLATED };
  for (const entry of entries.filter((e) => e.name.endsWith('.rels'))) {
    const xml = await entryText(bytes, entry.name, budget);
    if (!xml) continue;
    // A relationship to something outside the file, other than a plain hyperlink: a remote template, frame or object.
    for (const rel of xml.match(/<Relationship\b[^>]*>/g) ?? []) {
      if (/TargetMode\s*=\s*["']External["']/i.test(rel) && !/Type\s*=\s*["'][^"']*\/hyperlink["']/i.test(rel)) return 'a template or object fetched from outside';
    }
  }
  return null;
}

/** Why a document of a known type would act when opened, or null when it is only a document. */
export async function activeContent(bytes: Uint8Array, type: DocumentType): Promise<string | null> {
  if (type === 'pdf') return pdfThreat(bytes);
  if (type === 'odt') return odtThreat(bytes);
  return docxThreat(bytes);
}
