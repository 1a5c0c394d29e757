/**
 * Layers written as publishers ship them, for the readers' tests and the national-size bench:
 * a GeoJSON written as a stream, a GeoPackage through Node's SQLite (WKB by wkx), and a
 * polygon Shapefile (.shp, .shx, .dbf, .prj) byte by byte after the ESRI specification.
 */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { DatabaseSync } from 'node:sqlite';
import wkx from 'wkx';

export interface PolygonFeature {
  properties: Record<string, string | number>;
  /** Rings of [x, y] in the file's coordinates: the outline, then its holes. */
  rings: number[][][];
}

/** A GeoJSON FeatureCollection, written feature by feature (a national layer never sits in memory as one string). */
export async function writeGeoJson(file: string, features: Iterable<PolygonFeature>, options: { bbox?: number[]; crs?: string } = {}): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    `{"type":"FeatureCollection"${options.crs ? `,"crs":{"type":"name","properties":{"name":"${options.crs}"}}` : ''}${options.bbox ? `,"bbox":${JSON.stringify(options.bbox)}` : ''},"features":[\n`,
  );
  let first = true;
  for (const feature of features) {
    await write(`${first ? '' : ',\n'}${JSON.stringify({ type: 'Feature', properties: feature.properties, geometry: { type: 'Polygon', coordinates: feature.rings } })}`);
    first = false;
  }
  await write('\n]}\n');
  out.end();
  await once(out, 'finish');
}

/** A GeoPackage with one feature table `layer` (geometry column `geom`) in the EPSG projection given. */
export function writeGeoPackage(file: string, features: Iterable<PolygonFeature>, options: { epsg: number; columns: string[] }): void {
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA application_id = 1196444487; PRAGMA user_version = 10300;');
    db.exec(`CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
      CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT, description TEXT DEFAULT '', last_change DATETIME, min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER);
      CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL);`);
    db.prepare('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)').run(`EPSG:${options.epsg}`, options.epsg, 'EPSG', options.epsg, 'undefined', null);
    db.exec(`CREATE TABLE layer (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom BLOB, ${options.columns.map((c) => `"${c}" TEXT`).join(', ')})`);
    const insert = db.prepare(`INSERT INTO layer (geom, ${options.columns.map((c) => `"${c}"`).join(', ')}) VALUES (?, ${options.columns.map(() => '?').join(', ')})`);
    let box = [Infinity, Infinity, -Infinity, -Infinity];
    db.exec('BEGIN');
    for (const feature of features) {
      const polygon = new wkx.Polygon(
        (feature.rings[0] ?? []).map(([x = 0, y = 0]) => new wkx.Point(x, y)),
        feature.rings.slice(1).map((ring) => ring.map(([x = 0, y = 0]) => new wkx.Point(x, y))),
      );
      const header = Buffer.alloc(8);
      header.write('GP', 0, 'latin1');
      header[2] = 0;
      header[3] = 0x01; // little-endian, no envelope
      header.writeInt32LE(options.epsg, 4);
      insert.run(Buffer.concat([header, polygon.toWkb()]), ...options.columns.map((c) => String(feature.properties[c] ?? '')));
      for (const [x = 0, y = 0] of feature.rings[0] ?? []) box = [Math.min(box[0] ?? x, x), Math.min(box[1] ?? y, y), Math.max(box[2] ?? x, x), Math.max(box[3] ?? y, y)];
    }
    db.exec('COMMIT');
    db.prepare("INSERT INTO gpkg_contents VALUES ('layer', 'features', 'layer', '', datetime('now'), ?, ?, ?, ?, ?)").run(box[0] ?? 0, box[1] ?? 0, box[2] ?? 0, box[3] ?? 0, options.epsg);
    db.prepare("INSERT INTO gpkg_geometry_columns VALUES ('layer', 'geom', 'POLYGON', ?, 0, 0)").run(options.epsg);
  } finally {
    db.close();
  }
}

