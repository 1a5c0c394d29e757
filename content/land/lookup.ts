/**
 * A facts table made ready to answer many listings: one packed R-tree (flatbush) per layer
 * over its shapes' boxes, the point-in-polygon test of turf's own (point-in-polygon-hao) on
 * the few shapes whose box holds the point, and a line's distance for runoff axes. Rings are
 * decoded once, when a point first needs them.
 */
import Flatbush from 'flatbush';
import pointInPolygon from 'point-in-polygon-hao';
import { LAYER_RULES, FLOOD_CLASSES, NOISE_BANDS, WATER_SCORE_CLASSES, type LayerName, type LayerRule } from './layers.ts';
import { decodeRing, SCALE, type LandLayer, type LandTable } from './table.ts';

export interface LayerAnswer {
  layer: LayerName;
  cls: string;
  /** The shape's own name (a commune, a zone), when the layer has one. */
  name?: string;
}

/** Overlapping shapes of one layer: the graver class is the answer (a high hazard drawn over a low one). */
const GRAVITY: readonly (readonly string[])[] = [FLOOD_CLASSES, WATER_SCORE_CLASSES, NOISE_BANDS];
function gravity(cls: string): number {
  for (const order of GRAVITY) {
    const rank = order.indexOf(cls);
    if (rank >= 0) return rank;
  }
  return 0;
}

const METERS_PER_DEGREE = 111_320;

/** Metres from a point to a segment, on a plane scaled at the point's latitude (enough within a few hundred metres). */
function metersToSegment(px: number, py: number, a: number[], b: number[], lngScale: number): number {
  const ax = ((a[0] ?? 0) - px) * lngScale;
  const ay = (a[1] ?? 0) - py;
  const bx = ((b[0] ?? 0) - px) * lngScale;
  const by = (b[1] ?? 0) - py;
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
  const x = ax + t * dx;
  const y = ay + t * dy;
  return (Math.hypot(x, y) / SCALE) * METERS_PER_DEGREE;
}

class LayerLookup {
  readonly layer: LandLayer;
  private readonly rule: LayerRule;
  private readonly index: Flatbush | null;
  private readonly rings = new Map<number, number[][][]>();

  constructor(layer: LandLayer) {
    this.layer = layer;
    this.rule = LAYER_RULES[layer.name];
    if (layer.shapes.length === 0) {
      this.index = null;
      return;
    }
    const index = new Flatbush(layer.shapes.length, 16, Int32Array);
    for (const shape of layer.shapes) index.add(shape[2] as number, shape[3] as number, shape[4] as number, shape[5] as number);
    index.finish();
    this.index = index;
  }

  private ringsOf(i: number): number[][][] {
    let rings = this.rings.get(i);
    if (!rings) {
      rings = (this.layer.shapes[i] ?? []).slice(6).map((ring) => decodeRing(ring as number[]));
      this.rings.set(i, rings);
    }
    return rings;
  }

  covers(lat: number, lng: number): boolean {
    const [west, south, east, north] = this.layer.extent;
    return lng >= west && lng <= east && lat >= south && lat <= north;
  }

  at(lat: number, lng: number): LayerAnswer | null {
    if (!this.covers(lat, lng)) return null;
    const x = Math.round(lng * SCALE);
    const y = Math.round(lat * SCALE);
    let best: number | null = null;
    if (this.index) {
      const line = this.rule.geometry === 'line';
      const buffer = line ? ((this.rule.bufferMeters ?? 0) / METERS_PER_DEGREE) * SCALE : 0;
      const lngScale = Math.cos((lat * Math.PI) / 180);
      const dx = buffer / Math.max(lngScale, 0.01);
      for (const i of this.index.search(x - dx, y - buffer, x + dx, y + buffer)) {
        const rings = this.ringsOf(i);
        const hit = line ? this.nearLine(x, y, rings[0] ?? [], lngScale) : pointInPolygon([x, y], rings) !== false;
        if (!hit) continue;
        if (best === null || gravity(this.classOf(i)) > gravity(this.classOf(best))) best = i;
      }
    }
    if (best === null) return this.rule.outside === 'none' ? { layer: this.layer.name, cls: 'none' } : null;
    const nameIndex = this.layer.shapes[best]?.[1] as number;
    const name = nameIndex >= 0 ? this.layer.names[nameIndex] : undefined;
    return { layer: this.layer.name, cls: this.classOf(best), ...(name ? { name } : {}) };
  }

  private classOf(i: number): string {
    return this.layer.classes[this.layer.shapes[i]?.[0] as number] ?? '';
  }

  private nearLine(x: number, y: number, points: number[][], lngScale: number): boolean {
    const limit = this.rule.bufferMeters ?? 0;
    for (let k = 1; k < points.length; k++) if (metersToSegment(x, y, points[k - 1] ?? [], points[k] ?? [], lngScale) <= limit) return true;
    return false;
  }
}

/** Every layer of a table, ready to answer a point. */
export class LandLookup {
  private readonly layers: LayerLookup[];

  constructor(table: Pick<LandTable, 'layers'>) {
    this.layers = table.layers.map((layer) => new LayerLookup(layer));
  }

  /**
   * What each layer says of a point. `approximate`: the point is a rounded position; a layer
   * drawn per parcel or building would name someone else's, so it is not asked.
   */
  at(lat: number, lng: number, approximate: boolean): LayerAnswer[] {
    const answers: LayerAnswer[] = [];
    for (const lookup of this.layers) {
      if (approximate && LAYER_RULES[lookup.layer.name].perParcel) continue;
      const answer = lookup.at(lat, lng);
      if (answer) answers.push(answer);
    }
    return answers;
  }

  layer(name: LayerName): LandLayer | undefined {
    return this.layers.find((l) => l.layer.name === name)?.layer;
  }
}
