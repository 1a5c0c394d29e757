/**
 * Writes a PMTiles (version 3) archive: one file holding every tile of a basemap, read
 * by range requests. The set-up's offline basemap is written here; an operator's real
 * extract comes from `pmtiles extract` and is installed as it is. One root directory and
 * no leaf directories: enough for a few thousand distinct tiles, which an offline base of
 * borders and towns stays well under (the writer refuses beyond that).
 */
import { zxyToTileId } from 'pmtiles';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile's bytes, uncompressed (a Mapbox Vector Tile). */
  data: Uint8Array;
}

export interface ArchiveDescription {
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
  /** TileJSON-style metadata (name, attribution, vector_layers). */
  metadata: Record<string, unknown>;
}

const HEADER_BYTES = 127;
/** A reader fetches the first 16 KiB: header and root directory must fit in them. */
const FIRST_FETCH = 16_384;
const GZIP = 2;
const MVT = 1;

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      out.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    out.push(value);
  }
  return out;
}

interface DirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/** A directory as the format lays it out: columns of varints, offsets written as deltas where contiguous. */
function directoryBytes(entries: DirectoryEntry[]): Uint8Array {
  const ids: number[] = [];
  let last = 0;
  for (const entry of entries) {
    ids.push(entry.tileId - last);
    last = entry.tileId;
  }
  const offsets = entries.map((entry, i) => {
    const previous = entries[i - 1];
    return previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1;
  });
  return Uint8Array.from(varints([entries.length, ...ids, ...entries.map((e) => e.runLength), ...entries.map((e) => e.length), ...offsets]));
}

async function digest(bytes: Uint8Array): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The archive's bytes: header, root directory, metadata, then each distinct tile once (gzip). */
export async function writeArchive(tiles: ArchiveTile[], description: ArchiveDescription): Promise<Uint8Array> {
  const byId = tiles.map((tile) => ({ tileId: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data })).sort((a, b) => a.tileId - b.tileId);
  const contents: Uint8Array[] = [];
  const known = new Map<string, { offset: number; length: number }>();
  const entries: DirectoryEntry[] = [];
  let dataBytes = 0;
  for (const tile of byId) {
    const key = await digest(tile.data);
    let stored = known.get(key);
    if (!stored) {
      const compressed = await gzip(tile.data);
      stored = { offset: dataBytes, length: compressed.length };
      known.set(key, stored);
      contents.push(compressed);
      dataBytes += compressed.length;
    }
    const previous = entries.at(-1);
    // Identical neighbours (open sea, inland fill) become one entry with a run length.
    if (previous && previous.tileId + previous.runLength === tile.tileId && previous.offset === stored.offset) previous.runLength += 1;
    else entries.push({ tileId: tile.tileId, offset: stored.offset, length: stored.length, runLength: 1 });
  }
  const root = await gzip(directoryBytes(entries));
  if (HEADER_BYTES + root.length > FIRST_FETCH) throw new Error(`too many tiles for one root directory (${entries.length} entries)`);
  const metadata = await gzip(new TextEncoder().encode(JSON.stringify(description.metadata)));

  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  const out = new Uint8Array(dataOffset + dataBytes);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode('PMTiles'), 0);
  out[7] = 3;
  const u64 = (at: number, value: number) => view.setBigUint64(at, BigInt(value), true);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, 0);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, dataBytes);
  u64(72, byId.length);
  u64(80, entries.length);
  u64(88, contents.length);
  out[96] = 0;
  out[97] = GZIP;
  out[98] = GZIP;
  out[99] = MVT;
  out[100] = description.minZoom;
  out[101] = description.maxZoom;
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  const [west, south, east, north] = description.bounds;
  view.setInt32(102, e7(west), true);
  view.setInt32(106, e7(south), true);
  view.setInt32(110, e7(east), true);
  view.setInt32(114, e7(north), true);
  out[118] = description.center[2];
  view.setInt32(119, e7(description.center[0]), true);
  view.setInt32(123, e7(description.center[1]), true);
  out.set(root, rootOffset);
  out.set(metadata, metadataOffset);
  let at = dataOffset;
  for (const content of contents) {
    out.set(content, at);
    at += content.length;
  }
  return out;
}
