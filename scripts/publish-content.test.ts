import { afterAll, describe, expect, it, vi } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublishStore } from '../content/publish.ts';
import { publishFolder } from './publish-content.ts';

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
