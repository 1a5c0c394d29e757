/**
 * The facts build: each official layer read feature by feature, its class read from the
 * publisher's attribute, kept where it meets the agency's area, and written as the compact
 * table the publish joins listings to (content/land/table.ts). A layer is judged whole: when
 * most of its features have no class this layer's rule knows, the file is not that layer (or
 * the attribute is another one) and nothing is written.
 */
import { stat } from 'node:fs/promises';
import { LAYER_RULES, isLayerName, radonClass, statbelKindOf, type LayerName, type LayerRule, type TableName } from '../../content/land/layers.ts';
import { encodeRing, LandTable, SCALE, type EncodedShape, type Extent, type LandLayer, type LandSource, type LandTables } from '../../content/land/table.ts';
import { CATALOGUE, validToOf } from './land-catalogue.ts';
import { openLayer, readTable, type Geometry, type Position } from './land-readers.ts';

export class LandBuildError extends Error {}

export interface LayerInput {
  name: LayerName | TableName;
  file: string;
  /** The attribute holding the class (the rule's known names otherwise). */
  field?: string | undefined;
  /** The day the data describe; the file's own date otherwise. */
  date?: string | undefined;
  crs?: string | undefined;
  licence?: string | undefined;
}

export interface LayerReport {
  name: string;
  read: number;
  kept: number;
  classes: Record<string, number>;
  /** Values no rule knows, with how often each was seen (the first 10). */
  unknown: Record<string, number>;
  /** Features of another geometry than the layer's (a point in a polygon layer). */
  otherGeometry: number;
  seconds: number;
}

/** At most this share of a layer's features may carry a value its rule does not know. */
export const MAX_UNKNOWN_SHARE = 0.5;

async function sourceOf(input: LayerInput): Promise<LandSource> {
  const entry = CATALOGUE[input.name];
  const date = input.date ?? (await stat(input.file)).mtime.toISOString().slice(0, 10);
  return {
    publisher: entry.publisher,
    title: entry.title,
    date,
    validTo: validToOf(date, entry.validMonths),
    licence: input.licence ?? entry.licence,
    attribution: entry.attribution,
    viewer: entry.viewer,
  };
}

function polygonsOf(geometry: Geometry | null): Position[][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates as Position[][]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as Position[][][];
  return [];
}
function linesOf(geometry: Geometry | null): Position[][] {
  if (!geometry) return [];
  if (geometry.type === 'LineString') return [geometry.coordinates as Position[]];
  if (geometry.type === 'MultiLineString') return geometry.coordinates as Position[][];
  return [];
}

function boxOf(rings: readonly (readonly Position[])[]): Extent {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const ring of rings)
    for (const [x = 0, y = 0] of ring) {
      if (x < w) w = x;
      if (x > e) e = x;
      if (y < s) s = y;
      if (y > n) n = y;
    }
  return [w, s, e, n];
}

const meets = (a: Extent, b: Extent) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
const within = (a: Extent, b: Extent): Extent => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
const rounded = (box: Extent): Extent => box.map((v) => Math.round(v * SCALE) / SCALE) as Extent;

function firstField(properties: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) if (Object.hasOwn(properties, name)) return properties[name];
  const lower = new Map(Object.keys(properties).map((k) => [k.toLowerCase(), k]));
  for (const name of names) {
    const key = lower.get(name.toLowerCase());
    if (key !== undefined) return properties[key];
  }
  return undefined;
}

function nameOf(rule: LayerRule, properties: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().replaceAll('|', '/').slice(0, 99) : null);
  if (rule.bilingual) {
    const fr = text(firstField(properties, [rule.bilingual[0]]));
    const nl = text(firstField(properties, [rule.bilingual[1]]));
    if (fr && nl && fr !== nl) return `${fr}|${nl}`;
  }
  return rule.nameFields ? text(firstField(properties, rule.nameFields)) : null;
}