/** A polygon Shapefile: `base`.shp, .shx, .dbf (text columns) and, when given, .prj. */
export async function writeShapefile(base: string, features: readonly PolygonFeature[], options: { columns: string[]; prj?: string }): Promise<void> {
  const records: Buffer[] = [];
  let all = [Infinity, Infinity, -Infinity, -Infinity];
  for (const feature of features) {
    const points = feature.rings.flat();
    const xs = points.map((p) => p[0] ?? 0);
    const ys = points.map((p) => p[1] ?? 0);
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    all = [Math.min(all[0] ?? 0, box[0] ?? 0), Math.min(all[1] ?? 0, box[1] ?? 0), Math.max(all[2] ?? 0, box[2] ?? 0), Math.max(all[3] ?? 0, box[3] ?? 0)];
    const content = Buffer.alloc(44 + 4 * feature.rings.length + 16 * points.length);
    content.writeInt32LE(5, 0);
    box.forEach((v, i) => content.writeDoubleLE(v, 4 + 8 * i));
    content.writeInt32LE(feature.rings.length, 36);
    content.writeInt32LE(points.length, 40);
    let start = 0;
    feature.rings.forEach((ring, i) => {
      content.writeInt32LE(start, 44 + 4 * i);
      start += ring.length;
    });
    const at = 44 + 4 * feature.rings.length;
    points.forEach(([x = 0, y = 0], i) => {
      content.writeDoubleLE(x, at + 16 * i);
      content.writeDoubleLE(y, at + 16 * i + 8);
    });
    records.push(content);
  }
  const header = (lengthBytes: number) => {
    const h = Buffer.alloc(100);
    h.writeInt32BE(9994, 0);
    h.writeInt32BE(lengthBytes / 2, 24);
    h.writeInt32LE(1000, 28);
    h.writeInt32LE(5, 32);
    all.forEach((v, i) => h.writeDoubleLE(v, 36 + 8 * i));
    return h;
  };
  const shpParts: Buffer[] = [];
  const shxParts: Buffer[] = [];
  let offset = 100;
  records.forEach((content, i) => {
    const head = Buffer.alloc(8);
    head.writeInt32BE(i + 1, 0);
    head.writeInt32BE(content.length / 2, 4);
    shpParts.push(head, content);
    const index = Buffer.alloc(8);
    index.writeInt32BE(offset / 2, 0);
    index.writeInt32BE(content.length / 2, 4);
    shxParts.push(index);
    offset += 8 + content.length;
  });
  await writeFile(`${base}.shp`, Buffer.concat([header(offset), ...shpParts]));
  await writeFile(`${base}.shx`, Buffer.concat([header(100 + 8 * records.length), ...shxParts]));
  const width = 80;
  const dbfHeader = Buffer.alloc(32 + 32 * options.columns.length + 1);
  dbfHeader[0] = 0x03;
  dbfHeader[1] = 126;
  dbfHeader[2] = 11;
  dbfHeader[3] = 28;
  dbfHeader.writeUInt32LE(features.length, 4);
  dbfHeader.writeUInt16LE(dbfHeader.length, 8);
  dbfHeader.writeUInt16LE(1 + width * options.columns.length, 10);
  dbfHeader[29] = 0x00;
  options.columns.forEach((column, i) => {
    const at = 32 + 32 * i;
    dbfHeader.write(column.slice(0, 10), at, 'latin1');
    dbfHeader.write('C', at + 11, 'latin1');
    dbfHeader[at + 16] = width;
  });
  dbfHeader[dbfHeader.length - 1] = 0x0d;
  const rows = features.map((feature) => {
    const row = Buffer.alloc(1 + width * options.columns.length, 0x20);
    options.columns.forEach((column, i) => Buffer.from(String(feature.properties[column] ?? ''), 'utf8').copy(row, 1 + width * i, 0, width));
    return row;
  });
  await writeFile(`${base}.dbf`, Buffer.concat([dbfHeader, ...rows, Buffer.from([0x1a])]));
  if (options.prj) await writeFile(`${base}.prj`, options.prj);
}
