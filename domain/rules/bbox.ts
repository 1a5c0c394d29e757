/**
 * The map's "search this area": a bounding box written in the list's address
 * (`?bbox=west,south,east,north`, degrees, 4 decimals ≈ 10 m), so a view of the map is a
 * link, and the same filter narrows the list view. Anything else is no filter.
 */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const NUMBER = /^-?\d{1,3}(?:\.\d{1,17})?$/;

/** The box a `bbox` query value names, or undefined for anything that is not one. */
export function parseBbox(value: unknown): Bbox | undefined {
  // Each part is at most 22 characters (NUMBER): no length check needed.
  if (typeof value !== 'string') return undefined;
  const parts = value.split(',');
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part))) return undefined;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (west < -180 || east > 180 || south < -85 || north > 85 || !(west < east) || !(south < north)) return undefined;
  return { west, south, east, north };
}

/** The query value of a box, rounded so that a small pan does not make a new address per pixel. */
export function writeBbox(box: Bbox): string {
  return [box.west, box.south, box.east, box.north].map((n) => +n.toFixed(4)).join(',');
}

/** True when a position lies in the box (edges included). */
export function inBbox(box: Bbox, lat: number, lng: number): boolean {
  return lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;
}
