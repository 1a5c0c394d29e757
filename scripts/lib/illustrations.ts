import { mulberry32 } from './prng.ts';
/**
 * Deterministic flat illustrations for the demo agency (pure: strings in, SVG strings out).
 *
 *   propertyPhotoSvg({ kind, index, seed, width, height })  exterior (index 1) and other views
 *   portraitSvg({ seed, width, height })                      head-and-shoulders avatar
 *   landscapeSvg({ seed, width, height })                     wide Meuse-valley banner
 *
 * Every random choice comes from a seeded PRNG (mulberry32), so the same inputs always give
 * the same SVG. No text, no fonts, no external references: the output renders anywhere
 * (librsvg via sharp at seed time).
 *
 * Scenes are drawn in a logical frame 800 units high (width follows the aspect ratio); when
 * the picture is narrower than 5:4 the frame grows vertically instead and the backgrounds
 * extend above and below the 0..800 band.
 */

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

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
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

const INK = '#1f2536';
/** t > 0 lightens towards white, t < 0 darkens towards a deep blue-grey (softer than black). */
function shade(c: string, t: number): string {
  return t >= 0 ? mix(c, '#ffffff', t) : mix(c, INK, -t);
}

// ───────────────────────────── SVG building ─────────────────────────────

/** Compact number formatting (one decimal). */
function f(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

function attrs(extra?: string): string {
  return extra ? ` ${extra}` : '';
}

function rect(x: number, y: number, w: number, h: number, fill: string, extra?: string): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" fill="${fill}"${attrs(extra)}/>`;
}

function rrect(x: number, y: number, w: number, h: number, r: number, fill: string, extra?: string): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" rx="${f(r)}" fill="${fill}"${attrs(extra)}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra?: string): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${attrs(extra)}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra?: string): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${attrs(extra)}/>`;
}

function poly(points: readonly number[], fill: string, extra?: string): string {
  let p = '';
  for (let i = 0; i < points.length; i += 2) p += `${i ? ' ' : ''}${f(points[i] as number)},${f(points[i + 1] as number)}`;
  return `<polygon points="${p}" fill="${fill}"${attrs(extra)}/>`;
}

function path(d: string, fill: string, extra?: string): string {
  return `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra?: string): string {
  return `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(width)}"${attrs(extra)}/>`;
}

function group(content: string, extra?: string): string {
  return `<g${attrs(extra)}>${content}</g>`;
}

