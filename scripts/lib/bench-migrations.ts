/** The D1 schema a bench's Miniflare starts with, as `wrangler d1 migrations apply` would leave it. */
import { readFile, readdir } from 'node:fs/promises';

export async function applyMigrations(db: D1Database): Promise<void> {
  const dir = 'worker/db/migrations';
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()) {
    const sql = (await readFile(`${dir}/${file}`, 'utf8')).replace(/^\s*--.*$/gm, '');
    const statements = sql
      .split(/;\s*$/m)
      .map((x) => x.trim())
      .filter(Boolean);
    await db.batch(statements.map((x) => db.prepare(x)));
  }
}
