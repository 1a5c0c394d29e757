import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env.ts';
import { byteRange } from '../../domain/rules/byte-range.ts';
import { validated } from '../validated.ts';
import { basemapArchive, BASEMAP_KEY, NoBasemap } from './basemap-archive.ts';

/**
 * The basemap under the site's own origin, so a visitor's map position reaches no third
 * party: a TileJSON describing it, each vector tile cut from the PMTiles archive in R2 by
 * range reads, and the archive itself with range requests (for readers that want it whole).
 * The tile URL the browser is given is configurable (MAP_TILES_URL); by default, these.
 */
export const mapTiles = new Hono<AppEnv>();

const TILE_PATH = '/tiles/{z}/{x}/{y}.mvt';
/** Tiles of one archive never change; a new archive is a deploy-time event, so a day is safe. */
const TILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const NO_BASEMAP = { error: 'no-basemap' };

/** A tile number: digits only (the route's pattern keeps '.mvt' on y). */
const tileNumber = z.pipe(
  z.string().check(z.regex(/^\d{1,7}(?:\.mvt)?$/)),
  z.transform((text) => Number.parseInt(text, 10)),
);
const tileParams = z.object({ z: tileNumber, x: tileNumber, y: tileNumber }).check(z.refine((t) => t.z <= 22 && t.x < 2 ** t.z && t.y < 2 ** t.z));

interface BasemapInfo {
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  center: [number, number, number];
  attribution: string;
  vector_layers: unknown[];
}

async function archiveInfo(bucket: R2Bucket): Promise<BasemapInfo | null> {
  try {
    const archive = basemapArchive(bucket);
    const header = await archive.getHeader();
    const metadata = (await archive.getMetadata()) as { attribution?: unknown; vector_layers?: unknown } | undefined;
    return {
      minzoom: header.minZoom,
      maxzoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
      center: [header.centerLon, header.centerLat, header.centerZoom],
      attribution: typeof metadata?.attribution === 'string' ? metadata.attribution : '',
      vector_layers: Array.isArray(metadata?.vector_layers) ? metadata.vector_layers : [],
    };
  } catch (error) {
    if (error instanceof NoBasemap) return null;
    throw error;
  }
}

mapTiles.get('/tiles/basemap.json', async (c) => {
  const configured = c.env.MAP_TILES_URL?.trim();
  const info = await archiveInfo(c.env.FILES);
  if (!info && !configured) return c.json(NO_BASEMAP, 404, { 'Cache-Control': 'no-store' });
  const maxzoom = Number(c.env.MAP_MAX_ZOOM) || info?.maxzoom || 14;
  return c.json(
    {
      tilejson: '3.0.0',
      name: 'basemap',
      tiles: [configured || TILE_PATH],
      minzoom: info?.minzoom ?? 0,
      maxzoom,
      bounds: info?.bounds ?? [2.5, 49.4, 6.5, 51.6],
      center: info?.center ?? [4.5, 50.5, 8],
      // OpenStreetMap data needs its credit wherever the map is shown.
      attribution: c.env.MAP_ATTRIBUTION?.trim() || info?.attribution || '',
      vector_layers: info?.vector_layers ?? [],
    },
    200,
    { 'Cache-Control': 'public, max-age=300' },
  );
});

mapTiles.get(
  '/tiles/:z/:x/:y{[0-9]+\\.mvt}',
  validated('param', tileParams, (c) => c.json({ error: 'bad-tile' }, 400)),
  async (c) => {
    const tile = c.req.valid('param');
    let found;
    try {
      found = await basemapArchive(c.env.FILES).getZxy(tile.z, tile.x, tile.y);
    } catch (error) {
      if (error instanceof NoBasemap) return c.json(NO_BASEMAP, 404, { 'Cache-Control': 'no-store' });
      throw error;
    }
    // Outside the archive (open sea, past its zoom): an empty answer the renderer draws as nothing.
    if (!found) return c.body(null, 204, { 'Cache-Control': TILE_CACHE });
    return c.body(found.data, 200, { 'Content-Type': 'application/vnd.mapbox-vector-tile', 'Cache-Control': TILE_CACHE });
  },
);

/** The archive itself, by ranges (HTTP 206), for a PMTiles reader in the browser or elsewhere. */
mapTiles.get('/tiles/basemap.pmtiles', async (c) => {
  // Size and bytes are read by one ETag: an archive replaced between the two reads is read again, never mixed.
  for (let attempt = 0; attempt < 3; attempt++) {
    const head = await c.env.FILES.head(BASEMAP_KEY);
    if (!head) break;
    const headers: Record<string, string> = { 'Accept-Ranges': 'bytes', 'Content-Type': 'application/vnd.pmtiles', ETag: head.httpEtag, 'Cache-Control': TILE_CACHE };
    const asked = byteRange(c.req.header('Range'), head.size);
    if (asked.kind === 'unsatisfiable') return c.body(null, 416, { 'Content-Range': `bytes */${head.size}`, 'Cache-Control': 'no-store' });
    const object = await c.env.FILES.get(BASEMAP_KEY, { ...(asked.kind === 'part' ? { range: { offset: asked.offset, length: asked.length } } : {}), onlyIf: { etagMatches: head.etag } });
    if (!object || !('body' in object)) continue;
    if (asked.kind === 'whole') return c.body(object.body, 200, headers);
    return c.body(object.body, 206, { ...headers, 'Content-Range': `bytes ${asked.offset}-${asked.offset + asked.length - 1}/${head.size}` });
  }
  return c.json(NO_BASEMAP, 404, { 'Cache-Control': 'no-store' });
});
