import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { withLocalPlatform } from './lib/local-platform.ts';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublishStore } from '../content/publish.ts';
import { publishFolder } from './publish-content.ts';
import { syncExport } from '../content/crm-publish.ts';
import { loadContent } from '../content/load.ts';
import type { ChangesBundle, CardView } from '../domain/bundles.ts';

/** An in-memory KV, to see exactly what a publish wrote. */
function memoryStore(): PublishStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: async (key) => data.get(key) ?? null,
    put: async (key, value) => void data.set(key, value),
    putMany: async (entries) => {
      for (const e of entries) data.set(e.key, e.value);
      return { failed: [] };
    },
    deleteMany: async (keys) => {
      for (const k of keys) data.delete(k);
    },
  };
}

const copies: string[] = [];
afterAll(async () => {
  await Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function demoCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-content-'));
  copies.push(dir);
  await cp('content/demo', dir, { recursive: true });
  return dir;
}

async function editJson(file: string, edit: (value: unknown[]) => void): Promise<void> {
  const value: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(value)) throw new Error(`${file} is not an array`);
  edit(value);
  await writeFile(file, JSON.stringify(value));
}

describe('content:publish', () => {
  it('publishes the demo agency, flips the pointer, and leaves unchanged content alone', async () => {
    const store = memoryStore();
    const version = await publishFolder('content/demo', store, () => undefined);
    expect(version).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    expect(store.data.get('current')).toBe(version);
    expect(store.data.has(`v/${version}/site/fr`)).toBe(true);
    const keys = store.data.size;
    expect(await publishFolder('content/demo', store, () => undefined)).toBe(version);
    expect(store.data.size).toBe(keys);
  });

  it.each([
    ['a price that is text', 'properties.json', (items: unknown[]) => Object.assign(items[0] as object, { Price: 'cheap' }), /properties\.json: \[0\]\.Price/],
    ['an unknown category', 'properties.json', (items: unknown[]) => Object.assign(items[1] as object, { WebID: '999' }), /properties\.json: \[1\]\.WebID/],
    ['a duplicate property ID', 'properties.json', (items: unknown[]) => Object.assign(items[2] as object, { ID: (items[0] as { ID: number }).ID }), /properties\.json: \[2\]\.ID: duplicate/],
  ])('refuses %s, names file and path, and publishes nothing', async (_, file, edit, message) => {
    const dir = await demoCopy();
    await editJson(path.join(dir, file), edit);
    const store = memoryStore();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const version = await publishFolder(dir, store, () => undefined);
    const printed = errors.mock.calls.map((c) => String(c[0])).join('\n');
    errors.mockRestore();
    expect(version).toBeNull();
    expect(printed).toMatch(message);
    expect(store.data.size).toBe(0);
  });

  it('refuses a file that is not JSON', async () => {
    const dir = await demoCopy();
    await writeFile(path.join(dir, 'menu.json'), '{ not json');
    const store = memoryStore();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await publishFolder(dir, store, () => undefined)).toBeNull();
    const printed = errors.mock.calls.map((c) => String(c[0])).join('\n');
    errors.mockRestore();
    expect(printed).toMatch(/menu\.json: invalid JSON/);
    expect(store.data.size).toBe(0);
  });

  it('refuses a folder that would withdraw most listings, unless the operator confirms it', async () => {
    const store = memoryStore();
    const version = await publishFolder('content/demo', store, () => undefined);
    const dir = await demoCopy();
    await editJson(path.join(dir, 'properties.json'), (items) => items.splice(5));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await publishFolder(dir, store, () => undefined)).toBeNull();
    const printed = errors.mock.calls.map((c) => String(c[0])).join('\n');
    errors.mockRestore();
    expect(printed).toMatch(/Refused: it would withdraw 70 of 75 live listings \(93 %\)/);
    expect(store.data.get('current')).toBe(version);
    expect(await publishFolder(dir, store, () => undefined, true)).not.toBe(version);
  });
});

describe('content:publish with a CRM managing the listings', () => {
  it('never publishes the folder’s listings over the CRM’s: no listing comes back, none goes, no price reverts, no news is told twice', async () => {
    const store = memoryStore();
    const first = await publishFolder('content/demo', store, () => undefined);
    expect(first).not.toBeNull();
    // The CRM's sync: a new listing, one withdrawn, one sold, one cheaper.
    const loaded = await loadContent('content/demo');
    if (!loaded.ok) throw new Error('demo content invalid');
    const { properties, ...rest } = loaded.content;
    const records = structuredClone(properties) as unknown as Record<string, unknown>[];
    const [withdrawn, sold, cheaper] = [records[1], records[2], records[3]] as Record<string, unknown>[];
    const fresh = { ...structuredClone(records[0]), ID: 9990, Reference: 'VI-9990', RecordFile: 'VI-9990' } as Record<string, unknown>;
    const crm = [...records.filter((r) => r !== withdrawn), fresh].map((r) => (r === sold ? { ...r, Status: 'sold' } : r === cheaper ? { ...r, Price: Math.round((r.Price as number) * 0.95) } : r));
    const synced = await syncExport({ records: crm, rest, store, now: new Date(Date.now() + 60_000) });
    if (!synced.ok) throw new Error(JSON.stringify(synced).slice(0, 600));
    expect(synced.version).toBeTruthy();
    const live = () => store.data.get('current') ?? '';
    const card = (id: unknown) => (JSON.parse(store.data.get(`v/${live()}/listing/fr`) ?? '[]') as CardView[]).find((c) => c.id === id);
    const before = { fresh: card(9990), withdrawn: card(withdrawn?.ID), sold: card(sold?.ID)?.status, price: card(cheaper?.ID)?.price };

    // The operator edits a word of the site and publishes the folder.
    const dir = await demoCopy();
    const fr = path.join(dir, 'translations', 'fr.json');
    const words = JSON.parse(await readFile(fr, 'utf8')) as Record<string, string>;
    await writeFile(fr, JSON.stringify({ ...words, FOR_SALE: 'À vendre maintenant' }));
    const synced_ = live();
    const lines: string[] = [];
    await publishFolder(dir, store, (line) => void lines.push(line), false, crm);
    expect(live()).not.toBe(synced_);
    expect(lines.join('\n')).toMatch(/Listings: the \d+ the CRM manages, as last synced; .*properties\.json is not published over them\./);
    expect(card(9990)).toEqual(before.fresh);
    expect(card(withdrawn?.ID)).toBe(before.withdrawn);
    expect(card(sold?.ID)?.status).toBe('sold');
    expect(card(cheaper?.ID)?.price).toBe(before.price);
    const news = JSON.parse(store.data.get(`v/${live()}/changes`) ?? '{"added":[],"priceDrops":[]}') as ChangesBundle;
    expect(news).toEqual({ added: [], priceDrops: [] });
  });
});

describe('npm run content:publish -- --local --persist-to DIR', () => {
  it('publishes into that folder, the one `npm start -- --persist-to DIR` serves', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-state-'));
    copies.push(dir);
    const run = spawnSync(process.execPath, ['scripts/publish-content.ts', '--local', '--persist-to', dir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const live = /Live: (\S+)/.exec(run.stdout)?.[1];
    expect(live).toMatch(/^\d{8}T\d{6}Z-/);
    expect(await withLocalPlatform((env) => env.CONTENT.get('current'), dir)).toBe(live);
  }, 60_000);
});
