import { describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import type { Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json' with { type: 'json' };
import { BASE_MAX_ZOOM, baseTiles, townsOf } from './offline-base.ts';

describe('townsOf', () => {
  it('labels each town once, at the middle of its listings, and skips listings without a place', () => {
    expect(
      townsOf([
        { City: 'Namur', Latitude: 50.46, Longitude: 4.86 },
        { City: 'Namur', Latitude: 50.48, Longitude: 4.88 },
        { City: 'Ciney', Latitude: 50.29, Longitude: 5.1 },
        { City: 'Dinant', Latitude: null, Longitude: 4.9 },
        { City: '  ', Latitude: 50, Longitude: 4 },
        { Latitude: 50, Longitude: 4 },
      ]),
    ).toEqual([
      { name: 'Ciney', lat: 50.29, lng: 5.1 },
      { name: 'Namur', lat: expect.closeTo(50.47, 6), lng: expect.closeTo(4.87, 6) },
    ]);
  });
});

describe('baseTiles', () => {
  const tiles = baseTiles(world as unknown as Topology, [
    { name: 'Namur', lat: 50.4674, lng: 4.8718 },
    { name: 'Arlon', lat: 49.6833, lng: 5.8167 },
  ]);
  const decode = (z: number, lng: number, lat: number) => {
    const n = 2 ** z;
    const x = Math.floor(((lng + 180) / 360) * n);
    const rad = (lat * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
    const tile = tiles.find((t) => t.z === z && t.x === x && t.y === y);
    if (!tile) throw new Error(`no tile ${z}/${x}/${y}`);
    return new VectorTile(new Pbf(tile.data));
  };
  const names = (tile: VectorTile) => {
    const places = tile.layers['places'];
    return places ? Array.from({ length: places.length }, (_, i) => places.feature(i).properties) : [];
  };

  it('covers every zoom up to the base’s highest', () => {
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set(Array.from({ length: BASE_MAX_ZOOM + 1 }, (_, z) => z)));
  });

  it('draws land and borders in the Protomaps schema, so one style draws it and a real extract', () => {
    const tile = decode(7, 4.87, 50.47);
    expect(Object.keys(tile.layers).sort()).toEqual(['boundaries', 'earth', 'places']);
    expect(tile.layers['earth']?.feature(0).properties).toEqual({ kind: 'earth' });
    expect(tile.layers['boundaries']?.feature(0).properties).toEqual({ kind: 'country', kind_detail: 2 });
  });

  it('labels the listings’ towns at every zoom, and the countries in four languages only while zoomed out', () => {
    expect(names(decode(10, 4.87, 50.47))).toContainEqual(expect.objectContaining({ kind: 'locality', name: 'Namur' }));
    expect(names(decode(9, 5.8167, 49.6833))).toContainEqual(expect.objectContaining({ kind: 'locality', name: 'Arlon' }));
    const zoomedOut = names(decode(5, 4.35, 51.05));
    expect(zoomedOut).toContainEqual(expect.objectContaining({ kind: 'country', 'name:fr': 'Belgique', 'name:nl': 'België', 'name:en': 'Belgium', 'name:de': 'Belgien' }));
    expect(names(decode(9, 4.35, 51.05)).filter((p) => p['kind'] === 'country')).toEqual([]);
  });
});
