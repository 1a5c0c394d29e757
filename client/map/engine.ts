/**
 * The map itself: Leaflet with the vector basemap drawn on a 2D canvas by
 * protomaps-leaflet (no WebGL), the listings clustered with supercluster. Loaded only when
 * a map is shown (client/map/PropertyMap.tsx); the worker's bundle gets engine-absent.ts
 * in its place, as the server never draws a map.
 *
 * Keyboard: the map and every marker and cluster are in the tab order; arrows pan and +/−
 * zoom (on the map and on a marker); Enter or Space on a marker opens its preview, on a
 * cluster zooms in on it. Focus is never held: Tab moves on past the last marker.
 */
import L from 'leaflet';
import { leafletLayer } from 'protomaps-leaflet';
import type Supercluster from 'supercluster';
import { clusterIndex } from './clusters.ts';
import type { MapPoint } from '../../domain/map-points.ts';
import type { Bbox } from '../../domain/rules/bbox.ts';

export interface TileJson {
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  center: [number, number, number];
  attribution: string;
}

export interface MapTexts {
  zoomIn: string;
  zoomOut: string;
  /** A marker's accessible name: price, type, town. */
  marker: (point: MapPoint) => string;
  /** The short text on a marker (a compact price), or '' for a plain dot. */
  pin: (point: MapPoint) => string;
  /** A cluster's accessible name ("12 properties, zoom in"). */
  cluster: (count: number) => string;
}

export interface MapOptions {
  /** null: no basemap is installed; the markers are drawn on a plain background. */
  tilejson: TileJson | null;
  points: MapPoint[];
  lang: string;
  texts: MapTexts;
  /** One listing (a property page): a fixed marker, no clusters, no area search. */
  single?: boolean;
  /** The area to show first (the list's "search this area"), else the points' own extent. */
  area?: Bbox | undefined;
  /** Stations and stops a property page's journeys use: named on the map, shown with the listing. */
  stops?: { name: string; lat: number; lng: number }[] | undefined;
  onSelect: (point: MapPoint, marker: HTMLElement) => void;
  /** The visitor moved or zoomed the map (not the map fitting itself). */
  onMoved: (area: Bbox) => void;
  /** A cluster was opened: the status line says what is shown now. */
  onZoomedTo: (count: number) => void;
}

export interface PropertyMapHandle {
  /** Puts focus back on a listing's marker (after its preview closes); false when it is no longer drawn. */
  focusMarker: (id: number) => boolean;
  destroy: () => void;
}

/** The same water colour the basemap style gives the sea, under every tile. */
const WATER = '#80deea';
const ARROWS: Record<string, [number, number]> = { ArrowUp: [0, -80], ArrowDown: [0, 80], ArrowLeft: [-80, 0], ArrowRight: [80, 0] };

let stylesheet: Promise<void> | undefined;

