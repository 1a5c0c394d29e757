/** Light, palettes and nature: sky, clouds, hills, trees, hedges, flowers, windows and doors. */
import { Doc, type Frame, INK, type Rng, circle, ellipse, f, group, mix, path, poly, rect, rrect, shade, smoothThrough } from './base.ts';

// ───────────────────────────── palettes & light ─────────────────────────────

export type TimeOfDay = 'morning' | 'day' | 'dusk';

export interface Light {
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

export function makeLight(rng: Rng): Light {
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

export interface Greens {
  dark: string;
  mid: string;
  light: string;
  grass: string;
  grassFar: string;
}

export function makeGreens(rng: Rng): Greens {
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

export function sky(doc: Doc, fr: Frame, light: Light, horizon: number, rng: Rng, clouds = true): string {
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

export function cloud(cx: number, cy: number, s: number, light: Light, rng: Rng): string {
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
export function hills(fr: Frame, baseY: number, amp: number, bottom: number, fill: string, rng: Rng, bumps = 5): string {
  const pts: [number, number][] = [];
  const n = bumps + 2;
  for (let i = 0; i <= n; i++) {
    const x = -40 + ((fr.w + 80) * i) / n;
    pts.push([x, baseY - amp * (0.35 + 0.65 * rng.next())]);
  }
  const first = pts[0] as [number, number];
  return path(`M${f(first[0])},${f(bottom)} L${f(first[0])},${f(first[1])}${smoothThrough(pts)} L${f(fr.w + 40)},${f(bottom)} Z`, fill);
}

export type TreeStyle = 'round' | 'poplar' | 'conifer' | 'bush' | 'birch';

export function tree(doc: Doc, x: number, base: number, size: number, style: TreeStyle, g: Greens, rng: Rng, shadow = true): string {
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

export function hedge(x: number, y: number, w: number, h: number, g: Greens): string {
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

export function flowers(x: number, y: number, w: number, rng: Rng, colors: readonly string[], count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += circle(x + rng.range(0, w), y + rng.range(-6, 6), rng.range(2.5, 4.5), rng.pick(colors));
  }
  return out;
}

/** Whole-scene light tint over the ground (and sky at dusk) to unify the colours. */
export function tintOverlay(doc: Doc, fr: Frame, light: Light): string {
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

export function glass(doc: Doc, light: Light): string {
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

export function groundShadow(doc: Doc, cx: number, cy: number, rx: number, ry: number, opacity = 0.3): string {
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

export interface WindowStyle {
  frame: string;
  glass: string;
  sill?: string;
  lintel?: string;
  mullions?: boolean;
  shutters?: string;
}

/** A façade window: frame, glass, reflection, mullions, optional stone sill and lintel. */
export function facadeWindow(x: number, y: number, w: number, h: number, s: WindowStyle): string {
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

export function door(x: number, y: number, w: number, h: number, color: string, frame: string, glassFill: string, style: number): string {
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
