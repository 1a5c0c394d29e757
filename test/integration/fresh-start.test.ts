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

// Read before any test of this file writes anything.
const keys = (await env.CONTENT.list()).keys.length;
const objects = (await env.FILES.list()).objects.length;
const tables = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'").all<{ name: string }>())
  .results;
let rows = 0;
for (const { name } of tables) rows += (await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).first<{ n: number }>())?.n ?? 0;
const applied = (await env.DB.prepare('SELECT COUNT(*) AS n FROM d1_migrations').first<{ n: number }>())?.n;

describe('a test file starts from nothing', () => {
  it('no content, no stored file, every table empty and every migration applied once', () => {
    expect({ keys, objects, rows, applied }).toEqual({ keys: 0, objects: 0, rows: 0, applied: env.TEST_MIGRATIONS.length });
  });

  it('the worker remembers no version: with nothing published, a page says the site is not ready', async () => {
    const response = await request('/fr/');
    expect(response.status).toBe(503);
    await response.text();
  });
});
