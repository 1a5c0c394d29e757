/**
 * The offline basemap: land, country borders and country names from Natural Earth (the
 * `world-atlas` package, 1:10m), and the towns of the agency's own listings, cut into
 * vector tiles in the Protomaps basemap schema (layers earth, boundaries, places). The
 * same map style draws it and a real Protomaps extract, so a machine with no internet
 * (a newcomer's laptop, CI) still shows a true base: coasts, borders, the towns the
 * listings are in.
 */
import geojsonvt from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import { feature, mesh } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { ArchiveDescription, ArchiveTile } from './pmtiles-writer.ts';

export interface Town {
  name: string;
  lat: number;
  lng: number;
}

/** Belgium and the Grand Duchy with a margin: the area the agency lists in. */
export const BASE_BOUNDS: [number, number, number, number] = [1.5, 48.9, 7.6, 51.9];
export const BASE_MAX_ZOOM = 10;
/** Country names stop at this zoom: towns carry the map beyond it. */
const COUNTRY_LABELS_UNTIL = 7;
export const BASE_ATTRIBUTION = '© Natural Earth';

/** Where each neighbour's name is written, and the name in the site's four languages. */
const COUNTRIES: { at: [number, number]; name: Record<'fr' | 'nl' | 'en' | 'de', string> }[] = [
  { at: [4.35, 51.05], name: { fr: 'Belgique', nl: 'België', en: 'Belgium', de: 'Belgien' } },
  { at: [6.1, 49.78], name: { fr: 'Luxembourg', nl: 'Luxemburg', en: 'Luxembourg', de: 'Luxemburg' } },
  { at: [5.6, 51.75], name: { fr: 'Pays-Bas', nl: 'Nederland', en: 'Netherlands', de: 'Niederlande' } },
  { at: [7.1, 50.9], name: { fr: 'Allemagne', nl: 'Duitsland', en: 'Germany', de: 'Deutschland' } },
  { at: [3.4, 49.35], name: { fr: 'France', nl: 'Frankrijk', en: 'France', de: 'Frankreich' } },
];

function point(lng: number, lat: number, properties: Record<string, string | number>): Feature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties };
}

/** Tile x and y of a longitude and latitude at a zoom (Web Mercator). */
function tileOf(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}

/** The tiles of the base: every zoom up to BASE_MAX_ZOOM over BASE_BOUNDS. */
export function baseTiles(world: Topology, towns: Town[]): ArchiveTile[] {
  const objects = world.objects as Record<string, GeometryCollection>;
  const land = feature(world, objects['land'] as GeometryCollection) as FeatureCollection;
  const earth: FeatureCollection = { type: 'FeatureCollection', features: land.features.map((f) => ({ ...f, properties: { kind: 'earth' } })) };
  const borders: Geometry = mesh(world, objects['countries'] as GeometryCollection, (a, b) => a !== b);
  const boundaries: FeatureCollection = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: borders, properties: { kind: 'country', kind_detail: 2 } }] };
  const countries: FeatureCollection = {
    type: 'FeatureCollection',
    features: COUNTRIES.map((c) => point(c.at[0], c.at[1], { kind: 'country', name: c.name.fr, 'name:fr': c.name.fr, 'name:nl': c.name.nl, 'name:en': c.name.en, 'name:de': c.name.de, min_zoom: 0 })),
  };
  const places: FeatureCollection = {
    type: 'FeatureCollection',
    features: towns.map((town) => point(town.lng, town.lat, { kind: 'locality', name: town.name, min_zoom: 6, population_rank: 8 })),
  };
  const options = { maxZoom: BASE_MAX_ZOOM, indexMaxZoom: BASE_MAX_ZOOM, indexMaxPoints: 0, tolerance: 3, extent: 4096, buffer: 64 };
  const layers = { earth: geojsonvt(earth, options), boundaries: geojsonvt(boundaries, options), places: geojsonvt(places, options), countries: geojsonvt(countries, options) };
  const tiles: ArchiveTile[] = [];
  const [west, south, east, north] = BASE_BOUNDS;
  for (let z = 0; z <= BASE_MAX_ZOOM; z++) {
    const [x0, y0] = tileOf(west, north, z);
    const [x1, y1] = tileOf(east, south, z);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const parts: Record<string, geojsonvt.Tile> = {};
        const add = (name: string, tile: geojsonvt.Tile | null) => {
          if (tile && tile.features.length > 0) parts[name] = tile;
        };
        add('earth', layers.earth.getTile(z, x, y));
        add('boundaries', layers.boundaries.getTile(z, x, y));
        // Country names and towns share the schema's one places layer.
        const townTile = layers.places.getTile(z, x, y);
        const countryTile = z <= COUNTRY_LABELS_UNTIL ? layers.countries.getTile(z, x, y) : null;
        const placeFeatures = [...(countryTile?.features ?? []), ...(townTile?.features ?? [])];
        if (placeFeatures.length > 0) parts['places'] = { ...(townTile ?? countryTile), features: placeFeatures } as geojsonvt.Tile;
        if (Object.keys(parts).length === 0) continue;
        tiles.push({ z, x, y, data: fromGeojsonVt(parts, { version: 2 }) });
      }
    }
  }
  return tiles;
}

/** The archive's header fields and metadata for the base. */
export function baseDescription(): ArchiveDescription {
  const [west, south, east, north] = BASE_BOUNDS;
  return {
    minZoom: 0,
    maxZoom: BASE_MAX_ZOOM,
    bounds: BASE_BOUNDS,
    center: [(west + east) / 2, (south + north) / 2, 7],
    metadata: {
      name: 'Vitrine offline base',
      description: 'Natural Earth land and borders with the listings’ towns (built at set-up; replace with a Protomaps extract).',
      attribution: BASE_ATTRIBUTION,
      vector_layers: [
        { id: 'earth', fields: { kind: 'String' } },
        { id: 'boundaries', fields: { kind: 'String', kind_detail: 'Number' } },
        { id: 'places', fields: { kind: 'String', name: 'String', min_zoom: 'Number', population_rank: 'Number' } },
      ],
    },
  };
}

/** The towns of a set of listings: one label per town, at the middle of its listings. */
export function townsOf(listings: readonly unknown[]): Town[] {
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const listing of listings) {
    if (typeof listing !== 'object' || listing === null) continue;
    const { City: city, Latitude: lat, Longitude: lng } = listing as Record<string, unknown>;
    if (typeof city !== 'string' || typeof lat !== 'number' || typeof lng !== 'number' || !city.trim()) continue;
    const sum = sums.get(city) ?? { lat: 0, lng: 0, n: 0 };
    sums.set(city, { lat: sum.lat + lat, lng: sum.lng + lng, n: sum.n + 1 });
  }
  return [...sums].map(([name, s]) => ({ name, lat: s.lat / s.n, lng: s.lng / s.n })).sort((a, b) => a.name.localeCompare(b.name));
}
