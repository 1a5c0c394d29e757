/**
 * The map engine in the worker's bundle: the server renders the map's shell and never
 * draws a map, so Leaflet and the basemap renderer (which touch `window` when loaded)
 * stay out of it. package.json's "imports" picks this file for workerd.
 */
import type { MapOptions, PropertyMapHandle } from './engine.ts';

export type { MapOptions, MapTexts, PropertyMapHandle, TileJson } from './engine.ts';

export function openPropertyMap(_container: HTMLElement, _options: MapOptions): Promise<PropertyMapHandle> {
  return Promise.reject(new Error('the map is drawn in the browser only'));
}