/** Smooth open path through points (Catmull-Rom converted to cubic Béziers), without the leading M. */
function smoothThrough(pts: readonly (readonly [number, number])[]): string {
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

type Stop = readonly [offset: number, color: string, opacity?: number];

/** Per-document state: gradient/pattern definitions with unique ids. */
class Doc {
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
interface Frame {
  w: number;
  top: number;
  bottom: number;
}

const DESIGN_H = 800;

function frameFor(width: number, height: number, minWidth: number): { frame: Frame; scale: number; dy: number } {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  let scale = h / DESIGN_H;
  if (w / scale < minWidth) scale = w / minWidth;
  const lw = w / scale;
  const lh = h / scale;
  const dy = (lh - DESIGN_H) / 2;
  return { frame: { w: lw, top: -dy, bottom: DESIGN_H + dy }, scale, dy };
}

function checkSize(width: number, height: number): void {
  if (!(Number.isFinite(width) && Number.isFinite(height) && width >= 1 && height >= 1)) {
    throw new RangeError(`invalid picture size ${width}×${height}`);
  }
}

// ───────────────────────────── palettes & light ─────────────────────────────

type TimeOfDay = 'morning' | 'day' | 'dusk';

interface Light {
  tod: TimeOfDay;
  sky: [string, string, string];
  sun: string;
  sunX: number;
  sunY: number;
  cloud: string;
  cloudOpacity: number;
  haze: string;
  /** Colour and opacity laid over everything but the sky, to harmonise the scene with the light. */
  tint: string;
  tintOpacity: number;
  /** Light direction: -1 sun on the left, 1 on the right. */
  side: number;
}

function makeLight(rng: Rng): Light {
  const r = rng.next();
  const tod: TimeOfDay = r < 0.26 ? 'morning' : r < 0.74 ? 'day' : 'dusk';
  const side = rng.chance(0.5) ? -1 : 1;
  const wobble = (c: string, other: string) => mix(c, other, rng.range(0, 0.18));
  if (tod === 'morning') {
    return {
      tod,
      sky: [wobble('#86b8e2', '#9fb6e8'), wobble('#bcd8ee', '#d6e2f4'), wobble('#fbe0c8', '#fde9d2')],
      sun: '#fff0c8',
      sunX: side < 0 ? rng.range(0.1, 0.3) : rng.range(0.7, 0.9),
      sunY: rng.range(0.5, 0.66),
      cloud: '#ffffff',
      cloudOpacity: 0.8,
      haze: '#f6e4d6',
      tint: '#ffd7a8',
      tintOpacity: 0.07,
      side,
    };
  }
  if (tod === 'day') {
    return {
      tod,
      sky: [wobble('#4f9bdc', '#5aa6e0'), wobble('#8fc4ec', '#a4cff0'), wobble('#dcf0fa', '#e8f4fb')],
      sun: '#fff8dc',
      sunX: side < 0 ? rng.range(0.12, 0.32) : rng.range(0.68, 0.88),
      sunY: rng.range(0.16, 0.3),
      cloud: '#ffffff',
      cloudOpacity: 0.92,
      haze: '#e2eef4',
      tint: '#fff4e0',
      tintOpacity: 0,
      side,
    };
  }
  return {
    tod,
    sky: [wobble('#3d4a8a', '#4b4f92'), wobble('#b06f94', '#c47c8c'), wobble('#f7a96c', '#f9bd7c')],
    sun: '#ffd08a',
    sunX: side < 0 ? rng.range(0.12, 0.3) : rng.range(0.7, 0.88),
    sunY: rng.range(0.62, 0.74),
    cloud: '#f6c1b6',
    cloudOpacity: 0.75,
    haze: '#f0b9a0',
    tint: '#6a3f6e',
    tintOpacity: 0.13,
    side,
  };
}

interface Greens {
  dark: string;
  mid: string;
  light: string;
  grass: string;
  grassFar: string;
}

function makeGreens(rng: Rng): Greens {
  const base = rng.pick(['#5f9a4d', '#6aa353', '#588f4f', '#73a85a', '#67a066']);
  const warm = rng.range(0, 0.2);
  const grass = mix(base, '#b5c46a', warm);
  return {
    dark: shade(mix(base, '#2f6b4f', 0.45), -0.22),
    mid: mix(base, '#3f8a56', 0.3),
    light: shade(mix(base, '#a8cc6a', 0.35), 0.1),
    grass,
    grassFar: mix(grass, '#a9c98a', 0.4),
  };
}

// ───────────────────────────── nature elements ─────────────────────────────

function sky(doc: Doc, fr: Frame, light: Light, horizon: number, rng: Rng, clouds = true): string {
  const [a, b, c] = light.sky;
  let out = rect(
    -2,
    fr.top - 2,
    fr.w + 4,
    horizon - fr.top + 4,
    doc.linear([
      [0, a],
      [0.55, b],
      [1, c],
    ]),
  );
  const sx = light.sunX * fr.w;
  const sy = fr.top + (horizon - fr.top) * light.sunY;
  const sr = light.tod === 'day' ? 34 : 46;
  out += circle(
    sx,
    sy,
    sr * 4.2,
    doc.radial([
      [0, light.sun, 0.55],
      [0.35, light.sun, 0.18],
      [1, light.sun, 0],
    ]),
  );
  out += circle(sx, sy, sr, light.sun);
  if (clouds) {
    const n = rng.int(2, 4);
    for (let i = 0; i < n; i++) {
      const cx = ((i + rng.range(0.15, 0.85)) / n) * fr.w;
      const cy = fr.top + (horizon - fr.top) * rng.range(0.12, 0.55);
      out += cloud(cx, cy, rng.range(0.6, 1.15), light, rng);
    }
  }
  return out;
}

function cloud(cx: number, cy: number, s: number, light: Light, rng: Rng): string {
  const w = 150 * s;
  const h = 26 * s;
  let out = rrect(cx - w / 2, cy - h, w, h, h / 2, light.cloud);
  const bumps = rng.int(2, 3);
  for (let i = 0; i < bumps; i++) {
    const bx = cx - w / 2 + w * ((i + 0.6) / (bumps + 0.4));
    const r = (i === 1 ? 34 : rng.range(20, 28)) * s;
    out += circle(bx, cy - h + 6 * s, r, light.cloud);
  }
  return group(out, `opacity="${light.cloudOpacity}"`);
}

/** A filled band of smooth hills from baseY (±amp) down to bottom. */
function hills(fr: Frame, baseY: number, amp: number, bottom: number, fill: string, rng: Rng, bumps = 5): string {
  const pts: [number, number][] = [];
  const n = bumps + 2;
  for (let i = 0; i <= n; i++) {
    const x = -40 + ((fr.w + 80) * i) / n;
    pts.push([x, baseY - amp * (0.35 + 0.65 * rng.next())]);
  }
  const first = pts[0] as [number, number];
  return path(`M${f(first[0])},${f(bottom)} L${f(first[0])},${f(first[1])}${smoothThrough(pts)} L${f(fr.w + 40)},${f(bottom)} Z`, fill);
}

type TreeStyle = 'round' | 'poplar' | 'conifer' | 'bush' | 'birch';

function tree(doc: Doc, x: number, base: number, size: number, style: TreeStyle, g: Greens, rng: Rng, shadow = true): string {
  let out = '';
  const trunk = '#6e5241';
  if (shadow)
    out += ellipse(
      x + size * 0.08,
      base,
      size * 0.42,
      size * 0.07,
      doc.radial([
        [0, '#1c2a1c', 0.32],
        [1, '#1c2a1c', 0],
      ]),
    );
  if (style === 'round') {
    const r = size * 0.42;
    const cy = base - size * 0.95;
    out += rect(x - size * 0.045, cy, size * 0.09, base - cy, trunk);
    out += path(
      `M${f(x)},${f(cy + r * 0.6)} l${f(-r * 0.35)},${f(-r * 0.45)} M${f(x)},${f(cy + r * 0.8)} l${f(r * 0.3)},${f(-r * 0.5)}`,
      'none',
      `stroke="${trunk}" stroke-width="${f(size * 0.03)}" stroke-linecap="round"`,
    );
    const blobs: [number, number, number][] = [
      [0, 0, r],
      [-r * 0.62, r * 0.28, r * 0.7],
      [r * 0.62, r * 0.24, r * 0.72],
      [rng.range(-0.2, 0.2) * r, -r * 0.45, r * 0.72],
    ];
    out += blobs.map(([dx, dy, rr]) => circle(x + dx, cy + dy, rr, g.dark)).join('');
    out += blobs.map(([dx, dy, rr]) => circle(x + dx - rr * 0.14, cy + dy - rr * 0.16, rr * 0.82, g.mid)).join('');
    out += circle(x - r * 0.35, cy - r * 0.38, r * 0.34, g.light, 'opacity="0.7"');
  } else if (style === 'poplar') {
    const h = size * 1.25;
    out += rect(x - size * 0.03, base - size * 0.25, size * 0.06, size * 0.25, trunk);
    out += ellipse(x, base - size * 0.2 - h / 2, size * 0.19, h / 2, g.dark);
    out += ellipse(x - size * 0.03, base - size * 0.22 - h / 2, size * 0.14, h / 2 - size * 0.03, g.mid);
  } else if (style === 'conifer') {
    const c = mix(g.dark, '#1f4a45', 0.4);
    const c2 = mix(g.mid, '#2c6658', 0.4);
    out += rect(x - size * 0.04, base - size * 0.2, size * 0.08, size * 0.2, trunk);
    for (let i = 0; i < 3; i++) {
      const tw = size * (0.42 - i * 0.1);
      const by = base - size * (0.15 + i * 0.3);
      const ty = by - size * 0.5;
      out += poly([x - tw, by, x + tw, by, x, ty], c);
      out += poly([x - tw, by, x, by, x, ty], c2);
    }
  } else if (style === 'birch') {
    out += rect(x - size * 0.025, base - size * 0.9, size * 0.05, size * 0.9, '#ece8df');
    for (let i = 0; i < 4; i++) out += rect(x - size * 0.025, base - size * (0.2 + i * 0.17), size * 0.03, size * 0.02, '#4a4a4a');
    const r = size * 0.3;
    out += ellipse(x, base - size * 1.05, r * 0.9, r * 1.35, g.mid);
    out += ellipse(x - r * 0.2, base - size * 1.12, r * 0.55, r * 0.95, g.light, 'opacity="0.85"');
  } else {
    const r = size * 0.3;
    out += ellipse(x, base - r * 0.55, r * 1.35, r * 0.75, g.dark);
    out += ellipse(x - r * 0.15, base - r * 0.68, r * 1.08, r * 0.58, g.mid);
    out += ellipse(x - r * 0.45, base - r * 0.9, r * 0.35, r * 0.22, g.light, 'opacity="0.75"');
  }
  return out;
}

function hedge(x: number, y: number, w: number, h: number, g: Greens): string {
  if (w <= 0) return '';
  const r = h * 0.42;
  let out = rrect(x, y, w, h, 8, g.dark);
  let top = '';
  let hi = '';
  const n = Math.max(1, Math.round(w / (r * 1.5)));
  for (let i = 0; i <= n; i++) {
    const cx = x + (w * i) / n;
    const rr = r * (0.85 + 0.3 * (((i * 7919) % 11) / 11));
    top += circle(cx, y + r * 0.2, rr, g.dark);
    hi += circle(cx - rr * 0.15, y + r * 0.05, rr * 0.72, g.mid);
  }
  out += top + hi + rect(x, y + h * 0.62, w, h * 0.38, INK, 'opacity="0.12"');
  return out;
}

function flowers(x: number, y: number, w: number, rng: Rng, colors: readonly string[], count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += circle(x + rng.range(0, w), y + rng.range(-6, 6), rng.range(2.5, 4.5), rng.pick(colors));
  }
  return out;
}

/** Whole-scene light tint over the ground (and sky at dusk) to unify the colours. */
function tintOverlay(doc: Doc, fr: Frame, light: Light): string {
  if (light.tintOpacity <= 0) return '';
  return rect(
    -2,
    fr.top - 2,
    fr.w + 4,
    fr.bottom - fr.top + 4,
    doc.linear([
      [0, light.tint, light.tintOpacity * 0.4],
      [1, light.tint, light.tintOpacity],
    ]),
  );
}

function glass(doc: Doc, light: Light): string {
  const top = light.tod === 'dusk' ? '#f3c3a4' : '#d9ecf8';
  const bottom = light.tod === 'dusk' ? '#6d6f98' : '#7ea7c6';
  return doc.linear(
    [
      [0, top],
      [1, bottom],
    ],
    0,
    0,
    0.4,
    1,
  );
}

// ───────────────────────────── shared ground & window details ─────────────────────────────

function groundShadow(doc: Doc, cx: number, cy: number, rx: number, ry: number, opacity = 0.3): string {
  return ellipse(
    cx,
    cy,
    rx,
    ry,
    doc.radial([
      [0, '#1d2a22', opacity],
      [0.7, '#1d2a22', opacity * 0.45],
      [1, '#1d2a22', 0],
    ]),
  );
}

interface WindowStyle {
  frame: string;
  glass: string;
  sill?: string;
  lintel?: string;
  mullions?: boolean;
  shutters?: string;
}

/** A façade window: frame, glass, reflection, mullions, optional stone sill and lintel. */
function facadeWindow(x: number, y: number, w: number, h: number, s: WindowStyle): string {
  let out = '';
  const t = Math.max(3, w * 0.08);
  if (s.shutters) {
    out += rect(x - w * 0.46, y, w * 0.42, h, s.shutters) + rect(x + w * 1.04, y, w * 0.42, h, s.shutters);
    for (let i = 1; i < 5; i++) {
      out += rect(x - w * 0.46, y + (h * i) / 5, w * 0.42, 1.5, shade(s.shutters, -0.25));
      out += rect(x + w * 1.04, y + (h * i) / 5, w * 0.42, 1.5, shade(s.shutters, -0.25));
    }
  }
  if (s.lintel) out += rect(x - t * 0.8, y - t * 2.2, w + t * 1.6, t * 2.2, s.lintel);
  out += rect(x, y, w, h, s.frame);
  out += rect(x + t, y + t, w - 2 * t, h - 2 * t, s.glass);
  out += poly([x + t, y + h * 0.55, x + w * 0.55, y + t, x + w * 0.78, y + t, x + t, y + h * 0.8], '#ffffff', 'opacity="0.22"');
  if (s.mullions !== false) {
    out += rect(x + w / 2 - t / 2.4, y + t, t / 1.2, h - 2 * t, s.frame);
    out += rect(x + t, y + h * 0.3, w - 2 * t, t / 1.4, s.frame);
  }
  if (s.sill) out += rect(x - t * 0.9, y + h, w + t * 1.8, t * 1.3, s.sill) + rect(x - t * 0.9, y + h + t * 1.3, w + t * 1.8, t * 0.5, shade(s.sill, -0.25));
  return out;
}

function door(x: number, y: number, w: number, h: number, color: string, frame: string, glassFill: string, style: number): string {
  let out = rect(x - 5, y - 5, w + 10, h + 5, frame);
  out += rect(x, y, w, h, color);
  if (style === 0) {
    out += rect(x + w * 0.2, y + h * 0.1, w * 0.6, h * 0.32, glassFill);
    out += rect(x + w * 0.2, y + h * 0.5, w * 0.6, h * 0.4, shade(color, -0.12));
  } else if (style === 1) {
    out += rect(x + w * 0.62, y + h * 0.08, w * 0.22, h * 0.84, glassFill);
  } else {
    out += path(`M${f(x + w * 0.15)},${f(y + h * 0.38)} A${f(w * 0.35)},${f(w * 0.35)} 0 0 1 ${f(x + w * 0.85)},${f(y + h * 0.38)} Z`, glassFill);
    out += rect(x + w * 0.15, y + h * 0.45, w * 0.7, h * 0.45, shade(color, -0.12));
  }
  out += circle(x + w * 0.14, y + h * 0.55, Math.max(2, w * 0.035), '#d8c58a');
  return out;
}

// ───────────────────────────── building materials ─────────────────────────────

type Material = 'stone' | 'brick' | 'whitewash' | 'render';

interface Facade {
  material: Material;
  /** Main wall fill (pattern or colour). */
  fill: string;
  /** Plain colour close to the wall, for shading and details. */
  base: string;
  trim: string;
  plinth: string;
}

function facadeFor(doc: Doc, material: Material, rng: Rng): Facade {
  if (material === 'stone') {
    const base = rng.pick(['#b3ab9c', '#a9a69e', '#bdb2a0', '#a49e92']);
    const mortar = shade(base, 0.28);
    const tones = [shade(base, -0.05), base, shade(base, 0.08), mix(base, '#8f8a80', 0.35), mix(base, '#c4b49a', 0.3)];
    const blocks: [number, number, number, number][] = [
      [1, 1, 42, 20],
      [45, 1, 34, 20],
      [81, 1, 38, 20],
      [1, 23, 22, 17],
      [25, 23, 46, 17],
      [73, 23, 46, 17],
      [1, 42, 34, 21],
      [37, 42, 40, 21],
      [79, 42, 40, 21],
    ];
    const content = rect(0, 0, 120, 64, mortar) + blocks.map(([x, y, w, h], i) => rrect(x, y, w, h, 4, tones[(i * 3 + 1) % tones.length] as string)).join('');
    return { material, fill: doc.pattern(`stone${base}`, 120, 64, content), base, trim: '#8d949b', plinth: shade(base, -0.2) };
  }
  if (material === 'brick') {
    const base = rng.pick(['#a85a44', '#9c4f3d', '#b0654a', '#8f4a3a', '#a86a4e']);
    const mortar = mix(base, '#e6d8c6', 0.5);
    const b2 = shade(base, -0.08);
    const content =
      rect(0, 0, 48, 16, mortar) +
      rect(0.8, 0.8, 22.4, 6.6, base) +
      rect(24.8, 0.8, 22.4, 6.6, b2) +
      rect(-11.2, 8.8, 22.4, 6.6, b2) +
      rect(12.8, 8.8, 22.4, 6.6, base) +
      rect(36.8, 8.8, 22.4, 6.6, b2);
    return { material, fill: doc.pattern(`brick${base}`, 48, 16, content), base: mix(base, mortar, 0.2), trim: '#8d949b', plinth: '#6e7278' };
  }
  if (material === 'whitewash') {
    const base = rng.pick(['#f1ede4', '#ece7dc', '#f4efe6']);
    return { material, fill: base, base, trim: '#e7e2d8', plinth: '#2d3036' };
  }
  const base = rng.pick(['#efe6d6', '#e9dfcf', '#f0e9de', '#e6ddd3', '#ebe3d4']);
  return { material, fill: base, base, trim: '#d9d1c4', plinth: '#7a7d82' };
}

function slatePattern(doc: Doc, roof: string): string {
  const line1 = shade(roof, 0.14);
  const content =
    rect(0, 0, 36, 24, roof) +
    rect(0, 0, 36, 1.6, line1) +
    rect(0, 12, 36, 1.6, line1) +
    rect(0, 0, 1.4, 12, line1) +
    rect(18, 12, 1.4, 12, line1) +
    rect(0, 1.6, 36, 3, shade(roof, -0.12), 'opacity="0.5"') +
    rect(0, 13.6, 36, 3, shade(roof, -0.12), 'opacity="0.5"');
  return doc.pattern(`slate${roof}`, 36, 24, content);
}

function tilePattern(doc: Doc, roof: string): string {
  const content = rect(0, 0, 24, 18, roof) + rect(0, 0, 24, 2, shade(roof, -0.22)) + rect(0, 0, 1.5, 18, shade(roof, -0.15)) + rect(12, 9, 1.5, 9, shade(roof, -0.1));
  return doc.pattern(`tile${roof}`, 24, 18, content);
}

function woodPattern(doc: Doc, wood: string, vertical = true): string {
  const d = shade(wood, -0.18);
  const content = vertical
    ? rect(0, 0, 16, 40, wood) + rect(14.5, 0, 1.5, 40, d) + rect(5, 6, 1, 14, shade(wood, 0.08))
    : rect(0, 0, 40, 16, wood) + rect(0, 14.5, 40, 1.5, d) + rect(8, 5, 14, 1, shade(wood, 0.08));
  return doc.pattern(`wood${wood}${vertical}`, vertical ? 16 : 40, vertical ? 40 : 16, content);
}

// ───────────────────────────── property traits (shared by all views of a property) ─────────────────────────────

interface Traits {
  rng: Rng;
  light: Light;
  greens: Greens;
  accent: string;
  accent2: string;
  wall: string;
  floor: 'oak' | 'light-oak' | 'tiles' | 'concrete';
  wood: string;
  doorColor: string;
  roof: string;
  frame: string;
}

const ACCENTS = ['#d9a441', '#3f7d74', '#c8674a', '#35577d', '#8a6bb0', '#5b8c5a', '#c9837f', '#2f6f8f', '#b5813f'];
const WALLS = ['#f2ede4', '#e9e4da', '#dfe6dc', '#e3e8ec', '#efe3d5', '#ece6dd', '#e6e0ea', '#f1e9dc'];

function makeTraits(seed: Seed): Traits {
  const rng = createRng(`property:${String(seed)}`);
  const light = makeLight(rng.fork('light'));
  const greens = makeGreens(rng.fork('greens'));
  const accent = rng.pick(ACCENTS);
  let accent2 = rng.pick(ACCENTS);
  if (accent2 === accent) accent2 = ACCENTS[(ACCENTS.indexOf(accent) + 3) % ACCENTS.length] as string;
  return {
    rng,
    light,
    greens,
    accent,
    accent2,
    wall: rng.pick(WALLS),
    floor: rng.pick(['oak', 'light-oak', 'oak', 'tiles', 'concrete'] as const),
    wood: rng.pick(['#c99a6b', '#b8875a', '#d4ac7c', '#a87a52']),
    doorColor: rng.pick(['#2f5d50', '#7a2e35', '#2e4a6b', '#6b4a2e', '#3a3f47', '#b08a3e', '#4d6b7a']),
    roof: rng.pick(['#3b4350', '#434b57', '#363d48', '#4a5160']),
    frame: rng.pick(['#f4f2ee', '#f4f2ee', '#383c43', '#f4f2ee', '#4a4f57']),
  };
}

// ───────────────────────────── exterior scenes ─────────────────────────────

interface Landscape {
  horizon: number;
  out: string;
}

/** Sky, far hills, a line of distant trees and the lawn: the common backdrop of exteriors. */
function countryside(doc: Doc, fr: Frame, T: Traits, rng: Rng, horizon = 520, lawnTop = 575): Landscape {
  const { light, greens: g } = T;
  let out = sky(doc, fr, light, horizon + 40, rng.fork('sky'));
  out += hills(fr, horizon - 25, 70, horizon + 60, mix(g.grassFar, light.haze, 0.62), rng.fork('h1'), 4);
  out += hills(fr, horizon + 15, 45, horizon + 80, mix(g.grassFar, light.haze, 0.38), rng.fork('h2'), 6);
  const tr = rng.fork('far');
  for (let x = -20; x < fr.w + 20; x += tr.range(18, 46)) {
    if (tr.chance(0.35)) continue;
    out += ellipse(x, horizon + 40 - tr.range(0, 14), tr.range(14, 30), tr.range(12, 24), mix(g.dark, light.haze, 0.45));
  }
  const pts: [number, number][] = [];
  for (let i = 0; i <= 6; i++) pts.push([-40 + ((fr.w + 80) * i) / 6, lawnTop - rng.range(0, 14)]);
  out += path(
    `M-40,${f(fr.bottom)} L-40,${f((pts[0] as [number, number])[1])}${smoothThrough(pts)} L${f(fr.w + 40)},${f(fr.bottom)} Z`,
    doc.linear([
      [0, mix(g.grass, g.light, 0.25)],
      [1, shade(g.grass, -0.08)],
    ]),
  );
  return { horizon, out };
}

interface Box {
  x: number;
  /** Ground line. */
  base: number;
  w: number;
  h: number;
  /** Oblique depth vector (to the back right). */
  dx: number;
  dy: number;
}

/** Front façade, side wall (shaded) and, optionally, a gable on the side wall. */
function block(doc: Doc, b: Box, wall: string, sideShade = 0.24): string {
  const top = b.base - b.h;
  let out = poly([b.x + b.w, top, b.x + b.w + b.dx, top + b.dy, b.x + b.w + b.dx, b.base + b.dy, b.x + b.w, b.base], wall);
  out += poly([b.x + b.w, top, b.x + b.w + b.dx, top + b.dy, b.x + b.w + b.dx, b.base + b.dy, b.x + b.w, b.base], INK, `opacity="${sideShade}"`);
  out += rect(b.x, top, b.w, b.h, wall);
  return out;
}

function chimney(x: number, bottom: number, top: number, color: string, cap: string): string {
  const w = 34;
  let out = rect(x, top, w, bottom - top, color);
  out += rect(x + w, top + 4, 12, bottom - top - 4, shade(color, -0.25));
  out += rect(x - 4, top - 8, w + 20, 9, cap);
  return out;
}

function houseScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
  const { light, greens: g } = T;
  const land = countryside(doc, fr, T, rng);
  let out = land.out;
  const material = rng.pick(['stone', 'stone', 'brick', 'brick', 'whitewash', 'render'] as const);
  const fac = facadeFor(doc, material, rng);
  const style = rng.pick(['long', 'long', 'gable', 'fermette'] as const);
  const floors = style === 'fermette' ? 1 : 2;
  const floorH = 150;
  const fw = style === 'fermette' ? rng.range(560, 620) : style === 'gable' ? rng.range(330, 380) : rng.range(430, 520);
  const wh = floors * floorH + (style === 'fermette' ? 45 : 25);
  const rh = style === 'gable' ? fw * 0.5 : rng.range(140, 175);
  const dx = style === 'gable' ? 230 : 100;
  const dy = -dx * 0.5;
  const annex = style !== 'fermette' && rng.chance(0.45) ? rng.range(150, 190) : 0;
  const base = 668;
  const total = fw + dx + annex;
  const x = fr.w / 2 - total / 2 + annex + rng.range(-50, 50);
  const top = base - wh;
  const roof = T.roof;
  const roofFill = rng.chance(0.82) ? slatePattern(doc, roof) : tilePattern(doc, '#a4533f');
  const frame = material === 'whitewash' && T.frame !== '#f4f2ee' ? T.frame : T.frame;
  const glassFill = glass(doc, light);
  const win: WindowStyle = {
    frame,
    glass: glassFill,
    sill: material === 'whitewash' ? '#3a3d44' : fac.trim,
    lintel: material === 'stone' || material === 'brick' ? fac.trim : undefined,
    shutters: material === 'render' && rng.chance(0.4) ? T.doorColor : undefined,
  };

  // trees behind the house
  const back = rng.fork('back');
  for (let i = 0; i < 3; i++) {
    const tx = x + back.range(-0.1, 1.1) * (fw + dx);
    out += tree(
      doc,
      tx,
      base - 40 - back.range(0, 30),
      back.range(150, 210),
      back.pick(['round', 'round', 'poplar', 'conifer'] as const),
      { ...g, dark: mix(g.dark, light.haze, 0.2), mid: mix(g.mid, light.haze, 0.2) },
      back,
      false,
    );
  }

  out += groundShadow(doc, x + (fw + dx) / 2 - annex / 2, base + 2, (fw + dx + annex) * 0.62, 34, 0.34);

  // side wall (+ gable for 'long' and 'fermette')
  out += block(doc, { x, base, w: fw, h: wh, dx, dy }, fac.fill);
  const B = [x + fw, top] as const;
  const C = [x + fw + dx, top + dy] as const;
  if (style !== 'gable') {
    const G = [x + fw + dx / 2, top + dy / 2 - rh] as const;
    out += poly([B[0], B[1], C[0], C[1], G[0], G[1]], fac.fill);
    out += poly([B[0], B[1], C[0], C[1], G[0], G[1]], INK, 'opacity="0.3"');
    if (rng.chance(0.6)) out += facadeWindow(B[0] + dx / 2 - 16, B[1] + dy / 2 - rh * 0.45, 32, 38, { ...win, shutters: undefined, mullions: false });
    // roof plane
    const ov = 16;
    const L = [x - ov, top + 6];
    const R = [B[0] + 4, top + 6];
    const GR = [G[0] + 4, G[1] - 4];
    const GL = [x + dx / 2 - ov, G[1] - 4];
    out += poly([L[0]!, L[1]!, R[0]!, R[1]!, GR[0]!, GR[1]!, GL[0]!, GL[1]!], roofFill);
    out += poly(
      [L[0]!, L[1]!, R[0]!, R[1]!, GR[0]!, GR[1]!, GL[0]!, GL[1]!],
      doc.linear([
        [0, '#ffffff', 0.08],
        [1, INK, 0.12],
      ]),
    );
    out += `<polyline points="${f(R[0]!)},${f(R[1]!)} ${f(GR[0]!)},${f(GR[1]!)} ${f(C[0] + 8)},${f(C[1] + 4)}" fill="none" stroke="${shade(roof, -0.3)}" stroke-width="9" stroke-linejoin="round"/>`;
    out += line(GL[0]!, GL[1]!, GR[0]!, GR[1]!, shade(roof, -0.35), 6, 'stroke-linecap="round"');
    // dormers or skylights
    if (style === 'fermette') {
      const nd = rng.int(1, 2);
      for (let i = 0; i < nd; i++) {
        const cx = x + fw * (nd === 1 ? 0.5 : i === 0 ? 0.3 : 0.7) + dx * 0.25;
        const db = top - 12;
        const dw = 78;
        const dh = 62;
        out += rect(cx - dw / 2, db - dh, dw, dh, fac.material === 'stone' || fac.material === 'brick' ? fac.base : fac.fill);
        out += facadeWindow(cx - 22, db - dh + 12, 44, 44, { ...win, shutters: undefined, lintel: undefined, sill: undefined });
        out += poly([cx - dw / 2 - 10, db - dh + 2, cx + dw / 2 + 10, db - dh + 2, cx, db - dh - 40], shade(roof, -0.1));
        out += poly([cx - dw / 2 - 10, db - dh + 2, cx, db - dh - 40, cx, db - dh + 2], shade(roof, 0.06));
      }
    } else if (rng.chance(0.55)) {
      const ns = rng.int(1, 2);
      for (let i = 0; i < ns; i++) {
        const sx = x + fw * (0.3 + i * 0.35) + dx * 0.2;
        const sy = top - rh * 0.45;
        out += poly([sx, sy, sx + 46, sy, sx + 46 + 10, sy - 50, sx + 10, sy - 50], '#5c6470');
        out += poly(
          [sx + 4, sy - 3, sx + 42, sy - 3, sx + 51, sy - 46, sx + 13, sy - 46],
          doc.linear([
            [0, '#9fc3dc'],
            [1, '#4d6d8c'],
          ]),
        );
      }
    }
    const chx = x + fw * rng.pick([0.16, 0.78]) + dx / 2;
    out += chimney(chx, top - rh * 0.4, G[1] - 48, fac.material === 'brick' ? fac.base : shade(fac.base, -0.05), shade(roof, -0.2));
    out += rect(x - ov, top + 2, fw + ov + 4, 7, '#6d737b');
    out += rect(x, top + 9, fw, 14, INK, 'opacity="0.14"');
  } else {
    // gable facing the street: triangle on the façade, roof seen on the side
    const apex = [x + fw / 2, top - rh] as const;
    const apexB = [apex[0] + dx, apex[1] + dy] as const;
    out += poly([B[0] + 6, B[1] + 6, apex[0], apex[1] - 8, apexB[0], apexB[1] - 8, C[0] + 6, C[1] + 6], roofFill);
    out += poly(
      [B[0] + 6, B[1] + 6, apex[0], apex[1] - 8, apexB[0], apexB[1] - 8, C[0] + 6, C[1] + 6],
      doc.linear(
        [
          [0, '#ffffff', 0.06],
          [1, INK, 0.16],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    out += line(apex[0], apex[1] - 8, apexB[0], apexB[1] - 8, shade(roof, -0.35), 6, 'stroke-linecap="round"');
    out += poly([x, top, x + fw, top, apex[0], apex[1]], fac.fill);
    out += `<polyline points="${f(x - 12)},${f(top + 10)} ${f(apex[0])},${f(apex[1] - 8)} ${f(x + fw + 12)},${f(top + 10)}" fill="none" stroke="${shade(roof, -0.25)}" stroke-width="11" stroke-linejoin="round"/>`;
    out += rect(x, top, fw, 12, INK, 'opacity="0.1"');
    out += chimney(apexB[0] - 90, apexB[1] + 60, apexB[1] - 30, fac.material === 'brick' ? fac.base : shade(fac.base, -0.05), shade(roof, -0.2));
    if (rng.chance(0.5)) out += circle(apex[0], top - rh * 0.42, 22, frame) + circle(apex[0], top - rh * 0.42, 16, glassFill);
    else out += facadeWindow(apex[0] - 26, top - rh * 0.62, 52, 62, { ...win, shutters: undefined });
    for (let i = 0; i < 4; i++) out += rect(x + fw + dx * (0.2 + i * 0.2) - 0.5, top + dy * (0.2 + i * 0.2) + 20, 1, wh - 40, INK, 'opacity="0.04"');
    if (rng.chance(0.7)) out += facadeWindow(x + fw + dx * 0.45 - 28, top + dy * 0.45 + 50, 56, 70, { ...win, shutters: undefined });
  }

  // plinth
  if (fac.material === 'whitewash')
    out += rect(x, base - 36, fw, 36, fac.plinth) + poly([x + fw, base - 36, x + fw + dx, base - 36 + dy, x + fw + dx, base + dy, x + fw, base], shade(fac.plinth, -0.2));
  else out += rect(x, base - 22, fw, 22, shade(fac.trim, -0.12)) + poly([x + fw, base - 22, x + fw + dx, base - 22 + dy, x + fw + dx, base + dy, x + fw, base], shade(fac.trim, -0.35));

  // windows and door
  const cols = style === 'fermette' ? rng.int(4, 5) : style === 'gable' ? 2 : rng.int(3, 4);
  const doorCol = style === 'gable' ? rng.int(0, 1) : cols % 2 === 1 ? (cols - 1) / 2 : rng.int(1, cols - 2);
  const ww = style === 'gable' ? 74 : 62;
  const doorColor = T.doorColor;
  const doorStyle = rng.int(0, 2);
  let doorX = x + fw / 2;
  for (let fl = 0; fl < floors; fl++) {
    for (let c = 0; c < cols; c++) {
      const cx = x + (fw * (c + 0.5)) / cols;
      if (fl === 0 && c === doorCol) {
        doorX = cx;
        out += rect(cx - 48, base - 10, 96, 10, shade(fac.trim, -0.05));
        out += door(cx - 34, base - 10 - 136, 68, 136, doorColor, fac.material === 'stone' || fac.material === 'brick' ? fac.trim : shade(fac.base, -0.1), glassFill, doorStyle);
        continue;
      }
      const wy = fl === 0 ? base - 40 - 98 : base - floorH - 40 - 92;
      out += facadeWindow(cx - ww / 2, wy, ww, fl === 0 ? 98 : 92, win);
    }
  }
  out += rect(
    x,
    top + wh * 0.5,
    fw,
    wh * 0.5,
    doc.linear([
      [0, INK, 0],
      [1, INK, 0.08],
    ]),
  );

  // annex (garage) on the left
  if (annex) {
    const ah = 150;
    const ax = x - annex;
    out += rect(ax, base - ah, annex, ah, fac.fill);
    out += rect(ax, base - ah, annex, ah, INK, 'opacity="0.06"');
    out += rect(ax - 10, base - ah - 14, annex + 10, 16, shade(roof, -0.1));
    const gw = annex - 46;
    out += rect(ax + 23, base - 112, gw, 112, shade(fac.trim, -0.2));
    out += rect(ax + 28, base - 106, gw - 10, 106, rng.pick(['#d9d6cf', '#6b7078', doorColor]));
    for (let i = 1; i < 6; i++) out += rect(ax + 28, base - 106 + i * 17.6, gw - 10, 2, INK, 'opacity="0.15"');
    out += rect(ax, base - ah + 2, annex, 10, INK, 'opacity="0.12"');
  }

  // garden: path, hedge, bushes, trees in front, pavement
  const pathColor = mix('#d7d0c2', light.haze, 0.1);
  out += poly([doorX - 36, base, doorX + 36, base, doorX + 80, 800, doorX - 80, 800], pathColor);
  out += poly([doorX - 36, base, doorX - 30, base, doorX - 72, 800, doorX - 80, 800], shade(pathColor, -0.12));
  const fg = rng.fork('fg');
  for (const bx of [x + 20, x + fw - 60]) {
    if (Math.abs(bx - doorX) < 80) continue;
    out += tree(doc, bx + fg.range(-10, 10), base + 8, fg.range(70, 95), 'bush', g, fg);
  }
  out += flowers(x, base + 10, fw, fg, ['#f2c94c', '#f08a8a', '#ffffff', '#c7a0e6'], 18);
  const treeSide = fg.chance(0.5) ? -1 : 1;
  const tX = treeSide < 0 ? x - annex - fg.range(80, 150) : x + fw + dx + fg.range(70, 130);
  out += tree(doc, tX, 706, fg.range(260, 320), fg.pick(['round', 'round', 'birch'] as const), g, fg);
  const hedgeY = 728;
  out += hedge(-40, hedgeY, doorX - 110 + 40, 46, g);
  out += hedge(doorX + 110, hedgeY, fr.w - doorX - 110 + 40, 46, g);
  out += rect(-2, 770, fr.w + 4, fr.bottom - 770 + 2, '#cbc6bc') + rect(-2, 770, fr.w + 4, 5, '#b2ada3');
  out += tintOverlay(doc, fr, light);
  return out;
}

// ───────────────────────────── public entry points ─────────────────────────────

type Scene = (doc: Doc, fr: Frame, T: Traits, rng: Rng) => string;

const VIEWS: Record<PropertyKind, readonly Scene[]> = {
  house: [houseScene],
  apartment: [apartmentScene],
  land: [houseScene],
  commerce: [(d, fr, T, r) => streetScene(d, fr, T, r, 'shop')],
  other: [otherScene],
  furnished: [(d, fr, T, r) => streetScene(d, fr, T, r, 'home')],
  project: [projectScene],
};

export function propertyPhotoSvg(options: PropertyPhotoOptions): string {
  const { kind, seed, width, height } = options;
  checkSize(width, height);
  const views = VIEWS[kind];
  if (!views) throw new RangeError(`unknown property kind ${String(kind)}`);
  const index = Math.max(1, Math.floor(options.index) || 1);
  const scene = views[(index - 1) % views.length] as Scene;
  const T = makeTraits(seed);
  const rng = createRng(`view:${kind}:${String(seed)}:${index}`);
  const doc = new Doc();
  const { frame, scale, dy } = frameFor(width, height, 1000);
  return doc.render(Math.round(width), Math.round(height), scale, dy, scene(doc, frame, T, rng));
}

// ───────────────────────────── more exteriors ─────────────────────────────

function pavement(doc: Doc, fr: Frame, y: number, color = '#cdc8be'): string {
  let out = rect(
    -2,
    y,
    fr.w + 4,
    fr.bottom - y + 2,
    doc.linear([
      [0, shade(color, 0.06)],
      [1, shade(color, -0.06)],
    ]),
  );
  out += rect(-2, y, fr.w + 4, 5, shade(color, -0.18));
  for (let x = 30; x < fr.w; x += 90) out += rect(x, y + 5, 1.5, fr.bottom - y, shade(color, -0.1));
  return out;
}

function streetLamp(x: number, base: number, h: number, color = '#3a3f47'): string {
  let out = rect(x - 4, base - h, 8, h, color);
  out += rect(x - 10, base - 12, 20, 12, color);
  out += path(`M${f(x)},${f(base - h)} q0,-26 26,-26 h10`, 'none', `stroke="${color}" stroke-width="6" stroke-linecap="round"`);
  out += rrect(x + 24, base - h - 30, 30, 10, 4, color);
  out += ellipse(x + 39, base - h - 19, 11, 4, '#fff3c9');
  return out;
}

function planter(x: number, base: number, w: number, g: Greens, pot: string): string {
  let out = ellipse(x + w / 2, base - w * 0.55, w * 0.55, w * 0.42, g.dark);
  out += ellipse(x + w / 2 - w * 0.08, base - w * 0.62, w * 0.4, w * 0.3, g.mid);
  out += poly([x, base - w * 0.45, x + w, base - w * 0.45, x + w * 0.88, base, x + w * 0.12, base], pot);
  return out;
}

function cityBackdrop(doc: Doc, fr: Frame, T: Traits, rng: Rng, base: number): string {
  const c = mix('#a9b4c2', T.light.haze, 0.45);
  let out = '';
  for (let x = -30; x < fr.w + 30;) {
    const w = rng.range(60, 140);
    const h = rng.range(90, 260);
    out += rect(x, base - h, w - 4, h + 40, rng.chance(0.5) ? c : shade(c, 0.08));
    if (rng.chance(0.3)) out += poly([x - 4, base - h, x + w, base - h, x + w / 2, base - h - 40], shade(c, -0.05));
    x += w;
  }
  return out;
}

function apartmentScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
  const { light, greens: g } = T;
  let out = sky(doc, fr, light, 560, rng.fork('sky'));
  out += hills(fr, 520, 60, 600, mix(g.grassFar, light.haze, 0.6), rng.fork('h'), 4);
  out += cityBackdrop(doc, fr, T, rng.fork('city'), 640);
  const base = 700;
  const nf = rng.int(4, 5);
  const gfH = 96;
  const flH = 80;
  const fw = rng.range(540, 620);
  const dx = 110;
  const dy = -48;
  const x = fr.w / 2 - (fw + dx) / 2 + rng.range(-40, 40);
  const h = gfH + nf * flH + 16;
  const top = base - h;
  const wall = rng.pick(['#efe9df', '#f3efe8', '#e8e1d6', '#e9e6e1']);
  const accentMat = rng.pick(['wood', 'brick', 'dark'] as const);
  const accentFill = accentMat === 'wood' ? woodPattern(doc, T.wood) : accentMat === 'brick' ? facadeFor(doc, 'brick', rng).fill : '#4a4f58';
  const glassFill = glass(doc, light);
  const frame = rng.pick(['#3d424a', '#4b5058', '#f4f2ee']);

  out += lawnStrip(doc, fr, base - 10, g);
  out += groundShadow(doc, x + (fw + dx) / 2, base, (fw + dx) * 0.62, 30, 0.34);
  out += block(doc, { x, base, w: fw, h, dx, dy }, wall);
  // roof slab seen from above, parapet
  out += poly([x - 8, top, x + fw + 8, top, x + fw + dx + 8, top + dy, x + dx - 8, top + dy], '#b7b3ab');
  out += rect(x - 8, top - 4, fw + 16, 16, shade(wall, -0.12));
  out += poly([x + fw + 8, top - 4, x + fw + dx + 8, top + dy - 4, x + fw + dx + 8, top + dy + 12, x + fw + 8, top + 12], shade(wall, -0.3));
  if (rng.chance(0.6)) {
    const pw = fw * 0.5;
    const px = x + fw * 0.4;
    out += block(doc, { x: px, base: top + dy * 0.5, w: pw, h: 62, dx: dx * 0.4, dy: dy * 0.4 }, shade(wall, -0.04));
    out += rect(px + 20, top + dy * 0.5 - 50, pw - 40, 40, glassFill);
    out += rect(px - 6, top + dy * 0.5 - 66, pw + 12, 8, shade(wall, -0.2));
  }
  // accent band
  const cols = rng.int(4, 5);
  const colW = fw / cols;
  const bandCol = rng.pick([0, cols - 1]);
  out += rect(x + bandCol * colW + 10, top + 14, colW - 20, h - gfH - 14, accentFill);
  // side windows
  for (let fl = 0; fl < nf; fl++) {
    const y = base - gfH - (fl + 1) * flH;
    out += poly([x + fw + dx * 0.3, y + 16 + dy * 0.3, x + fw + dx * 0.7, y + 16 + dy * 0.7, x + fw + dx * 0.7, y + 64 + dy * 0.7, x + fw + dx * 0.3, y + 64 + dy * 0.3], shade('#6f8aa3', -0.1));
  }
  const balconyCols = new Set<number>();
  const pattern = rng.int(0, 2);
  for (let c = 0; c < cols; c++) if (c !== bandCol && (pattern === 0 || (pattern === 1 && c % 2 === 0) || (pattern === 2 && c % 2 === 1))) balconyCols.add(c);
  const railing = rng.pick(['glass', 'bars'] as const);
  for (let fl = 0; fl < nf; fl++) {
    const y = base - gfH - (fl + 1) * flH;
    for (let c = 0; c < cols; c++) {
      const cx = x + colW * (c + 0.5);
      const isBand = c === bandCol;
      const ww = isBand ? colW * 0.42 : colW * 0.56;
      const wh2 = isBand ? 48 : 62;
      out += rect(cx - ww / 2 - 4, y + 10 - 4, ww + 8, wh2 + 8, frame);
      out += rect(cx - ww / 2, y + 10, ww, wh2, glassFill);
      out += rect(cx - 1.5, y + 10, 3, wh2, frame);
      out += poly([cx - ww / 2, y + 10 + wh2 * 0.7, cx - ww / 2 + ww * 0.4, y + 10, cx - ww / 2 + ww * 0.6, y + 10, cx - ww / 2, y + 10 + wh2], '#ffffff', 'opacity="0.2"');
      if (balconyCols.has(c)) {
        const bw = colW * 0.86;
        const by = y + flH - 8;
        out += rect(cx - bw / 2, by + 8, bw, 10, INK, 'opacity="0.12"');
        out += rect(cx - bw / 2, by, bw, 9, '#d8d4cc');
        out += rect(cx - bw / 2, by + 9, bw, 3, '#a9a59e');
        if (railing === 'glass') {
          out += rect(cx - bw / 2, by - 30, bw, 30, '#cfe6f2', 'opacity="0.55"');
          out += rect(cx - bw / 2, by - 32, bw, 3, '#8d949b');
        } else {
          out += rect(cx - bw / 2, by - 32, bw, 3, frame);
          for (let k = 0; k <= 10; k++) out += rect(cx - bw / 2 + (bw - 2) * (k / 10), by - 30, 2, 30, frame);
        }
        if (rng.chance(0.35)) out += planter(cx + bw / 2 - 26, by, 20, g, T.accent);
      }
    }
  }
  // ground floor: plinth, lobby, entrance canopy
  out += rect(x, base - gfH, fw, gfH, shade(wall, -0.07));
  const entryCol = bandCol === 0 ? cols - 1 : 0;
  for (let c = 0; c < cols; c++) {
    const cx = x + colW * (c + 0.5);
    if (c === entryCol) {
      out += rect(cx - colW * 0.36, base - 84, colW * 0.72, 84, frame);
      out += rect(cx - colW * 0.33, base - 80, colW * 0.66, 80, glassFill);
      out += rect(cx - 1.5, base - 80, 3, 80, frame);
      out += rect(cx - colW * 0.46, base - 96, colW * 0.92, 10, '#5b6069');
      out += rect(cx - colW * 0.46, base - 86, colW * 0.92, 8, INK, 'opacity="0.15"');
      continue;
    }
    out += rect(cx - colW * 0.3, base - 76, colW * 0.6, 56, frame);
    out += rect(cx - colW * 0.3 + 4, base - 72, colW * 0.6 - 8, 48, glassFill);
  }
  out += rect(x, base - 14, fw, 14, shade(wall, -0.35));
  // street trees, lamp, pavement
  out += pavement(doc, fr, 752);
  const tr = rng.fork('trees');
  const spots = [x - tr.range(60, 120), x + fw + dx + tr.range(30, 100)];
  for (const sx of spots) out += tree(doc, sx, 748, tr.range(230, 290), tr.pick(['round', 'round', 'birch'] as const), g, tr);
  out += hedge(x + 20, base + 6, fw * 0.35, 38, g);
  out += hedge(x + fw * 0.62, base + 6, fw * 0.35, 38, g);
  out += streetLamp(x + fw * 0.5, 780, 190);
  out += tintOverlay(doc, fr, light);
  return out;
}

function lawnStrip(doc: Doc, fr: Frame, y: number, g: Greens): string {
  return rect(
    -2,
    y,
    fr.w + 4,
    fr.bottom - y + 2,
    doc.linear([
      [0, mix(g.grass, g.light, 0.2)],
      [1, shade(g.grass, -0.06)],
    ]),
  );
}

/** A modern new-build residence with mixed materials (render, anthracite, wood), maybe a crane behind. */
function projectScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
  const { light, greens: g } = T;
  let out = sky(doc, fr, light, 560, rng.fork('sky'));
  out += hills(fr, 520, 70, 620, mix(g.grassFar, light.haze, 0.58), rng.fork('h'), 4);
  out += hills(fr, 575, 40, 640, mix(g.grassFar, light.haze, 0.3), rng.fork('h2'), 5);
  const base = 706;
  if (rng.chance(0.55)) out += crane(fr.w * rng.pick([0.18, 0.8]), base - 40, rng.range(430, 520), rng.chance(0.5) ? 1 : -1);
  out += lawnStrip(doc, fr, 640, g);
  const glassFill = glass(doc, light);
  const dark = rng.pick(['#3d4149', '#474b52', '#36393f']);
  const white = rng.pick(['#f3f1ec', '#efece6', '#f5f2ea']);
  const woodFill = woodPattern(doc, T.wood);
  const volumes = [
    { w: rng.range(300, 340), floors: rng.int(3, 4) },
    { w: rng.range(260, 300), floors: rng.int(2, 3) },
  ];
  const dx = 100;
  const dy = -44;
  const total = volumes[0]!.w + volumes[1]!.w + dx;
  let x = fr.w / 2 - total / 2 + rng.range(-30, 30);
  out += groundShadow(doc, x + total / 2, base, total * 0.6, 30, 0.34);
  const order = rng.chance(0.5) ? [0, 1] : [1, 0];
  // draw the back (right) volume first so the front one overlaps it properly
  const placed = order.map((k) => {
    const v = volumes[k]!;
    const px = x;
    x += v.w;
    return { ...v, x: px };
  });
  for (const [i, v] of placed.entries()) {
    const flH = 92;
    const h = v.floors * flH + 20;
    const top = base - h;
    const mat = i === 0 ? white : dark;
    out += block(doc, { x: v.x, base, w: v.w, h, dx, dy }, mat, 0.2);
    out += poly([v.x - 6, top, v.x + v.w + 6, top, v.x + v.w + dx + 6, top + dy, v.x + dx - 6, top + dy], '#8fa77a');
    out += rect(v.x - 6, top - 6, v.w + 12, 12, i === 0 ? dark : shade(dark, 0.15));
    const cols = Math.max(2, Math.round(v.w / 110));
    const cw = v.w / cols;
    for (let fl = 0; fl < v.floors; fl++) {
      const y = base - (fl + 1) * flH;
      for (let c = 0; c < cols; c++) {
        const cx = v.x + cw * (c + 0.5);
        const big = (c + fl + i) % 2 === 0;
        const ww = big ? cw * 0.78 : cw * 0.5;
        const hh = big ? 76 : 60;
        if (!big && i === 0) out += rect(cx - cw * 0.45, y + 8, cw * 0.9, flH - 16, woodFill);
        out += rect(cx - ww / 2 - 4, y + 10 - 4, ww + 8, hh + 8, i === 0 ? dark : '#2b2e33');
        out += rect(cx - ww / 2, y + 10, ww, hh, glassFill);
        out += poly([cx - ww / 2, y + 10 + hh * 0.7, cx - ww / 2 + ww * 0.35, y + 10, cx - ww / 2 + ww * 0.55, y + 10, cx - ww / 2, y + 10 + hh], '#ffffff', 'opacity="0.22"');
        if (big && fl > 0) {
          out += rect(cx - ww / 2 - 8, y + flH - 14, ww + 16, 7, '#cfcac2');
          out += rect(cx - ww / 2 - 8, y + flH - 40, ww + 16, 26, '#d5ecf6', 'opacity="0.5"');
          out += rect(cx - ww / 2 - 8, y + flH - 42, ww + 16, 3, '#6b7079');
        }
      }
    }
    out += rect(v.x, base - 10, v.w, 10, shade(mat, -0.3));
  }
  // landscaping: young trees with stakes, lawn, path, pavement
  out += pavement(doc, fr, 760);
  const tr = rng.fork('young');
  const spots = [placed[0]!.x - tr.range(50, 90), placed[0]!.x + placed[0]!.w * tr.range(0.3, 0.7), placed[1]!.x + placed[1]!.w + dx * 0.6 + tr.range(20, 70)];
  for (const tx of spots) {
    const s = tr.range(105, 130);
    out += tree(doc, tx, 756, s, 'round', g, tr);
    out += line(tx - 14, 752, tx - 4, 752 - s * 0.5, '#a07c55', 3) + line(tx + 14, 752, tx + 4, 752 - s * 0.5, '#a07c55', 3);
  }
  out += flowers(0, 740, fr.w, tr, ['#f2c94c', '#ffffff', '#e58fb1'], 30);
  out += tintOverlay(doc, fr, light);
  return out;
}

function crane(x: number, base: number, h: number, dir: number): string {
  const c = '#e0b13a';
  const s = '#b98d22';
  let out = rect(x - 9, base - h, 18, h, c);
  for (let y = base - h + 14; y < base; y += 22) out += line(x - 9, y, x + 9, y + 22, s, 2) + line(x + 9, y, x - 9, y + 22, s, 2);
  const jib = 300 * dir;
  const back = -100 * dir;
  out += rect(Math.min(x, x + jib), base - h - 14, Math.abs(jib), 12, c);
  out += rect(Math.min(x, x + back), base - h - 14, Math.abs(back), 12, c);
  out += rect(x + back - (dir > 0 ? 0 : 30), base - h - 4, 30, 26, '#8d949b');
  out += poly([x - 9, base - h - 14, x + 9, base - h - 14, x, base - h - 60], c);
  out += line(x, base - h - 60, x + jib, base - h - 14, s, 2) + line(x, base - h - 60, x + back, base - h - 14, s, 2);
  out += line(x + jib * 0.7, base - h - 2, x + jib * 0.7, base - h + 110, '#4a4f57', 2);
  out += rect(x + jib * 0.7 - 16, base - h + 110, 32, 14, '#8d949b');
  out += rect(x - 14, base - h + 20, 28, 22, '#f4f2ee', 'opacity="0.9"');
  return out;
}

/** Three terraced town houses; the middle one is a shop ('shop') or a home ('home'). */
function streetScene(doc: Doc, fr: Frame, T: Traits, rng: Rng, mode: 'shop' | 'home'): string {
  const { light, greens: g } = T;
  let out = sky(doc, fr, light, 600, rng.fork('sky'));
  out += cityBackdrop(doc, fr, T, rng.fork('city'), 600);
  const base = 720;
  const mainW = mode === 'shop' ? rng.range(430, 480) : rng.range(340, 380);
  const mx = fr.w / 2 - mainW / 2;
  const glassFill = glass(doc, light);
  const widths: [number, number][] = [];
  let left = mx;
  while (left > -40) {
    const w = rng.range(250, 320);
    widths.unshift([left - w, w]);
    left -= w;
  }
  widths.push([mx, mainW]);
  let right = mx + mainW;
  while (right < fr.w + 40) {
    const w = rng.range(250, 320);
    widths.push([right, w]);
    right += w;
  }
  const mainIdx = widths.findIndex(([x0]) => x0 === mx);
  for (const [i, [x0, w]] of widths.entries()) {
    const isMain = i === mainIdx;
    const hr = rng.fork(`b${i}`);
    const floors = isMain ? 3 : hr.int(2, 3);
    const flH = 118;
    const gfH = 168;
    const h = gfH + (floors - 1) * flH + 26;
    const winFrame = hr.pick(['#f4f2ee', '#f4f2ee', '#3b3f46']);
    const top = base - h;
    const mat = hr.pick(['brick', 'brick', 'render', 'stone', 'whitewash'] as const);
    const fac = facadeFor(doc, mat, hr);
    out += rect(x0, top, w, h, fac.fill);
    if (!isMain) out += rect(x0, top, w, h, INK, 'opacity="0.06"');
    // roof: slate mansard, straight gable or cornice
    const roof = hr.pick(['mansard', 'gable', 'cornice'] as const);
    if (roof === 'mansard') {
      out += poly([x0 - 4, top, x0 + w + 4, top, x0 + w - 24, top - 80, x0 + 24, top - 80], slatePattern(doc, T.roof));
      out += rect(x0 + w / 2 - 24, top - 66, 48, 52, shade(fac.base, 0.05)) + rect(x0 + w / 2 - 18, top - 60, 36, 40, glassFill);
    } else if (roof === 'gable') {
      out += poly([x0 - 6, top + 4, x0 + w + 6, top + 4, x0 + w / 2, top - w * 0.42], fac.fill);
      out += `<polyline points="${f(x0 - 6)},${f(top + 4)} ${f(x0 + w / 2)},${f(top - w * 0.42)} ${f(x0 + w + 6)},${f(top + 4)}" fill="none" stroke="${shade(fac.base, -0.25)}" stroke-width="8"/>`;
      out += facadeWindow(x0 + w / 2 - 22, top - w * 0.22, 44, 56, { frame: '#f4f2ee', glass: glassFill, mullions: false });
    } else {
      out += rect(x0 - 6, top - 16, w + 12, 22, shade(fac.base, -0.15)) + rect(x0 - 6, top + 6, w + 12, 6, INK, 'opacity="0.15"');
    }
    const cols = Math.max(2, Math.round(w / 120));
    for (let fl = 1; fl < floors; fl++) {
      for (let c = 0; c < cols; c++) {
        const cx = x0 + (w * (c + 0.5)) / cols;
        out += facadeWindow(cx - 30, base - gfH - fl * flH + 16, 60, 88, { frame: winFrame, glass: glassFill, sill: fac.trim, lintel: mat === 'brick' || mat === 'stone' ? fac.trim : undefined });
      }
    }
    if (mat === 'brick' || mat === 'stone') out += rect(x0, base - gfH - 8, w, 10, fac.trim);
    if (isMain) out += mode === 'shop' ? shopFront(doc, x0, base, w, gfH, T, hr, glassFill) : homeGround(doc, x0, base, w, gfH, T, hr, glassFill, fac);
    else {
      out += door(x0 + 30, base - 18 - 136, 62, 136, hr.pick(['#3a3f47', '#6b4a2e', '#2e4a6b', '#5a2e33']), shade(fac.base, -0.2), glassFill, hr.int(0, 2));
      out += facadeWindow(x0 + w - 30 - 72, base - 18 - 126, 72, 100, { frame: winFrame, glass: glassFill, sill: fac.trim });
    }
    out += rect(x0, base - 18, w, 18, shade(fac.trim, -0.2));
    out += rect(x0 + w - 2, top, 2, h, INK, 'opacity="0.18"');
  }
  out += pavement(doc, fr, base);
  out += rect(-2, 785, fr.w + 4, fr.bottom - 785 + 2, '#6f7277') + rect(-2, 780, fr.w + 4, 6, '#9a978f');
  const fx = rng.fork('street');
  out += streetLamp(mx - 60, 778, 240);
  out += planter(mx + 10, 765, 44, g, '#7c7f85') + planter(mx + mainW - 54, 765, 44, g, '#7c7f85');
  if (fx.chance(0.6)) out += tree(doc, fx.chance(0.5) ? mx + mainW + fx.range(150, 200) : mx - fx.range(160, 220), 776, fx.range(240, 290), 'round', g, fx);
  out += tintOverlay(doc, fr, light);
  return out;
}

function shopFront(doc: Doc, x0: number, base: number, w: number, gfH: number, T: Traits, rng: Rng, glassFill: string): string {
  const frame = rng.pick(['#2f3439', '#35577d', '#2f5d50', '#5a2e33', '#3d4a3a']);
  const awning = T.accent;
  const y = base - gfH + 4;
  let out = rect(x0 + 6, y, w - 12, gfH - 4, frame);
  // sign band (blank), with a round emblem
  out += rect(x0 + 6, y, w - 12, 34, shade(frame, 0.1));
  out += circle(x0 + w / 2, y + 17, 11, shade(awning, 0.25));
  const winX = x0 + 22;
  const doorW = 72;
  const doorX = x0 + w - 22 - doorW;
  const winW = doorX - winX - 14;
  const wy = y + 44;
  const wh = base - 18 - wy;
  out += rect(winX, wy, winW, wh, glassFill);
  // display: warm interior, shelves and goods
  out += rect(winX + 5, wy + 5, winW - 10, wh - 10, '#f6e7c8', 'opacity="0.6"');
  for (let s = 0; s < 2; s++) {
    const sy = wy + wh * (0.5 + s * 0.3);
    out += rect(winX + 12, sy, winW - 24, 4, '#8a6a4a');
    const n = 8;
    for (let k = 0; k < n; k++) {
      const gx = winX + 20 + k * ((winW - 40) / n);
      const gh = rng.range(14, 26);
      const gw = rng.range(12, 22);
      out += rrect(gx, sy - gh, gw, gh, 3, rng.pick([T.accent, T.accent2, '#f4f2ee', '#e8c07a', '#9fb8a0']));
    }
  }
  out += planter(winX + winW - 56, wy + wh - 4, 40, T.greens, '#d8d2c4');
  out += poly([winX, wy + wh * 0.8, winX + winW * 0.3, wy, winX + winW * 0.42, wy, winX, wy + wh], '#ffffff', 'opacity="0.16"');
  out += rect(winX, wy + wh - 16, winW, 16, frame);
  out += rect(doorX, wy, doorW, base - 18 - wy, glassFill);
  out += rect(doorX, wy, doorW, base - 18 - wy, 'none', `stroke="${frame}" stroke-width="7"`);
  out += rect(doorX + doorW - 18, wy + 50, 4, 36, '#d8c58a');
  // striped awning with scalloped edge, over the window only
  const ay = y + 40;
  const depth = 30;
  const aw = winW + 20;
  const stripes = Math.max(5, Math.round(aw / 34));
  const sw = aw / stripes;
  out += rect(winX - 10, ay + depth + sw / 3, aw, 14, INK, 'opacity="0.12"');
  for (let k = 0; k < stripes; k++) {
    const sx = winX - 10 + k * sw;
    const col = k % 2 === 0 ? awning : '#f6f2ea';
    out += rect(sx, ay, sw + 0.5, depth, col);
    out += path(`M${f(sx)},${f(ay + depth - 0.5)} a${f(sw / 2)},${f(sw / 3)} 0 0 0 ${f(sw)},0 Z`, col);
  }
  out += rect(winX - 12, ay - 4, aw + 4, 6, shade(awning, -0.3));
  return out;
}

function homeGround(doc: Doc, x0: number, base: number, w: number, flH: number, T: Traits, rng: Rng, glassFill: string, fac: Facade): string {
  let out = '';
  // bay window and front door
  const bx = x0 + 30;
  const bw = w * 0.5;
  const by = base - flH + 22;
  out += rect(bx - 8, by - 14, bw + 16, 14, shade(T.roof, 0.1));
  out += rect(bx, by, bw, flH - 40, shade(fac.trim, -0.1));
  for (let k = 0; k < 3; k++) out += facadeWindow(bx + 8 + k * ((bw - 16) / 3), by + 10, (bw - 16) / 3 - 6, flH - 72, { frame: T.frame, glass: glassFill, mullions: false });
  out += door(x0 + w - 100, base - 18 - 140, 66, 140, T.doorColor, shade(fac.base, -0.15), glassFill, rng.int(0, 2));
  out += planter(x0 + w - 150, base - 18, 34, T.greens, '#7c7f85');
  return out;
}

/** 'other' kind: a barn, an office building or a row of garages. */
function otherScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
  const variant = createRng(`other:${T.rng.next()}`).pick(['barn', 'office', 'garages'] as const);
  if (variant === 'barn') return barnScene(doc, fr, T, rng);
  if (variant === 'office') return officeScene(doc, fr, T, rng);
  return garageScene(doc, fr, T, rng);
}

function barnScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
  const { light, greens: g } = T;
  let out = countryside(doc, fr, T, rng).out;
  const base = 672;
  const fw = rng.range(330, 380);
  const wh = 220;
  const rh = fw * 0.46;
  const dx = 260;
  const dy = -96;
  const x = fr.w / 2 - (fw + dx) / 2 + rng.range(-40, 40);
  const top = base - wh;
  const woodColor = rng.pick(['#8a4b3a', '#6e5443', '#7b7f83', '#5d4a3c']);
  const woodFill = woodPattern(doc, woodColor);
  const stone = facadeFor(doc, 'stone', rng);
  const tr = rng.fork('t');
  out += tree(doc, x + fw + dx + 40, base - 60, 230, 'round', { ...g, dark: mix(g.dark, light.haze, 0.15), mid: mix(g.mid, light.haze, 0.15) }, tr, false);
  out += groundShadow(doc, x + (fw + dx) / 2, base, (fw + dx) * 0.62, 30, 0.34);
  out += block(doc, { x, base, w: fw, h: wh, dx, dy }, woodFill, 0.3);
  out += rect(x, base - 60, fw, 60, stone.fill) + poly([x + fw, base - 60, x + fw + dx, base - 60 + dy, x + fw + dx, base + dy, x + fw, base], stone.fill);
  out += poly([x + fw, base - 60, x + fw + dx, base - 60 + dy, x + fw + dx, base + dy, x + fw, base], INK, 'opacity="0.25"');
  const apex = [x + fw / 2, top - rh] as const;
  const roof = slatePattern(doc, T.roof);
  out += poly([x + fw + 6, top + 6, apex[0], apex[1] - 8, apex[0] + dx, apex[1] + dy - 8, x + fw + dx + 6, top + dy + 6], roof);
  out += poly([x + fw + 6, top + 6, apex[0], apex[1] - 8, apex[0] + dx, apex[1] + dy - 8, x + fw + dx + 6, top + dy + 6], INK, 'opacity="0.12"');
  out += poly([x, top, x + fw, top, apex[0], apex[1]], woodFill);
  out += `<polyline points="${f(x - 12)},${f(top + 10)} ${f(apex[0])},${f(apex[1] - 8)} ${f(x + fw + 12)},${f(top + 10)}" fill="none" stroke="${shade(T.roof, -0.2)}" stroke-width="12" stroke-linejoin="round"/>`;
  // big doors with X braces
  const dw = fw * 0.56;
  const dh = 190;
  const dxx = x + fw / 2 - dw / 2;
  const trim = '#efe9dd';
  out += rect(dxx - 8, base - dh - 8, dw + 16, dh + 8, trim);
  for (let k = 0; k < 2; k++) {
    const px = dxx + (k * dw) / 2;
    out += rect(px + 3, base - dh, dw / 2 - 6, dh, shade(woodColor, -0.1));
    out += line(px + 6, base - dh + 6, px + dw / 2 - 6, base - 6, trim, 8) + line(px + dw / 2 - 6, base - dh + 6, px + 6, base - 6, trim, 8);
    out += rect(px + 3, base - dh, dw / 2 - 6, dh, 'none', `stroke="${trim}" stroke-width="8"`);
  }
  out += circle(apex[0], top - rh * 0.42, 20, trim) + circle(apex[0], top - rh * 0.42, 14, '#3a3027');
  for (let k = 0; k < 3; k++) out += facadeWindow(x + fw + dx * (0.2 + k * 0.28), base - 150 + dy * (0.2 + k * 0.28), 36, 40, { frame: trim, glass: glass(doc, light), mullions: false });
  // hay bales and fence
  const bx = x - rng.range(40, 120);
  for (let k = 0; k < 3; k++) {
    const hx = bx - k * 70 + (k === 2 ? 35 : 0);
    const hy = base + 40 - (k === 2 ? 52 : 0);
    out += circle(hx, hy - 30, 32, '#d9b45c') + circle(hx - 4, hy - 32, 22, '#e6c877') + circle(hx - 4, hy - 32, 10, '#c9a04c');
  }
  out += fence(0, fr.w, 740, 38, '#8a6a4a', 70);
  out += tintOverlay(doc, fr, light);
  return out;
}

