/**
 * Walking, as a timetable build and a listing's page count it: the straight line times a
 * detour factor (streets are not straight), at a steady pace, up to a distance beyond which
 * nobody is told to walk.
 */
export interface WalkRule {
  maxMeters: number;
  detourFactor: number;
  metersPerMinute: number;
}

/** Metres between two points on the Earth (haversine). */
export function metersBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 12_742_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The walk between two points: metres along the streets and seconds, or null beyond the rule's distance. */
export function walkBetween(rule: WalkRule, lat1: number, lng1: number, lat2: number, lng2: number): { meters: number; seconds: number } | null {
  const meters = metersBetween(lat1, lng1, lat2, lng2) * rule.detourFactor;
  if (meters > rule.maxMeters) return null;
  return { meters, seconds: Math.round((meters / rule.metersPerMinute) * 60) };
}

/**
 * Points found by position within a walk: a grid of cells at least the walk's straight-line
 * reach wide (one width for every cell, that of the point nearest a pole), so a lookup reads
 * nine cells. 60,000 stops against 10,000 listings is a scan of a few stops each.
 */
export class WalkGrid {
  private readonly cells = new Map<string, number[]>();
  private readonly cellDeg: number;
  private readonly lngDeg: number;
  private readonly points: readonly { lat: number; lng: number }[];
  private readonly rule: WalkRule;

  constructor(points: readonly { lat: number; lng: number }[], rule: WalkRule) {
    this.points = points;
    this.rule = rule;
    this.cellDeg = Math.max(1e-4, rule.maxMeters / rule.detourFactor / 111_000);
    const narrowest = points.reduce((least, p) => Math.min(least, Math.cos((p.lat * Math.PI) / 180)), 1);
    this.lngDeg = this.cellDeg / Math.max(0.05, narrowest);
    points.forEach((p, i) => {
      const key = this.key(Math.floor(p.lat / this.cellDeg), Math.floor(p.lng / this.lngDeg));
      const list = this.cells.get(key) ?? [];
      list.push(i);
      this.cells.set(key, list);
    });
  }

  private key(y: number, x: number): string {
    return `${y}:${x}`;
  }

  /** The points within a walk of (lat, lng), with the walk to each. */
  near(lat: number, lng: number): { index: number; meters: number; seconds: number }[] {
    const y = Math.floor(lat / this.cellDeg);
    const x = Math.floor(lng / this.lngDeg);
    const found: { index: number; meters: number; seconds: number }[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        for (const index of this.cells.get(this.key(y + dy, x + dx)) ?? []) {
          const p = this.points[index] as { lat: number; lng: number };
          const walk = walkBetween(this.rule, lat, lng, p.lat, p.lng);
          if (walk) found.push({ index, ...walk });
        }
    return found;
  }
}