/** Leaflet's own stylesheet, versioned in the static files: loaded with the map, once. */
function leafletStyles(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `/static/vendor/leaflet-${L.version}.css`;
    // The map works unstyled too (badly): never wait forever.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

/**
 * A basemap's credit as safe HTML for Leaflet's attribution box: its text only. Archives
 * often carry it as a link (`<a href=…>© OpenStreetMap</a>`); the text is the credit, and
 * no markup from a file reaches the page.
 */
function creditText(attribution: string): string {
  const text = new DOMParser().parseFromString(attribution, 'text/html').body.textContent ?? '';
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A pin's label as an element: its text is never parsed as HTML. */
function pinLabel(text: string): HTMLElement | string {
  if (!text) return '';
  const label = document.createElement('span');
  label.setAttribute('aria-hidden', 'true');
  label.textContent = text;
  return label;
}

export async function openPropertyMap(container: HTMLElement, options: MapOptions): Promise<PropertyMapHandle> {
  await leafletStyles();
  const { texts, points } = options;
  const tiles = options.tilejson;
  const map = L.map(container, {
    zoomControl: false,
    attributionControl: false,
    keyboard: true,
    keyboardPanDelta: 80,
    minZoom: 5,
    maxZoom: 18,
    ...(tiles ? { maxBounds: L.latLngBounds([tiles.bounds[1] - 1, tiles.bounds[0] - 2], [tiles.bounds[3] + 1, tiles.bounds[2] + 2]) } : {}),
  });
  container.style.background = WATER;
  L.control.zoom({ zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut, position: 'topright' }).addTo(map);
  // The credit is the basemap's (Natural Earth, or OpenStreetMap for a Protomaps extract).
  L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a> · <a href="https://protomaps.com">Protomaps</a>' }).addTo(map);
  if (tiles?.tiles[0]) {
    const base = leafletLayer({ url: tiles.tiles[0], maxDataZoom: tiles.maxzoom, flavor: 'light', lang: options.lang, attribution: creditText(tiles.attribution) });
    // The flavour paints its grey background where a tile has no land: the sea, here.
    base.backgroundColor = WATER;
    base.addTo(map);
  }

  const markers = L.layerGroup().addTo(map);
  const drawn = new Map<number, L.Marker>();
  const index = clusterIndex(points);

  function listingMarker(point: MapPoint): L.Marker {
    const pin = texts.pin(point);
    const marker = L.marker([point.lat, point.lng], {
      icon: L.divIcon({ className: 'map-pin', html: pinLabel(pin), iconSize: [0, 0] }),
      keyboard: !options.single,
      interactive: !options.single,
      riseOnHover: true,
    });
    marker.on('click', () => {
      const element = marker.getElement();
      if (element) options.onSelect(point, element);
    });
    marker.on('add', () => {
      const element = marker.getElement();
      if (!element) return;
      element.setAttribute('aria-label', texts.marker(point));
      element.dataset['id'] = String(point.id);
      if (options.single) element.setAttribute('aria-hidden', 'true');
    });
    return marker;
  }

  function clusterMarker(id: number, count: number, lat: number, lng: number): L.Marker {
    const size = count < 10 ? 34 : count < 100 ? 42 : 52;
    const marker = L.marker([lat, lng], {
      icon: L.divIcon({ className: 'map-cluster', html: `<span aria-hidden="true">${count}</span>`, iconSize: [size, size] }),
      keyboard: true,
    });
    marker.on('click', () => {
      const zoom = Math.min(index.getClusterExpansionZoom(id), map.getMaxZoom());
      map.setView([lat, lng], zoom);
      // The cluster is gone once zoomed: the map keeps focus, so the keyboard carries on there.
      container.focus({ preventScroll: true });
      options.onZoomedTo(count);
    });
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', texts.cluster(count)));
    return marker;
  }

  function draw(): void {
    markers.clearLayers();
    drawn.clear();
    const b = map.getBounds();
    const clusters = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(map.getZoom()));
    // Markers in reading order (north to south, west to east), so Tab follows the map.
    clusters.sort((a, c) => c.geometry.coordinates[1]! - a.geometry.coordinates[1]! || a.geometry.coordinates[0]! - c.geometry.coordinates[0]!);
    for (const cluster of clusters) {
      const [lng, lat] = cluster.geometry.coordinates as [number, number];
      const props = cluster.properties as Partial<Supercluster.ClusterProperties> & { index?: number };
      if (props.cluster && props.cluster_id !== undefined && props.point_count !== undefined) {
        clusterMarker(props.cluster_id, props.point_count, lat, lng).addTo(markers);
        continue;
      }
      const point = points[props.index ?? -1];
      if (!point) continue;
      const marker = listingMarker(point).addTo(markers);
      drawn.set(point.id, marker);
    }
  }

  // Keys on a marker: Enter and Space open it (Leaflet only clicks), arrows and +/− move the map.
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target === container || !target.classList.contains('leaflet-marker-icon')) return;
    const arrow = ARROWS[event.key];
    if (arrow) map.panBy(arrow);
    else if (event.key === '+' || event.key === '=') map.zoomIn();
    else if (event.key === '-') map.zoomOut();
    else if (event.key === 'Enter' || event.key === ' ') target.click();
    else return;
    event.preventDefault();
  };
  container.addEventListener('keydown', onKey);

  // Leaflet moves for its first fit too; only the visitor's own moves offer "search this area".
  let fitting = true;
  map.on('moveend', () => {
    draw();
    if (fitting) return;
    const b = map.getBounds();
    options.onMoved({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() });
  });

  // A stop is named where it is; the page says the journeys in words, so the label is not read twice.
  const stops = options.stops ?? [];
  for (const stop of stops)
    L.marker([stop.lat, stop.lng], { icon: L.divIcon({ className: 'map-stop', html: pinLabel(stop.name), iconSize: [0, 0] }), keyboard: false, interactive: false })
      .on('add', (event) => (event.target as L.Marker).getElement()?.setAttribute('aria-hidden', 'true'))
      .addTo(map);

  const area = options.area;
  if (area)
    map.fitBounds([
      [area.south, area.west],
      [area.north, area.east],
    ]);
  else if (points.length === 1 && points[0] && stops.length > 0)
    map.fitBounds(L.latLngBounds([[points[0].lat, points[0].lng], ...stops.map((s) => [s.lat, s.lng] as [number, number])]), { padding: [48, 48], maxZoom: 15 });
  else if (points.length === 1 && points[0]) map.setView([points[0].lat, points[0].lng], 14);
  else if (points.length > 0) map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), { padding: [32, 32], maxZoom: 14 });
  else if (tiles) map.setView([tiles.center[1], tiles.center[0]], Math.max(7, tiles.center[2]));
  else map.setView([50.5, 4.6], 8);
  draw();
  fitting = false;

  return {
    focusMarker(id) {
      const element = drawn.get(id)?.getElement();
      if (!element) return false;
      element.focus();
      return true;
    },
    destroy() {
      container.removeEventListener('keydown', onKey);
      map.remove();
    },
  };
}
