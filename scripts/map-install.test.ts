import { describe, expect, it } from 'vitest';
import { ensureBasemap, type BasemapBucket } from './map-install.ts';
import { BASEMAP_KEY } from '../worker/map/basemap-archive.ts';
import { readContentJson } from './seed-media.ts';

const { properties: demo } = await readContentJson('content/demo');

/** An R2 bucket's head and put, in memory. */
function bucket(initial?: Record<string, string>): BasemapBucket & { stored: { bytes: Uint8Array; customMetadata: Record<string, string> | undefined } | null; puts: number } {
  let stored: { bytes: Uint8Array; customMetadata: Record<string, string> | undefined } | null = initial ? { bytes: new Uint8Array([1]), customMetadata: initial } : null;
  let puts = 0;
  return {
    head: async (key: string) => (key === BASEMAP_KEY && stored ? { customMetadata: stored.customMetadata } : null),
    put: async (_key: string, value: Uint8Array, options: R2PutOptions) => {
      puts++;
      stored = { bytes: value, customMetadata: options.customMetadata as Record<string, string> | undefined };
    },
    get stored() {
      return stored;
    },
    get puts() {
      return puts;
    },
  };
}

describe('ensureBasemap (the set-up step)', () => {
  it('installs the offline base where there is none, then keeps it while the towns are the same', { timeout: 30_000 }, async () => {
    const empty = bucket();
    expect(await ensureBasemap(empty, demo)).toBe('installed');
    expect(new TextDecoder().decode(empty.stored?.bytes.subarray(0, 7))).toBe('PMTiles');
    expect(empty.stored?.customMetadata?.['source']).toBe('offline-base');
    expect(await ensureBasemap(empty, demo)).toBe('kept');
    expect(empty.puts).toBe(1);
  });

  it('never replaces an operator’s own extract', async () => {
    const installed = bucket({ source: 'file' });
    expect(await ensureBasemap(installed, demo)).toBe('kept');
    expect(installed.puts).toBe(0);
  });

  it('rebuilds the base when the listings’ towns changed', { timeout: 30_000 }, async () => {
    const stale = bucket({ source: 'offline-base', towns: 'an older set' });
    expect(await ensureBasemap(stale, demo)).toBe('installed');
    expect(stale.puts).toBe(1);
  });
});
