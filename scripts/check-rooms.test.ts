import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileCycles, importGraph, roomCycles, sharedTables, twoWayRooms } from './check-rooms.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A worker tree of `files` (path → source) in a fresh folder; its root. */
function tree(files: Record<string, string>): string {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'rooms-')), 'worker');
  dirs.push(path.dirname(root));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

describe('the rooms check', () => {
  it('passes rooms that import one way', () => {
    const root = tree({ 'index.ts': "import { a } from './forms/a.ts';", 'forms/a.ts': "import { m } from '../mail/m.ts';\nexport const a = m;", 'mail/m.ts': 'export const m = 1;' });
    const graph = importGraph(root);
    expect([twoWayRooms(root, graph), fileCycles(graph)]).toEqual([[], []]);
  });

  it('names two rooms that import each other, with the files that tie them', () => {
    const root = tree({
      'forms/a.ts': "import { p } from '../pages/p.ts';\nexport const a = p;",
      'pages/p.ts': "export const p = 1;\nexport { b } from '../forms/b.ts';",
      'forms/b.ts': 'export const b = 2;',
    });
    const [problem] = twoWayRooms(root, importGraph(root));
    expect(problem).toMatch(/^forms\/ ↔ pages\/: .*forms\/a\.ts → .*pages\/p\.ts; .*pages\/p\.ts → .*forms\/b\.ts$/);
  });

  it('finds rooms in a circle of three, which no pair shows', () => {
    const root = tree({
      'testimonials/routes.ts': "import { v } from '../validated.ts';\nexport const r = v;",
      'validated.ts': "import { m } from './pages/message.ts';\nexport const v = m;",
      'pages/message.ts': 'export const m = 1;',
      'pages/loader.ts': "import { s } from '../testimonials/store.ts';\nexport const l = s;",
      'testimonials/store.ts': 'export const s = 1;',
    });
    const graph = importGraph(root);
    expect(twoWayRooms(root, graph)).toEqual([]);
    const [circle] = roomCycles(root, graph);
    for (const room of ['testimonials/ (', 'validated.ts (', 'pages/ (']) expect(circle).toContain(room);
  });

  it('finds a cycle that runs through a type-only import', () => {
    const root = tree({ 'pages/a.ts': "import type { B } from './b.ts';\nexport type A = B;", 'pages/b.ts': "import { a } from './a.ts';\nexport type B = string;\nexport const x = a;" });
    expect(fileCycles(importGraph(root)).map((c) => c.map((f) => path.basename(f)))).toEqual([['a.ts', 'b.ts']]);
  });

  it('names a table two rooms write, and passes one room writing it from several files', () => {
    const root = tree({
      'leads/store.ts': "export const a = 'INSERT INTO leads (id) VALUES (?)';",
      'leads/mails.ts': "export const b = 'UPDATE leads SET sent = 1 WHERE id = ?';",
      'privacy/erase.ts': "export const c = `DELETE FROM leads WHERE id = ?`;\nexport const d = 'INSERT OR IGNORE INTO privacy_runs (id) VALUES (?)';",
    });
    expect(sharedTables(root, importGraph(root))).toEqual(['leads: leads/, privacy/']);
  });
});
