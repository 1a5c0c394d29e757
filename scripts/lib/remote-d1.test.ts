import { describe, expect, it } from 'vitest';
import { inline, remoteD1, sqlLiteral } from './remote-d1.ts';

describe('inline', () => {
  it.each<[string, unknown[], string]>([
    ['SELECT * FROM t WHERE id = ?', ['a'], "SELECT * FROM t WHERE id = 'a'"],
    ["SELECT * FROM t WHERE id = ? AND s = 'why?'", ["x' OR '1'='1"], "SELECT * FROM t WHERE id = 'x'' OR ''1''=''1' AND s = 'why?'"],
    ['UPDATE t SET a = ?2, b = ?1', [1, null], 'UPDATE t SET a = NULL, b = 1'],
    ["UPDATE t SET m = strftime('%Y', 'now') WHERE id = ?", ['z'], "UPDATE t SET m = strftime('%Y', 'now') WHERE id = 'z'"],
  ])('%s', (sql, values, literal) => {
    expect(inline(sql, values)).toBe(literal);
  });

  it('refuses a number SQLite cannot store', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });
});

describe('remoteD1', () => {
  it('hands the worker’s statement to wrangler as literal SQL and reads back its rows and changes', async () => {
    const ran: string[] = [];
    const db = remoteD1((sql) => (ran.push(sql), { results: [{ id: 'a' }], meta: { changes: 1 } }));
    const changed = await db.prepare('UPDATE testimonials SET status = ? WHERE id = ?').bind('approved', 'a').run();
    expect(changed.meta.changes).toBe(1);
    expect(await db.prepare('SELECT id FROM testimonials').first()).toEqual({ id: 'a' });
    expect(ran[0]).toBe("UPDATE testimonials SET status = 'approved' WHERE id = 'a'");
  });
});
