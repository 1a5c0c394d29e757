/**
 * What a document would do when the agency opens it. A CV or a rental file is opened by
 * an agent on an office PC: a PDF that runs JavaScript or launches a program, an ODT whose
 * macros run on opening, or a DOCX that fetches its template from a stranger's server (and
 * with it a macro, or the agent's Windows credentials) is refused, naming the file. Each is
 * judged by a parser, not by names in its bytes: the PDF by pdf-lib (pdf-threat.ts), the
 * XML of an ODT or DOCX by saxes with namespaces resolved, so another prefix or an entity
 * changes nothing. Zip entries are inflated (bounded) with the runtime's DecompressionStream.
 */
import { SaxesParser } from 'saxes';
import { zipEntries, zipEntryData, type DocumentType, type ZipEntry } from './file-content.ts';
import { pdfThreat } from './pdf-threat.ts';

/** What an inflated part may weigh in all: a bomb stops being read there. */
const MAX_INFLATED = 32 * 1024 * 1024;

/**
 * The bytes inflated, up to what is left of the budget; null when they are not deflate data.
 * What inflated before an error (trailing bytes, a cut stream) is kept: a reader would run it.
 */
async function inflate(data: Uint8Array, format: 'deflate-raw', budget: { left: number }): Promise<Uint8Array | null> {
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

/** One entry's text (each entry on its own: two entries of one name are both read), or null when it cannot be read. */
async function entryText(bytes: Uint8Array, entry: ZipEntry, budget: { left: number }): Promise<string | null> {
  const data = zipEntryData(bytes, entry);
  if (!data) return null;
  if (entry.method === 0) return new TextDecoder().decode(data);
  const inflated = entry.method === 8 ? await inflate(data, 'deflate-raw', budget) : null;
  return inflated ? new TextDecoder().decode(inflated) : null;
}

const ODF = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  script: 'urn:oasis:names:tc:opendocument:xmlns:script:1.0',
};

interface XmlElement {
  uri: string;
  local: string;
  attributes: { uri: string; local: string; value: string }[];
}

/**
 * Every element of an XML part, its namespace and its attributes' values resolved (entities
 * included), or why it cannot be read: an office file's XML declares no document type, so
 * a DOCTYPE (and with it any entity of its own) is refused, as is XML that does not parse.
 */
function xmlElements(xml: string): XmlElement[] | string {
  const elements: XmlElement[] = [];
  let problem: string | null = null;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('doctype', () => (problem ??= 'XML with a document type'));
  parser.on('error', () => (problem ??= 'XML that cannot be read'));
  parser.on('opentag', (tag) => {
    elements.push({ uri: tag.uri, local: tag.local, attributes: Object.values(tag.attributes).map((a) => ({ uri: a.uri, local: a.local, value: a.value })) });
  });
  try {
    parser.write(xml).close();
  } catch {
    problem ??= 'XML that cannot be read';
  }
  return problem ?? elements;
}

/** An element or attribute that runs a macro, whatever prefix its namespace is given. */
function odfMacro(element: XmlElement): boolean {
  if (element.uri === ODF.script) return true;
  if (element.uri === ODF.office && (element.local === 'event-listeners' || element.local === 'script' || element.local === 'scripts')) return true;
  if (/event-listener|execute-macro/.test(element.local)) return true;
  return element.attributes.some((a) => a.uri === ODF.script || /^\s*(?:vnd\.sun\.star\.script|macro):/i.test(a.value));
}

async function odtThreat(bytes: Uint8Array): Promise<string | null> {
  const entries = zipEntries(bytes) ?? [];
  // Macros live in Basic/ and Scripts/; events that run them are declared in the XML parts.
  if (entries.some((e) => /^(?:Basic|Scripts)\//i.test(e.name))) return 'macros';
  const budget = { left: MAX_INFLATED };
  for (const entry of entries.filter((e) => /\.(?:xml|rdf)$/i.test(e.name))) {
    const xml = await entryText(bytes, entry, budget);
    if (xml === null) return 'a part that cannot be read';
    const elements = xmlElements(xml);
    if (typeof elements === 'string') return elements;
    if (elements.some(odfMacro)) return 'macros run by events';
  }
  return null;
}

async function docxThreat(bytes: Uint8Array): Promise<string | null> {
  const entries = zipEntries(bytes) ?? [];
  const budget = { left: MAX_INFLATED };
  for (const entry of entries.filter((e) => e.name.endsWith('.rels'))) {
    const xml = await entryText(bytes, entry, budget);
    if (xml === null) return 'a part that cannot be read';
    const elements = xmlElements(xml);
    if (typeof elements === 'string') return elements;
    // A relationship to something outside the file, other than a plain hyperlink: a remote template, frame or object.
    // Any namespace: a relationship's meaning is its attributes, and a reader may not insist on the namespace.
    for (const rel of elements.filter((e) => e.local === 'Relationship')) {
      const attribute = (name: string) => rel.attributes.find((a) => a.uri === '' && a.local === name)?.value ?? '';
      if (attribute('TargetMode').trim().toLowerCase() === 'external' && !/\/hyperlink$/.test(attribute('Type').trim())) return 'a template or object fetched from outside';
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
