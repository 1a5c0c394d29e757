/**
 * `npm start` and the browser tests migrate the local databases from the seeding process,
 * not through `wrangler d1 migrations apply`: the record it keeps must be wrangler's, so the
 * files are applied once whichever of the two runs next.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../scripts/lib/local-migrations.ts';

const names = async () => (await env.DB.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>()).results.map((r) => r.name);

describe('local migrations keep wrangler’s record', () => {
  it('a database migrated by wrangler’s bookkeeping gets nothing applied twice', async () => {
    const before = await names();
    expect(before).toEqual(env.TEST_MIGRATIONS.map((m) => m.name));
    expect(await applyMigrations(env.DB, env.TEST_MIGRATIONS)).toEqual([]);
    expect(await names()).toEqual(before);
  });

  it('a new file is applied once, recorded by its name, and its tables are there', async () => {
    const next = { name: '9999_local_migrations_probe.sql', queries: ['CREATE TABLE probe (id INTEGER PRIMARY KEY, label TEXT NOT NULL)', "INSERT INTO probe (label) VALUES ('first')"] };
    expect(await applyMigrations(env.DB, [...env.TEST_MIGRATIONS, next])).toEqual([next.name]);
    expect(await applyMigrations(env.DB, [...env.TEST_MIGRATIONS, next])).toEqual([]);
    expect((await names()).at(-1)).toBe(next.name);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM probe').first<{ n: number }>())?.n).toBe(1);
  });

  it('a file that fails halfway leaves nothing of itself and no record: the next run tries it again', async () => {
    const broken = { name: '9998_broken.sql', queries: ['CREATE TABLE half (id INTEGER)', 'INSERT INTO no_such_table VALUES (1)'] };
    await expect(applyMigrations(env.DB, [broken])).rejects.toThrow();
    expect(await names()).not.toContain(broken.name);
    expect(await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").first()).toBeNull();
  });

  it('an empty database gets wrangler’s table and every file, in order', async () => {
    await env.DB_AGENCE_B.exec('DROP TABLE IF EXISTS d1_migrations');
    const fresh = [
      { name: '0001_a.sql', queries: ['CREATE TABLE IF NOT EXISTS fresh_a (id INTEGER)'] },
      { name: '0002_b.sql', queries: ['CREATE TABLE IF NOT EXISTS fresh_b (id INTEGER)'] },
    ];
    expect(await applyMigrations(env.DB_AGENCE_B, fresh)).toEqual(['0001_a.sql', '0002_b.sql']);
    const columns = (await env.DB_AGENCE_B.prepare("SELECT name FROM pragma_table_info('d1_migrations')").all<{ name: string }>()).results.map((r) => r.name);
    expect(columns).toEqual(['id', 'name', 'applied_at']);
  });
});
