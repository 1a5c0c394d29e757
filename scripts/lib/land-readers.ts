/**
 * Reading an official layer as its publisher ships it, one feature at a time so a national
 * file never has to fit in memory: GeoJSON through stream-json, Shapefile through shapefile
 * (the .shp and its .dbf read side by side), GeoPackage through Node's own SQLite and wkx for
 * its geometries. Lambert 72, Lambert 2008 and LUREF coordinates are turned into WGS 84 by
 * proj4; the layer's own extent is read from its header where the format has one.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import * as shapefile from 'shapefile';
import wkx from 'wkx';
import proj4 from 'proj4';
import { parse as parseCsv } from 'csv-parse/sync';

export type Position = number[];
export type Geometry =
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: string; coordinates?: unknown };

export interface LayerFeature {
  properties: Record<string, unknown>;
  geometry: Geometry | null;
}

export interface OpenedLayer {
  /** West, south, east, north in WGS 84, as the file declares it; null when it declares none. */
  extent: [number, number, number, number] | null;
  crs: string;
  features: AsyncIterable<LayerFeature>;
}

export class LayerReadError extends Error {}

// The projections Belgian and Luxembourg publishers use, as EPSG defines them.
proj4.defs(
  'EPSG:31370',
  '+proj=lcc +lat_0=90 +lon_0=4.36748666666667 +lat_1=51.1666672333333 +lat_2=49.8333339 +x_0=150000.013 +y_0=5400088.438 +ellps=intl +towgs84=-106.8686,52.2978,-103.7239,0.3366,-0.457,1.8422,-1.2747 +units=m +no_defs +type=crs',
);
proj4.defs(
  'EPSG:3812',
  '+proj=lcc +lat_0=50.797815 +lon_0=4.35921583333333 +lat_1=49.8333333333333 +lat_2=51.1666666666667 +x_0=649328 +y_0=665262 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs',
);
proj4.defs(
  'EPSG:2169',
  '+proj=tmerc +lat_0=49.8333333333333 +lon_0=6.16666666666667 +k=1 +x_0=80000 +y_0=100000 +ellps=intl +towgs84=-189.6806,18.3463,-42.7695,0.33746,3.09264,-2.53861,0.4598 +units=m +no_defs +type=crs',
);

const WGS84 = 'EPSG:4326';
const KNOWN = new Set([WGS84, 'EPSG:31370', 'EPSG:3812', 'EPSG:2169']);

/** The projection a file names, refused when it names one this build does not know: guessing would put every shape elsewhere. */
function namedCrs(named: string | null, where: string): string | null {
  if (named === null || named.trim() === '') return null;
  const crs = crsOf(named);
  if (!crs) throw new LayerReadError(`${where} names a projection this build does not know (${named.slice(0, 80)}); give --crs NAME=EPSG:…`);
  return crs;
}

