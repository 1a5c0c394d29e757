/**
 * Publishing a content version: write everything under a fresh immutable prefix, check
 * every write, then flip the one pointer readers follow, then drop versions older than
 * the previous one. Readers pin the pointer once per request, so they see the old
 * version or the new one, never a mix. Pure over a small store interface so the same
 * code runs against miniflare locally, the Cloudflare API remotely, and KV in tests.
 */
import { contentKeys, type Manifest } from '../domain/bundles.ts';

export interface PublishStore {
  get(key: string): Promise<string | null>;
  /** Writes many keys; resolves with the keys that could not be written. */
  putMany(entries: { key: string; value: string }[]): Promise<{ failed: string[] }>;
  put(key: string, value: string): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
}

export const VERSIONS_KEY = 'versions';

export interface PublishProgress {
  phase: 'write' | 'verify' | 'flip' | 'cleanup';
  done: number;
  total: number;
}

export interface PublishResult {
  version: string;
  previous: string | null;
  written: number;
  removedVersions: string[];
}

export class PublishError extends Error {}

const BATCH = 1000;

/** A sortable, unique version name: UTC timestamp plus a content hash prefix. */
export async function versionName(entries: Map<string, string>, now = new Date()): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode([...entries].map(([k, v]) => `${k}\n${v}`).join('\n')));
  const hex = [...new Uint8Array(hash)]
    .slice(0, 4)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  return `${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${hex}`;
}

function parseVersions(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Publishes `entries` (key suffix → JSON text) as a new version. Throws PublishError
 * and leaves the live version untouched if any write fails.
 */
export async function publishVersion(store: PublishStore, entries: Map<string, string>, options: { version: string; onProgress?: (p: PublishProgress) => void; now?: Date }): Promise<PublishResult> {
  const { version, onProgress } = options;
  const prefix = contentKeys.versionPrefix(version);
  const previous = await store.get(contentKeys.pointer);
  if (previous === version) throw new PublishError(`version ${version} is already live`);

  const items = [...entries].map(([suffix, value]) => ({ key: `${prefix}${suffix}`, value }));
  const total = items.length;
  for (let i = 0; i < total; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    const { failed } = await store.putMany(batch);
    if (failed.length > 0) throw new PublishError(`${failed.length} writes failed, first: ${failed[0]}; nothing was published`);
    onProgress?.({ phase: 'write', done: Math.min(i + BATCH, total), total });
  }

  // The manifest is written last: its presence means the version is complete.
  const manifest: Manifest = { version, publishedAt: (options.now ?? new Date()).toISOString(), keys: items.map((i) => i.key), previous };
  await store.put(contentKeys.manifest(version), JSON.stringify(manifest));
  const check = await store.get(contentKeys.manifest(version));
  if (check === null) throw new PublishError('manifest write could not be read back; nothing was published');
  onProgress?.({ phase: 'verify', done: total, total });

  await store.put(contentKeys.pointer, version);
  if ((await store.get(contentKeys.pointer)) !== version) throw new PublishError('pointer flip could not be verified');
  onProgress?.({ phase: 'flip', done: 1, total: 1 });

  const known = parseVersions(await store.get(VERSIONS_KEY));
  const keep = new Set([version, ...(previous ? [previous] : [])]);
  const stale = known.filter((v) => !keep.has(v));
  for (const [index, old] of stale.entries()) {
    const text = await store.get(contentKeys.manifest(old));
    const keys = text ? parseManifestKeys(text) : [];
    for (let i = 0; i < keys.length; i += BATCH) await store.deleteMany(keys.slice(i, i + BATCH));
    await store.deleteMany([contentKeys.manifest(old)]);
    onProgress?.({ phase: 'cleanup', done: index + 1, total: stale.length });
  }
  await store.put(VERSIONS_KEY, JSON.stringify([...keep].sort()));
  return { version, previous, written: total, removedVersions: stale };
}

function parseManifestKeys(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'keys' in value && Array.isArray(value.keys)) {
      return value.keys.filter((k: unknown): k is string => typeof k === 'string');
    }
  } catch {
    // An unreadable manifest leaves its keys behind; they are unreachable but harmless.
  }
  return [];
}

/** The part of a Workers KV binding publishing needs. */
export interface KVLike {
  get(key: string, type: 'text'): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A PublishStore over a Workers KV binding (local miniflare, tests, or a worker). */
export function kvPublishStore(kv: KVLike): PublishStore {
  return {
    get: (key) => kv.get(key, 'text'),
    put: (key, value) => kv.put(key, value),
    async putMany(entries) {
      const failed: string[] = [];
      const CONCURRENCY = 16;
      for (let i = 0; i < entries.length; i += CONCURRENCY) {
        const results = await Promise.allSettled(entries.slice(i, i + CONCURRENCY).map((e) => kv.put(e.key, e.value)));
        results.forEach((r, j) => {
          const entry = entries[i + j];
          if (r.status === 'rejected' && entry) failed.push(entry.key);
        });
      }
      return { failed };
    },
    async deleteMany(keys) {
      await Promise.all(keys.map((k) => kv.delete(k)));
    },
  };
}
