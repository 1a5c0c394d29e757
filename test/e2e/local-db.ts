/** The local D1 database the e2e run's `wrangler dev` uses, read directly with node:sqlite. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const STATE = process.env.E2E_STATE ?? '.wrangler/e2e-state';

/**
 * A demo agency's database: of the run's SQLite files (one per agency), the one its demo
 * owner was seeded into (`clambert` for the home agency on 127.0.0.1, `mdupont` for
 * agence-b.localhost).
 */
export function database(owner: 'clambert' | 'mdupont' = 'clambert', options: { readOnly?: boolean } = {}): DatabaseSync {
  const dir = path.join(STATE, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sqlite'))) {
    const db = new DatabaseSync(path.join(dir, file), options);
    // The site writes too (the queue's mails land in the delivery log): wait for its lock, never fail on it.
    db.exec('PRAGMA busy_timeout = 10000');
    if (db.prepare("SELECT name FROM sqlite_master WHERE name = 'owners'").get() && db.prepare('SELECT 1 FROM owners WHERE username = ?').get(owner)) return db;
    db.close();
  }
  throw new Error(`no database with the owner ${owner} under ${dir}`);
}

/** The single value a `SELECT COUNT(*)` or `SELECT id` query returns, as a number. */
export function scalar(db: DatabaseSync, sql: string, ...params: string[]): number {
  const row = db.prepare(sql).get(...params);
  return Number(row ? Object.values(row)[0] : Number.NaN);
}