/** One layer: read, classed, cut to the area, encoded. */
export async function buildLayer(input: LayerInput & { name: LayerName }, area: Extent | null): Promise<{ layer: LandLayer; report: LayerReport }> {
  const started = performance.now();
  const rule = LAYER_RULES[input.name];
  const opened = await openLayer(input.file, { crs: input.crs });
  const fields = input.field ? [input.field] : rule.fields;
  const classes: string[] = [];
  const classIndex = new Map<string, number>();
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  const shapes: EncodedShape[] = [];
  const report: LayerReport = { name: input.name, read: 0, kept: 0, classes: {}, unknown: {}, otherGeometry: 0, seconds: 0 };
  let unknownCount = 0;
  let featuresBox: Extent | null = null;
  const indexOf = (map: Map<string, number>, list: string[], value: string) => {
    let i = map.get(value);
    if (i === undefined) {
      i = list.length;
      list.push(value);
      map.set(value, i);
    }
    return i;
  };
  for await (const feature of opened.features) {
    report.read++;
    const raw = firstField(feature.properties, fields);
    const cls = rule.classOf(raw);
    if (cls === null) {
      unknownCount++;
      const key = String(raw).slice(0, 60);
      if (key in report.unknown || Object.keys(report.unknown).length < 10) report.unknown[key] = (report.unknown[key] ?? 0) + 1;
      continue;
    }
    const parts = rule.geometry === 'line' ? linesOf(feature.geometry).map((line) => [line]) : polygonsOf(feature.geometry);
    if (parts.length === 0) {
      report.otherGeometry++;
      continue;
    }
    const name = nameOf(rule, feature.properties);
    let kept = false;
    for (const rings of parts) {
      const box = boxOf(rings);
      if (!Number.isFinite(box[0])) continue;
      featuresBox = featuresBox ? [Math.min(featuresBox[0], box[0]), Math.min(featuresBox[1], box[1]), Math.max(featuresBox[2], box[2]), Math.max(featuresBox[3], box[3])] : box;
      if (area && !meets(box, area)) continue;
      const encoded = rings.map((ring) => encodeRing(ring)).filter((ring) => ring.length >= (rule.geometry === 'line' ? 4 : 6));
      if (encoded.length === 0 || (rule.geometry === 'polygon' && (encoded[0]?.length ?? 0) < 6)) continue;
      const ints = box.map((v) => Math.round(v * SCALE)) as [number, number, number, number];
      shapes.push([indexOf(classIndex, classes, cls), name ? indexOf(nameIndex, names, name) : -1, ...ints, ...encoded]);
      kept = true;
    }
    if (kept) {
      report.kept++;
      report.classes[cls] = (report.classes[cls] ?? 0) + 1;
    }
  }
  if (report.read === 0) throw new LandBuildError(`${input.name}: ${input.file} holds no feature`);
  if (unknownCount / report.read > MAX_UNKNOWN_SHARE) {
    const seen = Object.entries(report.unknown)
      .map(([value, count]) => `"${value}" ×${count}`)
      .join(', ');
    throw new LandBuildError(
      `${input.name}: ${unknownCount} of ${report.read} features have no class this layer knows in ${input.field ? `the attribute ${input.field}` : `any of ${fields.join(', ')}`} (seen: ${seen}); is it the right file, or does --field ${input.name}=ATTRIBUTE name its class?`,
    );
  }
  // Metres read as degrees (a Lambert file without its projection): every shape would land off the map.
  const degrees = (box: Extent | null) => !box || (box[0] >= -180 && box[2] <= 180 && box[1] >= -90 && box[3] <= 90);
  if (!degrees(featuresBox) || !degrees(opened.extent))
    throw new LandBuildError(
      `${input.name}: ${input.file} has coordinates that are not degrees (read as ${opened.crs}); name its projection with --crs ${input.name}=EPSG:31370 (Lambert 72), EPSG:3812 or EPSG:2169`,
    );
  const declared = opened.extent ?? featuresBox ?? area;
  if (!declared) throw new LandBuildError(`${input.name}: ${input.file} declares no extent and has no shape`);
  const extent = rounded(area ? within(declared, area) : declared);
  report.seconds = (performance.now() - started) / 1000;
  return { layer: { name: input.name, source: await sourceOf(input), extent, classes, names, shapes }, report };
}

function columnOf(rows: readonly Record<string, string>[], patterns: readonly RegExp[]): string | null {
  const headers = Object.keys(rows[0] ?? {});
  for (const pattern of patterns) {
    const found = headers.find((h) => pattern.test(h));
    if (found) return found;
  }
  return null;
}

/** "250 000", "250000,5", "1.234.567" (thousands) as numbers. */
function numberOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const compact = text.replace(/[\s\u00a0€]/g, '');
  if (compact === '') return null;
  const normal = /^\d{1,3}(\.\d{3})+$/.test(compact) ? compact.replaceAll('.', '') : compact.replace(',', '.');
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

