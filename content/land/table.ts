/**
 * The facts table: what `npm run facts:build` leaves for the publish. Each official layer's
 * shapes within the agency's area, as classes and compact rings, with the layer's publisher,
 * date, validity and licence; and the tables joined through the communes (radon, deed prices).
 * Coordinates are integers of 1e-5 degree (about a metre), each ring's points after the first
 * as differences: a national flood layer cut to one agency's area stays a few megabytes.
 */
import * as z from 'zod';
import { LAYER_NAMES, TABLE_NAMES } from './layers.ts';

/** Degrees to the table's integers. */
export const SCALE = 1e5;

export const LandSource = z.strictObject({
  publisher: z.string().min(1).max(200),
  title: z.string().min(1).max(300),
  date: z.iso.date(),
  validTo: z.iso.date(),
  licence: z.string().min(1).max(200),
  attribution: z.string().max(300),
  viewer: z.url({ protocol: /^https$/ }).nullable(),
});
export type LandSource = z.infer<typeof LandSource>;

/** West, south, east, north in degrees. */
const Extent = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export type Extent = z.infer<typeof Extent>;

/**
 * One shape: [class index, name index (-1: none), minX, minY, maxX, maxY, ring, ring …], each
 * ring [x0, y0, dx1, dy1, …]; a polygon's first ring is its outline, the others its holes; a
 * line has one ring. Checked in one pass (a national layer has hundreds of thousands).
 */
export type EncodedShape = (number | number[])[];

function isShapeList(value: unknown): value is EncodedShape[] {
  if (!Array.isArray(value)) return false;
  for (const shape of value as unknown[]) {
    if (!Array.isArray(shape) || shape.length < 7) return false;
    for (let i = 0; i < 6; i++) if (!Number.isInteger(shape[i])) return false;
    for (let i = 6; i < shape.length; i++) {
      const ring: unknown = shape[i];
      if (!Array.isArray(ring) || ring.length < 4 || ring.length % 2 !== 0) return false;
      for (const n of ring as unknown[]) if (!Number.isInteger(n)) return false;
    }
  }
  return true;
}

export const LandLayer = z.strictObject({
  name: z.enum(LAYER_NAMES),
  source: LandSource,
  /** Where the layer speaks: its own extent within the agency's area. Outside it, the layer says nothing. */
  extent: Extent,
  classes: z.array(z.string().min(1).max(120)),
  names: z.array(z.string().max(200)),
  shapes: z.custom<EncodedShape[]>(isShapeList, 'expected the encoded shapes of a facts build'),
});
export type LandLayer = z.infer<typeof LandLayer>;

const Kind = z.enum(['house', 'apartment', 'villa', 'land']);

export const LandTables = z.strictObject({
  /** [commune NIS code, FANC class]. */
  radon: z.strictObject({ source: LandSource, rows: z.array(z.tuple([z.string(), z.string()])) }).optional(),
  /** [commune NIS code or statistical sector, kind, year, median price, deeds]. */
  statbel: z.strictObject({ source: LandSource, rows: z.array(z.tuple([z.string(), Kind, z.number().int(), z.number().positive(), z.number().int().nonnegative().nullable()])) }).optional(),
  /** [Luxembourg commune, kind, year, average price per m²]. */
  observatoire: z.strictObject({ source: LandSource, rows: z.array(z.tuple([z.string(), Kind, z.number().int(), z.number().positive()])) }).optional(),
});
export type LandTables = z.infer<typeof LandTables>;

export const LandTable = z.strictObject({
  format: z.literal(1),
  builtAt: z.string(),
  /** The agency's area the layers were cut to; null: not cut. */
  area: Extent.nullable(),
  layers: z.array(LandLayer),
  tables: LandTables,
});
export type LandTable = z.infer<typeof LandTable>;

export const LAND_TABLE_NAMES = TABLE_NAMES;

/** A ring of [lng, lat] points as the table writes it. */
export function encodeRing(points: readonly (readonly number[])[]): number[] {
  const out: number[] = [];
  let px = 0;
  let py = 0;
  for (const [lng = 0, lat = 0] of points) {
    const x = Math.round(lng * SCALE);
    const y = Math.round(lat * SCALE);
    // Two points on one integer are one point: the ring stays as short as the scale allows.
    if (out.length > 0 && x === px && y === py) continue;
    out.push(out.length === 0 ? x : x - px, out.length === 0 ? y : y - py);
    px = x;
    py = y;
  }
  return out;
}

/** A ring back as [x, y] integers. */
export function decodeRing(ring: readonly number[]): number[][] {
  const points: number[][] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < ring.length; i += 2) {
    x += ring[i] ?? 0;
    y += ring[i + 1] ?? 0;
    points.push([x, y]);
  }
  return points;
}
