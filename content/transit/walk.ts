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