/** One table: its rows read by their publisher's headers; a table none of whose rows can be read is refused. */
export async function buildTable(input: LayerInput & { name: TableName }): Promise<{ tables: LandTables; rows: number; skipped: number }> {
  const rows = await readTable(input.file);
  const source = await sourceOf(input);
  const need = (column: string | null, what: string): string => {
    if (column) return column;
    throw new LandBuildError(`${input.name}: ${input.file} has no ${what} column (headers: ${Object.keys(rows[0] ?? {}).join(', ') || 'none'})`);
  };
  const year = /^(CD_YEAR|year|annee|année|jaar|jahr)$/i;
  let skipped = 0;
  const refuseEmpty = (count: number) => {
    if (count === 0) throw new LandBuildError(`${input.name}: none of the ${rows.length} rows of ${input.file} could be read`);
  };
  if (input.name === 'radon') {
    const code = need(columnOf(rows, [/^(CD_REFNIS|CD_MUNTY_REFNIS|NIS|NISCODE|REFNIS|code)$/i]), 'NIS code');
    const cls = need(columnOf(rows, [/^(class|classe|klasse|categorie|category)$/i, /class|klasse/i]), 'class');
    const out: [string, string][] = [];
    for (const row of rows) {
      const c = radonClass(row[cls]);
      if (!row[code] || !c) skipped++;
      else out.push([String(row[code]).trim(), c]);
    }
    refuseEmpty(out.length);
    return { tables: { radon: { source, rows: out } }, rows: out.length, skipped };
  }
  if (input.name === 'statbel') {
    const code = need(columnOf(rows, [/^(CD_SECTOR|CD_REFNIS|CD_MUNTY_REFNIS|NIS|REFNIS|code)$/i]), 'NIS code or sector');
    const kind = need(columnOf(rows, [/^(CD_TYPE_FR|CD_TYPE_NL|CD_TYPE|type|kind)$/i]), 'type of property');
    const y = need(columnOf(rows, [year]), 'year');
    const median = need(columnOf(rows, [/^(MS_P_?50.*|MS_MEDIAN.*|median|mediane|mediaan)$/i]), 'median price');
    const deeds = columnOf(rows, [/^(MS_TRANSACTIONS|transactions|deeds|actes|aktes)$/i]);
    const period = columnOf(rows, [/^CD_PERIOD$/i]);
    const out: [string, 'house' | 'apartment' | 'villa' | 'land', number, number, number | null][] = [];
    for (const row of rows) {
      // Quarters and half-years are left for the year's own row.
      if (period && row[period] && !/^(y|year|annee|jaar|\d{4})$/i.test(row[period] ?? '')) continue;
      const k = statbelKindOf(row[kind]);
      const yr = numberOf(row[y]);
      const price = numberOf(row[median]);
      const n = deeds ? numberOf(row[deeds]) : null;
      if (!row[code] || !k || yr === null || !Number.isInteger(yr) || price === null || price <= 0) skipped++;
      else out.push([String(row[code]).trim(), k, yr, Math.round(price), n === null ? null : Math.round(n)]);
    }
    refuseEmpty(out.length);
    return { tables: { statbel: { source, rows: out } }, rows: out.length, skipped };
  }
  const commune = need(columnOf(rows, [/^(commune|gemeinde|municipality|gemeente)$/i]), 'commune');
  const kind = need(columnOf(rows, [/^(type|kind|type de bien)$/i]), 'type of property');
  const y = need(columnOf(rows, [year]), 'year');
  const price = need(columnOf(rows, [/m2|m²/i, /^(prix|price)$/i]), 'price per m²');
  const out: [string, 'house' | 'apartment' | 'villa' | 'land', number, number][] = [];
  for (const row of rows) {
    const k = statbelKindOf(row[kind]);
    const yr = numberOf(row[y]);
    const p = numberOf(row[price]);
    if (!row[commune] || !k || yr === null || p === null || p <= 0) skipped++;
    else out.push([String(row[commune]).trim(), k, yr, Math.round(p)]);
  }
  refuseEmpty(out.length);
  return { tables: { observatoire: { source, rows: out } }, rows: out.length, skipped };
}

/** The whole table from every layer and table named; each layer name once. */
export async function buildLand(
  inputs: readonly LayerInput[],
  options: { area: Extent | null; builtAt: string },
): Promise<{ table: LandTable; layers: LayerReport[]; tables: { name: string; rows: number; skipped: number }[] }> {
  const seen = new Set<string>();
  for (const input of inputs) {
    if (seen.has(input.name)) throw new LandBuildError(`${input.name} is named twice; give each layer one file`);
    seen.add(input.name);
  }
  const layers: LandLayer[] = [];
  const layerReports: LayerReport[] = [];
  const tableReports: { name: string; rows: number; skipped: number }[] = [];
  let tables: LandTables = {};
  for (const input of inputs) {
    if (isLayerName(input.name)) {
      const built = await buildLayer({ ...input, name: input.name }, options.area);
      layers.push(built.layer);
      layerReports.push(built.report);
    } else {
      const built = await buildTable({ ...input, name: input.name });
      tables = { ...tables, ...built.tables };
      tableReports.push({ name: input.name, rows: built.rows, skipped: built.skipped });
    }
  }
  layers.sort((a, b) => a.name.localeCompare(b.name));
  const table = LandTable.parse({ format: 1, builtAt: options.builtAt, area: options.area ? rounded(options.area) : null, layers, tables });
  return { table, layers: layerReports, tables: tableReports };
}

/** The area around an agency's listings: their box, `marginKm` wider on every side. */
export function areaAround(points: readonly { lat: number; lng: number }[], marginKm = 10): Extent | null {
  const valid = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));
  if (valid.length === 0) return null;
  const lat = valid.map((p) => p.lat);
  const lng = valid.map((p) => p.lng);
  const dLat = marginKm / 111.32;
  const mid = (Math.min(...lat) + Math.max(...lat)) / 2;
  const dLng = marginKm / (111.32 * Math.cos((mid * Math.PI) / 180));
  return rounded([Math.min(...lng) - dLng, Math.min(...lat) - dLat, Math.max(...lng) + dLng, Math.max(...lat) + dLat]);
}