function fence(x0: number, x1: number, y: number, h: number, color: string, gap: number): string {
  let out = rect(x0, y - h * 0.75, x1 - x0, 6, color) + rect(x0, y - h * 0.35, x1 - x0, 6, color);
  for (let x = x0 + 10; x < x1; x += gap) out += rect(x, y - h, 9, h, shade(color, -0.1)) + rect(x, y - h, 9, 4, shade(color, 0.15));
  return out;
}

function officeScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
  const { light, greens: g } = T;
  let out = sky(doc, fr, light, 580, rng.fork('sky'));
  out += hills(fr, 540, 60, 640, mix(g.grassFar, light.haze, 0.55), rng.fork('h'), 4);
  out += lawnStrip(doc, fr, 630, g);
  const base = 690;
  const fw = rng.range(560, 640);
  const floors = rng.int(2, 3);
  const flH = 110;
  const h = floors * flH + 30;
  const dx = 120;
  const dy = -50;
  const x = fr.w / 2 - (fw + dx) / 2 + rng.range(-40, 40);
  const top = base - h;
  const frameC = rng.pick(['#3d424a', '#2f3439', '#5d636b']);
  const clad = rng.pick(['#e9e6e0', '#d9d6cf', '#c9cdd2']);
  const glassFill = doc.linear(
    [
      [0, light.tod === 'dusk' ? '#f0c0a6' : '#cfe5f3'],
      [1, light.tod === 'dusk' ? '#5e6690' : '#5f87a8'],
    ],
    0,
    0,
    0.3,
    1,
  );
  out += groundShadow(doc, x + (fw + dx) / 2, base, (fw + dx) * 0.62, 30, 0.34);
  out += block(doc, { x, base, w: fw, h, dx, dy }, clad);
  out += poly([x - 8, top, x + fw + 8, top, x + fw + dx + 8, top + dy, x + dx - 8, top + dy], '#b0aca5');
  out += rect(x - 8, top - 6, fw + 16, 16, frameC);
  const cols = Math.round(fw / 80);
  const cw = fw / cols;
  for (let fl = 0; fl < floors; fl++) {
    const y = base - (fl + 1) * flH + 12;
    out += rect(x + 14, y, fw - 28, flH - 30, glassFill);
    for (let c = 1; c < cols; c++) out += rect(x + c * cw - 2, y, 4, flH - 30, frameC);
    out += rect(x + 14, y, fw - 28, flH - 30, 'none', `stroke="${frameC}" stroke-width="5"`);
    out += poly([x + 14 + fw * 0.1, y + flH - 30, x + 14 + fw * 0.25, y, x + 14 + fw * 0.33, y, x + 14 + fw * 0.18, y + flH - 30], '#ffffff', 'opacity="0.14"');
  }
  for (let fl = 0; fl < floors; fl++) {
    const y = base - (fl + 1) * flH + 12;
    out += poly([x + fw + 16, y + dy * 0.15, x + fw + dx - 16, y + dy * 0.85, x + fw + dx - 16, y + dy * 0.85 + flH - 30, x + fw + 16, y + dy * 0.15 + flH - 30], shade('#5f87a8', -0.15));
  }
  out += rect(x + fw * 0.4, base - 20 - flH + 40, fw * 0.2, 12, frameC);
  // parking
  out += rect(-2, 706, fr.w + 4, fr.bottom - 706 + 2, '#6e7176');
  for (let k = 0; k < 12; k++) out += poly([40 + k * 110, 722, 46 + k * 110, 722, 30 + k * 118, 800, 22 + k * 118, 800], '#e8e6e0');
  out += rect(-2, 700, fr.w + 4, 8, '#b9b5ad');
  const tr = rng.fork('t');
  out += tree(doc, x - 70, 700, 240, 'round', g, tr) + tree(doc, x + fw + dx + 50, 700, 220, 'conifer', g, tr);
  out += hedge(x + 20, base - 4, fw - 40, 30, g);
  out += tintOverlay(doc, fr, light);
  return out;
}

function garageScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
  const { light, greens: g } = T;
  let out = countryside(doc, fr, T, rng, 500, 560).out;
  const base = 680;
  const n = rng.int(4, 5);
  const gw = 150;
  const fw = n * gw;
  const h = 170;
  const dx = 80;
  const dy = -36;
  const x = fr.w / 2 - (fw + dx) / 2;
  const wall = facadeFor(doc, rng.pick(['brick', 'render', 'stone'] as const), rng);
  const tr = rng.fork('t');
  for (let k = 0; k < 3; k++)
    out += tree(doc, x + tr.range(0, fw), base - 160, tr.range(160, 220), 'round', { ...g, dark: mix(g.dark, light.haze, 0.15), mid: mix(g.mid, light.haze, 0.15) }, tr, false);
  out += groundShadow(doc, x + (fw + dx) / 2, base, (fw + dx) * 0.6, 26, 0.34);
  out += block(doc, { x, base, w: fw, h, dx, dy }, wall.fill);
  out += poly([x - 8, base - h, x + fw + 8, base - h, x + fw + dx + 8, base - h + dy, x + dx - 8, base - h + dy], '#7d848c');
  out += rect(x - 8, base - h - 8, fw + 16, 16, '#8d949b');
  const doorColors = [T.accent, '#d9d6cf', '#6b7078', T.doorColor, '#f4f2ee'];
  for (let k = 0; k < n; k++) {
    const gx = x + k * gw + 18;
    const col = doorColors[(k + rng.int(0, 4)) % doorColors.length] as string;
    out += rect(gx - 5, base - 132, gw - 26, 132, shade(wall.trim, -0.2));
    out += rect(gx, base - 126, gw - 36, 126, col);
    for (let i = 1; i < 6; i++) out += rect(gx, base - 126 + i * 21, gw - 36, 2.5, INK, 'opacity="0.16"');
    out += rect(gx + (gw - 36) / 2 - 10, base - 30, 20, 5, INK, 'opacity="0.35"');
  }
  out += rect(
    -2,
    base,
    fr.w + 4,
    fr.bottom - base + 2,
    doc.linear([
      [0, '#8a8c8f'],
      [1, '#707276'],
    ]),
  );
  for (let k = 0; k <= n; k++) out += poly([x + k * gw + 2, base, x + k * gw + 6, base, x + k * gw * 1.2 - fw * 0.1 + 6, 800, x + k * gw * 1.2 - fw * 0.1, 800], '#e8e6e0', 'opacity="0.7"');
  out += tree(doc, x - 90, base + 10, 250, 'round', g, tr);
  out += tintOverlay(doc, fr, light);
  return out;
}
