import { describe, expect, it } from 'vitest';
import { csvCell, isUploadKey, leadsQuery, listLine, toCsv } from './leads.ts';

describe('leadsQuery', () => {
  it.each([
    [{}, 'ORDER BY created_at DESC', []],
    [{ since: '2026-11-01' }, 'WHERE created_at >= ?', ['2026-11-01']],
    [{ kind: 'site-contact', since: '2026-01-31' }, 'WHERE created_at >= ? AND kind = ?', ['2026-01-31', 'site-contact']],
  ])('%j', (filter, sql, params) => {
    const q = leadsQuery(filter);
    expect(q.sql).toContain(sql);
    expect(q.params).toEqual(params);
  });
  it.each([{ since: "2026'; DROP TABLE leads;--" }, { kind: "x' OR '1'='1" }, { since: 'yesterday' }])('refuses %j', (filter) => {
    expect(() => leadsQuery(filter)).toThrow();
  });
});

describe('toCsv', () => {
  it('flattens the form fields, quotes what needs it and defuses formulas', () => {
    const csv = toCsv([
      {
        id: '1',
        kind: 'site-contact',
        lang: 'fr',
        created_at: '2026-11-22T10:00:00Z',
        email: 'a@example.be',
        notified_at: null,
        payload: JSON.stringify({ firstName: '=HYPERLINK("x")', message: 'Bonjour, "merci"\nà bientôt', types: ['1', '2'] }),
      },
    ]).split('\r\n');
    expect(csv[0]).toBe('"id","kind","lang","created_at","email","notified_at","firstName","message","types"');
    expect(csv.slice(1).join('\r\n')).toBe(`"1","site-contact","fr","2026-11-22T10:00:00Z","a@example.be","","'=HYPERLINK(""x"")","Bonjour, ""merci""\nà bientôt","1 2"`);
  });

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+32 475', `"'+32 475"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t'=1"`],
    ['\r=1', `"'\r'=1"`],
    ["Jan;=cmd|' /C calc'!A0;", `"Jan;'=cmd|' /C calc'!A0;"`],
    ['a, -b; @c', `"a, '-b; '@c"`],
    ['Bonjour\n=HYPERLINK("http://x")', `"Bonjour\n'=HYPERLINK(""http://x"")"`],
    ['Bonjour\r\n@SUM(A1)', `"Bonjour\r\n'@SUM(A1)"`],
    ['ligne\n   +cmd', `"ligne\n   '+cmd"`],
    ['  =1+1', `"  '=1+1"`],
    ['a\t-2+3', `"a\t'-2+3"`],
    ['＝1+1', `"'＝1+1"`],
    ['prix 250.000 - 300.000 €', '"prix 250.000 - 300.000 €"'],
    ['Marie', '"Marie"'],
  ])('a cell %j is text in any spreadsheet: %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('a lead with a CV names the upload and the command that fetches it', () => {
    const csv = toCsv(
      [
        {
          id: '2',
          kind: 'job-application',
          lang: 'fr',
          created_at: '2026-11-22T10:00:00Z',
          email: 'a@example.be',
          notified_at: null,
          payload: JSON.stringify({ files: { cv: 'uploads/job-application/0b9f6a52-7c1e-4c55-9a33-2f1f2b0c9e11.pdf' } }),
        },
      ],
      'remote',
    );
    expect(csv).not.toContain('[object Object]');
    expect(csv).toContain('cv: uploads/job-application/0b9f6a52-7c1e-4c55-9a33-2f1f2b0c9e11.pdf (npm run leads -- --remote --file uploads/job-application/0b9f6a52-7c1e-4c55-9a33-2f1f2b0c9e11.pdf)');
  });

  it.each([
    ['uploads/job-application/0b9f6a52-7c1e-4c55-9a33-2f1f2b0c9e11.pdf', true],
    ['crm/records.json', false],
    ['uploads/../crm/state.json', false],
    ['uploads/job-application/x.pdf', false],
  ])('--file %s: %s', (key, ok) => {
    expect(isUploadKey(key)).toBe(ok);
  });
});

describe('listLine', () => {
  it('prints an address a visitor typed without obeying its control characters', () => {
    const line = listLine({ id: 'x', kind: 'site-contact', lang: 'fr', created_at: '2026-11-25T08:00:00Z', email: 'a\u001b[31m@example.be', notified_at: null, payload: '{}' });
    expect(line).not.toContain('\u001b');
    expect(line).toContain('a\\u001b[31m@example.be');
  });
});
