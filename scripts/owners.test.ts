import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { verifyPassword } from '../worker/owners/password.ts';
import { inline, runCommand, sqlLiteral, UsageError, type OwnerDb } from './owners.ts';

const PEPPER = 'script-pepper';

/** The owners migration in an in-memory SQLite, behind the same interface the script uses for D1. */
function memoryDb(): OwnerDb & { raw: DatabaseSync } {
  const raw = new DatabaseSync(':memory:');
  raw.exec(readFileSync('worker/db/migrations/0004_owners.sql', 'utf8'));
  return {
    raw,
    all: async <T>(sql: string, params: (string | number)[]) => raw.prepare(sql).all(...params) as T[],
    run: async (sql, params) => Number(raw.prepare(sql).run(...params).changes),
  };
}

const run = (db: OwnerDb, command: string, options: Record<string, string> = {}) =>
  runCommand(
    db,
    command,
    options,
    () => PEPPER,
    () => '2026-11-22T10:00:00.000Z',
  );

describe('npm run owners', () => {
  it('adds an owner with a generated password that verifies, and lists them', async () => {
    const db = memoryDb();
    const out = await run(db, 'add', { username: 'mdubois', email: 'marc.dubois@example.be', name: 'Marc Dubois', lang: 'nl' });
    const password = /password: (\S+)/.exec(out)?.[1] ?? '';
    expect(password).toHaveLength(16);
    const row = db.raw.prepare('SELECT password_hash, lang FROM owners').get() as { password_hash: string; lang: string };
    expect(await verifyPassword(password, row.password_hash, PEPPER)).toBe(true);
    expect(row.lang).toBe('nl');
    await run(db, 'link-property', { user: 'marc.dubois@example.be', property: '2077' });
    expect(await run(db, 'list')).toMatch(/mdubois\s+marc\.dubois@example\.be\s+nl\s+Marc Dubois\s+\[2077\]/);
  });

  it('refuses a second owner with the same username or e-mail (any case)', async () => {
    const db = memoryDb();
    await run(db, 'add', { username: 'mdubois', email: 'marc@example.be', password: 'long enough pw' });
    await expect(run(db, 'add', { username: 'MDUBOIS', email: 'other@example.be' })).rejects.toThrow(UsageError);
    await expect(run(db, 'add', { username: 'other', email: 'MARC@example.be' })).rejects.toThrow(UsageError);
  });

  it('reset-password sets the password and ends every session', async () => {
    const db = memoryDb();
    await run(db, 'add', { username: 'mdubois', email: 'marc@example.be', password: 'first password' });
    expect(await run(db, 'reset-password', { user: 'mdubois', password: 'second password' })).toContain('every session');
    const row = db.raw.prepare('SELECT password_hash, token_version FROM owners').get() as { password_hash: string; token_version: number };
    expect(row.token_version).toBe(2);
    expect(await verifyPassword('second password', row.password_hash, PEPPER)).toBe(true);
  });

  it('links and unlinks properties, idempotently', async () => {
    const db = memoryDb();
    await run(db, 'add', { username: 'mdubois', email: 'marc@example.be', password: 'long enough pw' });
    expect(await run(db, 'link-property', { user: 'mdubois', property: '2058' })).toBe('property 2058 linked');
    expect(await run(db, 'link-property', { user: 'mdubois', property: '2058' })).toBe('property 2058 was already linked');
    expect(await run(db, 'unlink-property', { user: 'mdubois', property: '2058' })).toBe('property 2058 unlinked');
  });

  it.each([
    ['add', { username: 'x', email: 'a@b.be' }],
    ['add', { username: 'okname', email: 'not-an-email' }],
    ['add', { username: 'okname', email: 'a@b.be', password: 'short' }],
    ['add', { username: 'okname', email: 'a@b.be', lang: 'es' }],
    ['reset-password', { user: 'nobody' }],
    ['link-property', { user: 'nobody', property: '1' }],
    ['frobnicate', {}],
  ])('%s %j is a usage error', async (command, options) => {
    const db = memoryDb();
    await run(db, 'add', { username: 'mdubois', email: 'marc@example.be', password: 'long enough pw' });
    await expect(run(db, command, options)).rejects.toThrow(UsageError);
  });

  it('quotes values for wrangler’s literal SQL', () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral(12)).toBe('12');
    expect(inline('SELECT ? WHERE a = ?', ["x'; DROP TABLE owners;--", 3])).toBe("SELECT 'x''; DROP TABLE owners;--' WHERE a = 3");
    expect(() => inline('SELECT ?', [])).toThrow();
  });
});
