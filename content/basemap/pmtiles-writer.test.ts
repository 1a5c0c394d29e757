import { describe, expect, it } from 'vitest';
import { PMTiles, type Source } from 'pmtiles';
import { writeArchive, type ArchiveTile } from './pmtiles-writer.ts';

/** The archive as a PMTiles reader sees it: by byte ranges. */
function reader(bytes: Uint8Array): PMTiles {
  const source: Source = {
    getKey: () => 'test.pmtiles',
    getBytes: async (offset, length) => ({ data: bytes.slice(offset, offset + length).buffer }),
  };
  return new PMTiles(source);
}

const text = (value: string) => new TextEncoder().encode(value);
const sea = text('open sea');

const tiles: ArchiveTile[] = [
  { z: 0, x: 0, y: 0, data: text('world') },
  { z: 1, x: 1, y: 0, data: text('north-east') },
  // The same bytes four times (the sea): written once.
  { z: 2, x: 0, y: 0, data: sea },
  { z: 2, x: 0, y: 1, data: sea },
  { z: 2, x: 1, y: 1, data: sea },
  { z: 2, x: 1, y: 0, data: sea },
  { z: 7, x: 65, y: 43, data: text('Namur') },
];

describe('writeArchive', () => {
  it('writes an archive a PMTiles reader reads back tile for tile', async () => {
    const archive = reader(await writeArchive(tiles, { minZoom: 0, maxZoom: 7, bounds: [2.5, 49.4, 6.5, 51.6], center: [4.5, 50.5, 7], metadata: { name: 'test', attribution: '© Natural Earth' } }));
    for (const tile of tiles) {
      const found = await archive.getZxy(tile.z, tile.x, tile.y);
      expect(new TextDecoder().decode(found?.data), `${tile.z}/${tile.x}/${tile.y}`).toBe(new TextDecoder().decode(tile.data));
    }
    expect(await archive.getZxy(7, 10, 10)).toBeUndefined();
    expect(await archive.getMetadata()).toEqual({ name: 'test', attribution: '© Natural Earth' });
  });

  it('states zooms, bounds and centre in its header, and stores repeated tiles once', async () => {
    const header = await reader(await writeArchive(tiles, { minZoom: 0, maxZoom: 7, bounds: [2.5, 49.4, 6.5, 51.6], center: [4.5, 50.5, 7], metadata: {} })).getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 0, maxZoom: 7, minLon: 2.5, minLat: 49.4, maxLon: 6.5, maxLat: 51.6, centerZoom: 7, centerLon: 4.5, centerLat: 50.5 });
    expect(header.numAddressedTiles).toBe(7);
    expect(header.numTileContents).toBe(4);
    // Neighbouring sea tiles (consecutive on the Hilbert curve) share one entry with a run length.
    expect(header.numTileEntries).toBeLessThan(7);
  });
});
