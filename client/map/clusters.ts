/**
 * Which listings the map draws as one cluster. A price pin is a label up to 72 px wide
 * ('255 k €', measured in Chromium on the demo's lists) and a cluster a disc up to 52 px:
 * listings closer than that on screen merge, so no pin covers its neighbour or a cluster.
 */
import Supercluster from 'supercluster';

/** The closest two markers may be on screen, in CSS pixels: the widest price pin. */
export const PIN_SPACING_PX = 72;

export type PointFeature = Supercluster.PointFeature<{ index: number }>;

/** The cluster index of `points` (longitude, latitude), in the screen pixels of 256-pixel tiles. */
export function clusterIndex(points: readonly { lat: number; lng: number }[]): Supercluster<{ index: number }> {
  // extent 256 matches Leaflet's tiles, so the radius is measured in the pixels the visitor sees.
  const index = new Supercluster<{ index: number }>({ radius: PIN_SPACING_PX, extent: 256, maxZoom: 16 });
  index.load(points.map((p, i): PointFeature => ({ type: 'Feature', properties: { index: i }, geometry: { type: 'Point', coordinates: [p.lng, p.lat] } })));
  return index;
}
