import { describe, expect, it } from 'vitest';
import { leadsQuery, listLine, toCsv } from './leads.ts';

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
    ]).split('\n');
    expect(csv[0]).toBe('id,kind,lang,created_at,email,notified_at,firstName,message,types');
    expect(csv.slice(1).join('\n')).toBe(`1,site-contact,fr,2026-11-22T10:00:00Z,a@example.be,,"'=HYPERLINK(""x"")","Bonjour, ""merci""\nà bientôt",1 2`);
  });
});

describe('listLine', () => {
  it('prints an address a visitor typed without obeying its control characters', () => {
    const line = listLine({ id: 'x', kind: 'site-contact', lang: 'fr', created_at: '2026-11-25T08:00:00Z', email: 'a\u001b[31m@example.be', notified_at: null, payload: '{}' });
    expect(line).not.toContain('\u001b');
    expect(line).toContain('a\\u001b[31m@example.be');
  });
});
