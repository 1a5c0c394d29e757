/**
 * Similar listings are the nearest ones: as the crow flies, on the Earth's mean radius. The
 * compile step picks each property's similar ones; a withdrawn listing's page picks them at
 * run time from the same rule.
 */
import type { CardView } from '../bundles.ts';

/** How many similar listings a page shows. */
export const SIMILAR_COUNT = 4;

/** The distance between two listings in km; infinite when either has no place. */
export function distanceKm(a: CardView, b: CardView): number {
  if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) return Number.POSITIVE_INFINITY;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}