/** A CRS as a file names it ("urn:ogc:def:crs:EPSG::31370", "EPSG:3812", a .prj's WKT) as one of the codes proj4 was given. */
export function crsOf(named: string | null | undefined): string | null {
  if (!named) return null;
  const code = /EPSG(?::|::|\/|")(\d{4,5})/i.exec(named)?.[1] ?? /^\d{4,5}$/.exec(named.trim())?.[0];
  if (code) return code === '4326' || code === '4258' ? WGS84 : `EPSG:${code}`;
  if (/CRS84|WGS.?84|GCS_WGS_1984/i.test(named)) return WGS84;
  if (/Lambert.?2008|ETRS89.?Belgian/i.test(named)) return 'EPSG:3812';
  if (/Belge.?1972|BD72|Lambert.?72/i.test(named)) return 'EPSG:31370';
  if (/LUREF|Luxembourg.?1930/i.test(named)) return 'EPSG:2169';
  return null;
}

function projector(crs: string): (p: Position) => Position {
  if (crs === WGS84) return (p) => p;
  if (!KNOWN.has(crs)) throw new LayerReadError(`coordinates in ${crs}, which this build does not know (WGS 84, Lambert 72 EPSG:31370, Lambert 2008 EPSG:3812, LUREF EPSG:2169)`);
  const convert = proj4(crs, WGS84);
  return (p) => convert.forward([p[0] ?? 0, p[1] ?? 0]);
}

/** A geometry with every position through `to`. */
export function reproject(geometry: Geometry | null, to: (p: Position) => Position): Geometry | null {
  if (!geometry || !('coordinates' in geometry) || geometry.coordinates === undefined) return geometry;
  const walk = (value: unknown): unknown => (Array.isArray(value) && typeof value[0] === 'number' ? to(value as Position) : Array.isArray(value) ? value.map(walk) : value);
  return { type: geometry.type, coordinates: walk(geometry.coordinates) } as Geometry;
}

function extentOf(box: readonly number[] | null | undefined, to: (p: Position) => Position): OpenedLayer['extent'] {
  if (!box || box.length < 4 || box.some((n) => typeof n !== 'number' || !Number.isFinite(n))) return null;
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = box.length >= 6 ? [box[0], box[1], box[3], box[4]] : box;
  const corners = [to([x0, y0]), to([x1, y0]), to([x0, y1]), to([x1, y1])];
  const xs = corners.map((c) => c[0] ?? 0);
  const ys = corners.map((c) => c[1] ?? 0);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** GeoJSON: the features streamed one by one; the top-level `bbox` and `crs` (GeoJSON 2008, as Belgian portals still write it) read on the way. */
async function openGeoJson(file: string, crsOverride: string | null): Promise<OpenedLayer> {
  // The crs and bbox members of the collection: what comes before its features (a bbox written after them is not read; the build then takes the features' own).
  const head = await readHead(file, 64 * 1024);
  const start = head.indexOf('"features"');
  const top = start >= 0 ? head.slice(0, start) : head;
  const named = /"crs"\s*:\s*\{[^}]*"name"\s*:\s*"([^"]+)"/.exec(top)?.[1] ?? null;
  const crs = crsOverride ?? namedCrs(named, file) ?? WGS84;
  const to = projector(crs);
  const bbox = /"bbox"\s*:\s*\[([^\]]+)\]/.exec(top)?.[1];
  const extent = bbox ? extentOf(bbox.split(',').map(Number), to) : null;
  async function* features(): AsyncIterable<LayerFeature> {
    const pipeline = chain([createReadStream(file), parser(), pick({ filter: /^features\.\d+$/ }), streamValues()]);
    for await (const item of pipeline as AsyncIterable<{ value: unknown }>) {
      const value = item.value as { properties?: unknown; geometry?: unknown } | null;
      if (!value || typeof value !== 'object') continue;
      yield {
        properties: (value.properties && typeof value.properties === 'object' ? value.properties : {}) as Record<string, unknown>,
        geometry: reproject((value.geometry ?? null) as Geometry | null, to),
      };
    }
  }
  return { extent, crs, features: features() };
}

async function readHead(file: string, bytes: number): Promise<string> {
  const stream = createReadStream(file, { start: 0, end: bytes - 1, encoding: 'utf8' });
  let text = '';
  for await (const chunk of stream) text += chunk as string;
  return text;
}

/** Shapefile: the .shp with its .dbf (attributes) and .prj (projection) beside it. */
async function openShapefile(file: string, crsOverride: string | null): Promise<OpenedLayer> {
  const base = file.replace(/\.shp$/i, '');
  const prj = await readFile(`${base}.prj`, 'utf8').catch(() => null);
  const crs = crsOverride ?? namedCrs(prj, `${base}.prj`) ?? WGS84;
  const to = projector(crs);
  const dbf = await stat(`${base}.dbf`).then(
    () => `${base}.dbf`,
    () => undefined,
  );
  const source = await shapefile.open(file, dbf, { encoding: 'utf-8' });
  const extent = extentOf(source.bbox, to);
  async function* features(): AsyncIterable<LayerFeature> {
    for (;;) {
      const next = await source.read();
      if (next.done) return;
      yield { properties: (next.value.properties ?? {}) as Record<string, unknown>, geometry: reproject(next.value.geometry as Geometry | null, to) };
    }
  }
  return { extent, crs, features: features() };
}

