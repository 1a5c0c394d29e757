import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../scripts/lib/prng.ts';
import { WalkGrid, metersBetween, walkBetween } from './walk.ts';

const rule = { maxMeters: 1500, detourFactor: 1.3, metersPerMinute: 80 };

describe('a walk', () => {
  it.each([
    // Ciney: 970 m as the crow flies, 1,261 m walked, 946 s.
    [50.293859, 5.113257, 50.2937, 5.0996, { meters: 1261, seconds: 946 }],
    // 1,153 m as the crow flies is 1,499 m walked: within the longest walk; 1,160 m is past it.
    [50.4683, 4.8625, 50.4683 + 1153 / 111_195, 4.8625, { meters: 1499, seconds: 1124 }],
    [50.4683, 4.8625, 50.4683 + 1160 / 111_195, 4.8625, null],
  ] as const)('from (%d, %d) to (%d, %d)', (lat1, lng1, lat2, lng2, expected) => {
    const walk = walkBetween(rule, lat1, lng1, lat2, lng2);
    expect(walk === null ? null : { meters: Math.round(walk.meters), seconds: walk.seconds }).toEqual(expected);
  });

  it('finds through its grid exactly the points a scan of all of them finds, from the Ardennes to the coast', () => {
    const random = mulberry32(11);
    const points = Array.from({ length: 3000 }, () => ({ lat: 49.5 + random() * 2, lng: 2.5 + random() * 4 }));
    // Clusters, as stops are: many within a walk of each other.
    for (let i = 0; i < 2000; i++) points.push({ lat: 50.46 + random() * 0.05, lng: 4.85 + random() * 0.08 });
    const grid = new WalkGrid(points, rule);
    for (let q = 0; q < 300; q++) {
      const lat = q < 150 ? 50.46 + random() * 0.05 : 49.5 + random() * 2;
      const lng = q < 150 ? 4.85 + random() * 0.08 : 2.5 + random() * 4;
      const expected = points.flatMap((p, index) => (metersBetween(lat, lng, p.lat, p.lng) * 1.3 <= 1500 ? [index] : []));
      expect(
        grid
          .near(lat, lng)
          .map((n) => n.index)
          .sort((a, b) => a - b),
      ).toEqual(expected);
    }
  });
});
