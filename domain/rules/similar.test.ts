import { describe, expect, it } from 'vitest';
import { distanceKm } from './similar.ts';
import type { CardView } from '../bundles.ts';

const at = (lat: number | null, lng: number | null) => ({ lat, lng }) as CardView;

describe('distanceKm', () => {
  it.each<[string, CardView, CardView, number, number]>([
    ['Namur to Dinant', at(50.4669, 4.8675), at(50.2606, 4.9122), 22, 24],
    ['Namur to Luxembourg', at(50.4669, 4.8675), at(49.6116, 6.1319), 125, 135],
    ['a place to itself', at(50.4669, 4.8675), at(50.4669, 4.8675), 0, 0],
  ])('%s', (_what, a, b, min, max) => {
    const d = distanceKm(a, b);
    expect(d).toBeGreaterThanOrEqual(min);
    expect(d).toBeLessThanOrEqual(max);
  });

  it('is infinite without a place, so such a listing is never the nearest', () => {
    expect(distanceKm(at(null, 4.8), at(50.4, 4.8))).toBe(Number.POSITIVE_INFINITY);
  });
});