/** The WKB inside a GeoPackage geometry blob: after its 8-byte header and the envelope the flags announce. */
export function gpkgWkb(blob: Uint8Array): Buffer | null {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) return null;
  const flags = blob[3] ?? 0;
  if (flags & 0x10) return null;
  const envelope = [0, 32, 48, 48, 64][(flags >> 1) & 0x07];
  if (envelope === undefined) return null;
  return Buffer.from(blob.buffer, blob.byteOffset + 8 + envelope, blob.length - 8 - envelope);
}

/** GeoPackage: its first feature table (or `table`), row by row from SQLite; the extent and projection from its own registry. */
async function openGeoPackage(file: string, crsOverride: string | null, table: string | null): Promise<OpenedLayer> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const contents = db
      .prepare(
        "SELECT c.table_name AS name, c.min_x, c.min_y, c.max_x, c.max_y, s.organization AS org, s.organization_coordsys_id AS code, g.column_name AS geom FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = c.srs_id WHERE c.data_type = 'features' ORDER BY c.table_name",
      )
      .all() as { name: string; min_x: number | null; min_y: number | null; max_x: number | null; max_y: number | null; org: string | null; code: number | null; geom: string }[];
    const chosen = table ? contents.find((c) => c.name === table) : contents[0];
    if (!chosen) throw new LayerReadError(table ? `no feature table ${table} in the GeoPackage (it has ${contents.map((c) => c.name).join(', ') || 'none'})` : 'the GeoPackage has no feature table');
    const crs = crsOverride ?? (chosen.org && chosen.code !== null && chosen.code > 0 ? namedCrs(`${chosen.org.toUpperCase()}:${chosen.code}`, file) : null) ?? WGS84;
    const to = projector(crs);
    const extent = chosen.min_x !== null && chosen.min_y !== null && chosen.max_x !== null && chosen.max_y !== null ? extentOf([chosen.min_x, chosen.min_y, chosen.max_x, chosen.max_y], to) : null;
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const geometryColumn = chosen.geom;
    async function* features(): AsyncIterable<LayerFeature> {
      const reader = new DatabaseSync(file, { readOnly: true });
      try {
        for (const row of reader.prepare(`SELECT * FROM ${quote(chosen?.name ?? '')}`).iterate() as Iterable<Record<string, unknown>>) {
          const blob = row[geometryColumn];
          const properties = Object.fromEntries(Object.entries(row).filter(([key]) => key !== geometryColumn));
          const wkb = blob instanceof Uint8Array ? gpkgWkb(blob) : null;
          const geometry = wkb ? (wkx.Geometry.parse(wkb).toGeoJSON() as Geometry) : null;
          yield { properties, geometry: reproject(geometry, to) };
        }
      } finally {
        reader.close();
      }
    }
    return { extent, crs, features: features() };
  } finally {
    db.close();
  }
}

/** A layer file by its extension. */
export async function openLayer(file: string, options: { crs?: string | undefined; table?: string | undefined } = {}): Promise<OpenedLayer> {
  const crs = options.crs ? crsOf(options.crs) : null;
  if (options.crs && !crs) throw new LayerReadError(`--crs ${options.crs} is not a projection this build knows`);
  if (/\.(geo)?json$/i.test(file)) return openGeoJson(file, crs);
  if (/\.shp$/i.test(file)) return openShapefile(file, crs);
  if (/\.gpkg$/i.test(file)) return openGeoPackage(file, crs, options.table ?? null);
  throw new LayerReadError(`${file}: expected a .geojson, .json, .shp or .gpkg file`);
}

/** A statistics table (CSV as Statbel, the FANC and the observatory publish them: `|`, `;`, `,` or tab between columns), as rows by header. */
export async function readTable(file: string): Promise<Record<string, string>[]> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = ['|', ';', '\t', ','].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1])[0]?.[0] ?? ',';
  return parseCsv(text, { columns: true, delimiter, skip_empty_lines: true, trim: true, relax_column_count: true }) as Record<string, string>[];
}
