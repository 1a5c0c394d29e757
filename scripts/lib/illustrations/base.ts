/** Illustration building blocks: public option types, the seeded PRNG, colours, SVG primitives and the frame. */
import { mulberry32 } from '../prng.ts';

// ───────────────────────────── public types ─────────────────────────────

export type PropertyKind = 'house' | 'apartment' | 'land' | 'commerce' | 'other' | 'furnished' | 'project';
export const PROPERTY_KINDS: readonly PropertyKind[] = ['house', 'apartment', 'land', 'commerce', 'other', 'furnished', 'project'];

export type Seed = string | number;

export interface PropertyPhotoOptions {
  kind: PropertyKind;
  /** 1 = exterior view; 2.. = other views (rooms, garden, other angles). */
  index: number;
  /** Usually the property or project ID: all photos of one property share materials and light. */
  seed: Seed;
  width: number;
  height: number;
}

export interface PortraitOptions {
  seed: Seed;
  width: number;
  height: number;
  /** Optional hint for hair and facial hair; chosen from the seed when absent. */
  presentation?: 'feminine' | 'masculine';
}

export interface SceneOptions {
  seed: Seed;
  width: number;
  height: number;
}

// ───────────────────────────── PRNG ─────────────────────────────

/** 32-bit string hash (xmur3 finaliser), used to turn any seed into a PRNG state. */
export function hashSeed(seed: Seed): number {
  const s = String(seed);
  let h = 1779033703 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

export { mulberry32 };

export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Float in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** An independent generator derived from this seed and a label. */
  fork(label: string | number): Rng;
}

export function createRng(seed: Seed): Rng {
  const next = mulberry32(hashSeed(seed));
  const rng: Rng = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p) => next() < p,
    fork: (label) => createRng(`${String(seed)}/${String(label)}`),
  };
  return rng;
}

// ───────────────────────────── colours ─────────────────────────────

export type Rgb = [number, number, number];

export function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two #rrggbb colours (t = 0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const INK = '#1f2536';
/** t > 0 lightens towards white, t < 0 darkens towards a deep blue-grey (softer than black). */
export function shade(c: string, t: number): string {
  return t >= 0 ? mix(c, '#ffffff', t) : mix(c, INK, -t);
}

// ───────────────────────────── SVG building ─────────────────────────────

/** Compact number formatting (one decimal). */
export function f(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

export function attrs(extra?: string): string {
  return extra ? ` ${extra}` : '';
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra?: string): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" fill="${fill}"${attrs(extra)}/>`;
}

export function rrect(x: number, y: number, w: number, h: number, r: number, fill: string, extra?: string): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" rx="${f(r)}" fill="${fill}"${attrs(extra)}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra?: string): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${attrs(extra)}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra?: string): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${attrs(extra)}/>`;
}

export function poly(points: readonly number[], fill: string, extra?: string): string {
  let p = '';
  for (let i = 0; i < points.length; i += 2) p += `${i ? ' ' : ''}${f(points[i] as number)},${f(points[i + 1] as number)}`;
  return `<polygon points="${p}" fill="${fill}"${attrs(extra)}/>`;
}

export function path(d: string, fill: string, extra?: string): string {
  return `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra?: string): string {
  return `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(width)}"${attrs(extra)}/>`;
}

export function group(content: string, extra?: string): string {
  return `<g${attrs(extra)}>${content}</g>`;
}

/** Smooth open path through points (Catmull-Rom converted to cubic Béziers), without the leading M. */
export function smoothThrough(pts: readonly (readonly [number, number])[]): string {
  let d = '';
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)] as readonly [number, number];
    const p1 = pts[i] as readonly [number, number];
    const p2 = pts[i + 1] as readonly [number, number];
    const p3 = pts[Math.min(pts.length - 1, i + 2)] as readonly [number, number];
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += ` C${f(c1x)},${f(c1y)} ${f(c2x)},${f(c2y)} ${f(p2[0])},${f(p2[1])}`;
  }
  return d;
}

export type Stop = readonly [offset: number, color: string, opacity?: number];

/** Per-document state: gradient/pattern definitions with unique ids. */
export class Doc {
  private defs: string[] = [];
  private count = 0;
  private cache = new Map<string, string>();

  id(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(([o, c, a]) => `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined || a === 1 ? '' : ` stop-opacity="${f(a * 100) === '0' ? 0 : Math.round(a * 1000) / 1000}"`}/>`)
      .join('');
  }

  private memo(key: string, make: (id: string) => string, prefix: string): string {
    const known = this.cache.get(key);
    if (known) return `url(#${known})`;
    const id = this.id(prefix);
    this.defs.push(make(id));
    this.cache.set(key, id);
    return `url(#${id})`;
  }

  /** Linear gradient in the shape's bounding box; default top → bottom. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const key = `l${x1},${y1},${x2},${y2}|${JSON.stringify(stops)}`;
    return this.memo(key, (id) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`, 'l');
  }

  /** Radial gradient centred in the shape's bounding box. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const key = `r${cx},${cy},${r}|${JSON.stringify(stops)}`;
    return this.memo(key, (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${this.stops(stops)}</radialGradient>`, 'r');
  }

  /** A user-space tiling pattern. */
  pattern(key: string, w: number, h: number, content: string): string {
    return this.memo(`p${key}`, (id) => `<pattern id="${id}" width="${f(w)}" height="${f(h)}" patternUnits="userSpaceOnUse">${content}</pattern>`, 'p');
  }

  clip(content: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${content}</clipPath>`);
    return `url(#${id})`;
  }

  render(width: number, height: number, scale: number, dy: number, body: string): string {
    const transform = `scale(${Math.round(scale * 100000) / 100000})${dy ? ` translate(0 ${f(dy)})` : ''}`;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${this.defs.join('')}</defs>` +
      `<g transform="${transform}">${body}</g></svg>`
    );
  }
}

/** The logical drawing frame: 0..w horizontally, design band 0..800, backgrounds top..bottom. */
export interface Frame {
  w: number;
  top: number;
  bottom: number;
}

export const DESIGN_H = 800;

export function frameFor(width: number, height: number, minWidth: number): { frame: Frame; scale: number; dy: number } {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  let scale = h / DESIGN_H;
  if (w / scale < minWidth) scale = w / minWidth;
  const lw = w / scale;
  const lh = h / scale;
  const dy = (lh - DESIGN_H) / 2;
  return { frame: { w: lw, top: -dy, bottom: DESIGN_H + dy }, scale, dy };
}

export function checkSize(width: number, height: number): void {
  if (!(Number.isFinite(width) && Number.isFinite(height) && width >= 1 && height >= 1)) {
    throw new RangeError(`invalid picture size ${width}×${height}`);
  }
}
