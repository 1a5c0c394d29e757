/** Materials, the traits every view of one property shares, and the exterior scenes. */
import { Doc, type Frame, INK, type Rng, type Seed, circle, createRng, ellipse, f, line, mix, path, poly, rect, rrect, shade, smoothThrough } from './base.ts';
import { type Greens, type Light, type WindowStyle, door, facadeWindow, flowers, glass, groundShadow, hedge, hills, makeGreens, makeLight, sky, tintOverlay, tree } from './nature.ts';

// ───────────────────────────── building materials ─────────────────────────────

export type Material = 'stone' | 'brick' | 'whitewash' | 'render';

export interface Facade {
  material: Material;
  /** Main wall fill (pattern or colour). */
  fill: string;
  /** Plain colour close to the wall, for shading and details. */
  base: string;
  trim: string;
  plinth: string;
}

export function facadeFor(doc: Doc, material: Material, rng: Rng): Facade {
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

export function slatePattern(doc: Doc, roof: string): string {
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

export function tilePattern(doc: Doc, roof: string): string {
  const content = rect(0, 0, 24, 18, roof) + rect(0, 0, 24, 2, shade(roof, -0.22)) + rect(0, 0, 1.5, 18, shade(roof, -0.15)) + rect(12, 9, 1.5, 9, shade(roof, -0.1));
  return doc.pattern(`tile${roof}`, 24, 18, content);
}

export function woodPattern(doc: Doc, wood: string, vertical = true): string {
  const d = shade(wood, -0.18);
  const content = vertical
    ? rect(0, 0, 16, 40, wood) + rect(14.5, 0, 1.5, 40, d) + rect(5, 6, 1, 14, shade(wood, 0.08))
    : rect(0, 0, 40, 16, wood) + rect(0, 14.5, 40, 1.5, d) + rect(8, 5, 14, 1, shade(wood, 0.08));
  return doc.pattern(`wood${wood}${vertical}`, vertical ? 16 : 40, vertical ? 40 : 16, content);
}

// ───────────────────────────── property traits (shared by all views of a property) ─────────────────────────────

export interface Traits {
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

export const ACCENTS = ['#d9a441', '#3f7d74', '#c8674a', '#35577d', '#8a6bb0', '#5b8c5a', '#c9837f', '#2f6f8f', '#b5813f'];
export const WALLS = ['#f2ede4', '#e9e4da', '#dfe6dc', '#e3e8ec', '#efe3d5', '#ece6dd', '#e6e0ea', '#f1e9dc'];

export function makeTraits(seed: Seed): Traits {
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

export interface Landscape {
  horizon: number;
  out: string;
}

/** Sky, far hills, a line of distant trees and the lawn: the common backdrop of exteriors. */
export function countryside(doc: Doc, fr: Frame, T: Traits, rng: Rng, horizon = 520, lawnTop = 575): Landscape {
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

export interface Box {
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
export function block(doc: Doc, b: Box, wall: string, sideShade = 0.24): string {
  const top = b.base - b.h;
  let out = poly([b.x + b.w, top, b.x + b.w + b.dx, top + b.dy, b.x + b.w + b.dx, b.base + b.dy, b.x + b.w, b.base], wall);
  out += poly([b.x + b.w, top, b.x + b.w + b.dx, top + b.dy, b.x + b.w + b.dx, b.base + b.dy, b.x + b.w, b.base], INK, `opacity="${sideShade}"`);
  out += rect(b.x, top, b.w, b.h, wall);
  return out;
}

export function chimney(x: number, bottom: number, top: number, color: string, cap: string): string {
  const w = 34;
  let out = rect(x, top, w, bottom - top, color);
  out += rect(x + w, top + 4, 12, bottom - top - 4, shade(color, -0.25));
  out += rect(x - 4, top - 8, w + 20, 9, cap);
  return out;
}

export function houseScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
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
