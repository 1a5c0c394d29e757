/** vt-pbf ships no types: the one function the offline base uses. */
declare module 'vt-pbf' {
  import type { Tile } from 'geojson-vt';
  export function fromGeojsonVt(layers: Record<string, Tile>, options?: { version?: number; extent?: number }): Uint8Array;
}
