/**
 * Every worker test file starts as a visitor's first request to a new deployment would: the
 * files of one Vitest worker share its workerd (vitest.config.ts), and test/integration/setup.ts
 * takes away what the files before this one left. Vitest runs the long files first, so this
 * short one follows others in its worker, whose content, leads, photos and kept pages it must
 * not see.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { request } from './support.ts';
import { renderedPages } from '../../worker/pages/routes.tsx';

// Read before any test of this file writes anything.
const keys = (await env.CONTENT.list()).keys.length;
const objects = (await env.FILES.list()).objects.length;
const keptPages = renderedPages.size;
let rows = 0;
const applied: number[] = [];
// The home agency's database and the second agency's.
for (const db of [env.DB, env.DB_AGENCE_B]) {
  const tables = (await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'").all<{ name: string }>())
    .results;
  for (const { name } of tables) rows += (await db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).first<{ n: number }>())?.n ?? 0;
  applied.push((await db.prepare('SELECT COUNT(*) AS n FROM d1_migrations').first<{ n: number }>())?.n ?? 0);
}

describe('a test file starts from nothing', () => {
  it('no content, no stored file, no kept page, every table empty and every migration applied once', () => {
    const migrations = env.TEST_MIGRATIONS.length;
    expect({ keys, objects, keptPages, rows, applied }).toEqual({ keys: 0, objects: 0, keptPages: 0, rows: 0, applied: [migrations, migrations] });
  });

  it('the worker remembers no version: with nothing published, a page says the site is not ready', async () => {
    const response = await request('/fr/');
    expect(response.status).toBe(503);
    await response.text();
  });
});
