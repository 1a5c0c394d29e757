/**
 * The seeders insert their rows as one JSON parameter per statement: what arrives in D1 must be
 * the rows as given, numbers as numbers, NULL as NULL, quotes as text, and a conflict ignored.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from '../../scripts/lib/d1-rows.ts';

beforeAll(async () => {
  await env.DB.exec('CREATE TABLE IF NOT EXISTS rows_probe (id INTEGER PRIMARY KEY, label TEXT, amount REAL, note TEXT)');
});

describe('rows as one JSON parameter', () => {
  it('keeps every value as given, and 1,201 rows take three statements', async () => {
    const rows = Array.from({ length: 1201 }, (_, i) => ({ id: i + 1, label: i === 7 ? `l'été "${i}" -- ;` : `row ${i}`, amount: i + 0.5, note: i % 2 ? null : 'n' }));
    const statements = insertRows(env.DB, 'rows_probe', ['id', 'label', 'amount', 'note'], rows);
    expect(statements).toHaveLength(3);
    await env.DB.batch(statements);
    const back = await env.DB.prepare('SELECT id, label, amount, note, typeof(id) AS t FROM rows_probe ORDER BY id').all<{
      id: number;
      label: string;
      amount: number;
      note: string | null;
      t: string;
    }>();
    expect(back.results).toHaveLength(1201);
    expect(back.results[7]).toEqual({ id: 8, label: `l'été "7" -- ;`, amount: 7.5, note: null, t: 'integer' });
    expect(back.results[8]?.note).toBe('n');
  });

  it('a row already there is left as it was (OR IGNORE), or replaced when asked', async () => {
    await env.DB.batch(insertRows(env.DB, 'rows_probe', ['id', 'label'], [{ id: 1, label: 'changed' }]));
    expect((await env.DB.prepare('SELECT label FROM rows_probe WHERE id = 1').first<{ label: string }>())?.label).toBe('row 0');
    await env.DB.batch(insertRows(env.DB, 'rows_probe', ['id', 'label'], [{ id: 1, label: 'changed' }], 'OR REPLACE'));
    expect((await env.DB.prepare('SELECT label FROM rows_probe WHERE id = 1').first<{ label: string }>())?.label).toBe('changed');
  });

  it('no rows, no statement', () => {
    expect(insertRows(env.DB, 'rows_probe', ['id'], [])).toEqual([]);
  });
});
