import { describe, expect, it } from 'vitest';
import { LandLookup } from './lookup.ts';
import { decodeRing, encodeRing, SCALE, type LandLayer } from './table.ts';
import type { LayerName } from './layers.ts';

const SOURCE = { publisher: 'SPW', title: 'Test', date: '2025-01-01', validTo: '2030-12-31', licence: 'CC BY 4.0', attribution: '', viewer: null };

/** A box as [lng, lat] ring points, closed. */
const box = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

function layer(name: LayerName, shapes: { cls: string; rings: number[][][]; name?: string }[], extent: [number, number, number, number] = [4, 50, 6, 51]): LandLayer {
  const classes = [...new Set(shapes.map((s) => s.cls))];
  const names = [...new Set(shapes.flatMap((s) => (s.name ? [s.name] : [])))];
  return {
    name,
    source: SOURCE,
    extent,
    classes,
    names,
    shapes: shapes.map((s) => {
      const xs = s.rings.flat().map((p) => Math.round((p[0] ?? 0) * SCALE));
      const ys = s.rings.flat().map((p) => Math.round((p[1] ?? 0) * SCALE));
      return [classes.indexOf(s.cls), s.name ? names.indexOf(s.name) : -1, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), ...s.rings.map((r) => encodeRing(r))];
    }),
  };
}

describe('the facts table’s rings', () => {
  it('round-trips a ring at a metre, dropping points that fall on one', () => {
    const ring = [
      [4.123456, 50.654321],
      [4.123457, 50.654322],
      [4.2, 50.7],
      [4.123456, 50.654321],
    ];
    const encoded = encodeRing(ring);
    expect(encoded.slice(0, 2)).toEqual([412346, 5065432]);
    expect(decodeRing(encoded)).toEqual([
      [412346, 5065432],
      [420000, 5070000],
      [412346, 5065432],
    ]);
  });
});

describe('what a layer says of a point', () => {
  const flood = layer('flood-wallonia', [
    // A medium zone with a hole (an island) in it, and a high zone drawn over part of it.
    { cls: 'medium', rings: [box(4.5, 50.5, 4.6, 50.6), box(4.54, 50.54, 4.56, 50.56)] },
    { cls: 'high', rings: [box(4.58, 50.58, 4.6, 50.6)] },
  ]);
  const parcels = layer('flood-flanders-parcel', [{ cls: 'C', rings: [box(4.7, 50.87, 4.71, 50.88)] }], [4.6, 50.8, 4.8, 50.9]);
  const runoff = layer('runoff-wallonia', [
    {
      cls: 'runoff',
      rings: [
        [
          [5.0, 50.3],
          [5.01, 50.3],
        ],
      ],
    },
  ]);
  const communes = layer('communes', [{ cls: '92094', rings: [box(4.5, 50.4, 5.0, 50.6)], name: 'Namur|Namen' }]);
  const lookup = new LandLookup({ layers: [flood, parcels, runoff, communes] });
  const answer = (lat: number, lng: number, approximate = false) => Object.fromEntries(lookup.at(lat, lng, approximate).map((a) => [a.layer, a.name ? `${a.cls} ${a.name}` : a.cls]));

  it.each([
    ['inside the medium zone', 50.52, 4.52, { 'flood-wallonia': 'medium', 'runoff-wallonia': 'none', communes: '92094 Namur|Namen' }],
    ['in its hole: outside every zone', 50.55, 4.55, { 'flood-wallonia': 'none', 'runoff-wallonia': 'none', communes: '92094 Namur|Namen' }],
    ['where high is drawn over medium: the graver', 50.59, 4.59, { 'flood-wallonia': 'high', 'runoff-wallonia': 'none', communes: '92094 Namur|Namen' }],
    ['within 20 m of a runoff axis', 50.30015, 5.005, { 'flood-wallonia': 'none', 'runoff-wallonia': 'runoff' }],
    ['35 m from it', 50.3003, 5.005, { 'flood-wallonia': 'none', 'runoff-wallonia': 'none' }],
    ['on a Flemish parcel (the Walloon layers’ extent covers it too: outside their zones)', 50.875, 4.705, { 'flood-wallonia': 'none', 'runoff-wallonia': 'none', 'flood-flanders-parcel': 'C' }],
    ['beside it, in the layer’s extent: a parcel layer says nothing there', 50.85, 4.65, { 'flood-wallonia': 'none', 'runoff-wallonia': 'none' }],
    ['outside every extent', 49.0, 3.0, {}],
  ] as const)('%s', (_name, lat, lng, expected) => {
    expect(answer(lat, lng)).toEqual(expected);
  });

  it('a rounded position is never read on a layer drawn per parcel', () => {
    expect(answer(50.875, 4.705, true)).toEqual({ 'flood-wallonia': 'none', 'runoff-wallonia': 'none' });
    expect(answer(50.52, 4.52, true)).toEqual({ 'flood-wallonia': 'medium', 'runoff-wallonia': 'none', communes: '92094 Namur|Namen' });
  });
});
