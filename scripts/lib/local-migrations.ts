/**
 * D1 migrations applied to local databases (npm start, the e2e site, the benches' Miniflare)
 * from the process that seeds them, with the
 * bookkeeping `wrangler d1 migrations apply` keeps (its `d1_migrations` table, one row per
 * file name), so wrangler later sees the same files as applied. Two `wrangler d1 migrations
 * apply` runs cost a fresh machine 33 s, nearly all of it wrangler's own start.
 */
export interface Migration {
  name: string;
  queries: string[];
}

/** wrangler's table and columns, as its `d1 migrations apply` creates them. */
const TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/**
 * The migration files in order, each split into statements by wrangler's own reader (the
 * Workers test runner's `readD1Migrations`). Loaded when called: it is a large module, and
 * this file also runs inside the Workers test runtime, where only `applyMigrations` is used.
 */
export async function readMigrations(dir = 'worker/db/migrations'): Promise<Migration[]> {
  const { readD1Migrations } = await import('@cloudflare/vitest-plugin');
  return readD1Migrations(dir);
}

/**
 * Applies the migrations not yet recorded, each with its record in one batch: a statement that
 * fails leaves that file unapplied and unrecorded, as wrangler does. Returns the names applied.
 */
export async function applyMigrations(db: D1Database, migrations: Migration[]): Promise<string[]> {
  await db.prepare(TABLE).run();
  const done = new Set((await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    const statements = [...migration.queries.map((q) => db.prepare(q)), db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name)];
    await db.batch(statements);
    applied.push(migration.name);
  }
  return applied;
}
