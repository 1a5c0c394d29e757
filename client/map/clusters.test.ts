import { describe, expect, it } from 'vitest';
import { clusterIndex, PIN_SPACING_PX } from './clusters.ts';

const ZOOM = 14;
/** A point `dx` screen pixels east of Namur at ZOOM. */
const east = (dx: number) => ({ lat: 50.4669, lng: 4.8675 + (dx / (256 * 2 ** ZOOM)) * 360 });
const drawn = (points: { lat: number; lng: number }[]) => clusterIndex(points).getClusters([-180, -85, 180, 85], ZOOM);

describe('clusterIndex', () => {
  it.each([
    ['two pins a price label apart', [0, PIN_SPACING_PX * 0.8], 1],
    ['two pins further than a price label', [0, PIN_SPACING_PX * 1.3], 2],
    ['a pin beside a cluster of two', [0, 10, PIN_SPACING_PX * 1.3 + 10], 2],
    ['a pin that would touch a cluster', [0, 10, PIN_SPACING_PX * 0.6], 1],
  ])('%s: %j px → %i markers', (_what, offsets, markers) => {
    expect(drawn(offsets.map(east))).toHaveLength(markers);
  });

  it('no two markers drawn are closer than the widest pin, wherever the listings are', () => {
    const points = Array.from({ length: 60 }, (_, i) => east((i * 37) % 700));
    const xs = drawn(points)
      .map((f) => (((f.geometry.coordinates[0] ?? 0) + 180) / 360) * 256 * 2 ** ZOOM)
      .sort((a, b) => a - b);
    for (let i = 1; i < xs.length; i++) expect((xs[i] ?? 0) - (xs[i - 1] ?? 0)).toBeGreaterThan(PIN_SPACING_PX / 2);
  });
});
