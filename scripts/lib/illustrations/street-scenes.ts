/** Street, shop, barn, office and garage scenes. */
import { Doc, type Frame, INK, type Rng, circle, createRng, f, line, mix, path, poly, rect, rrect, shade } from './base.ts';
import { door, facadeWindow, glass, groundShadow, hedge, hills, sky, tintOverlay, tree } from './nature.ts';
import { type Facade, type Traits, block, countryside, facadeFor, slatePattern, woodPattern } from './buildings.ts';
import { cityBackdrop, lawnStrip, pavement, planter, streetLamp } from './town-scenes.ts';

export function streetScene(doc: Doc, fr: Frame, T: Traits, rng: Rng, mode: 'shop' | 'home'): string {
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

export function shopFront(doc: Doc, x0: number, base: number, w: number, gfH: number, T: Traits, rng: Rng, glassFill: string): string {
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

export function homeGround(doc: Doc, x0: number, base: number, w: number, flH: number, T: Traits, rng: Rng, glassFill: string, fac: Facade): string {
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
export function otherScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
  const variant = createRng(`other:${T.rng.next()}`).pick(['barn', 'office', 'garages'] as const);
  if (variant === 'barn') return barnScene(doc, fr, T, rng);
  if (variant === 'office') return officeScene(doc, fr, T, rng);
  return garageScene(doc, fr, T, rng);
}

export function barnScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
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

export function fence(x0: number, x1: number, y: number, h: number, color: string, gap: number): string {
  let out = rect(x0, y - h * 0.75, x1 - x0, 6, color) + rect(x0, y - h * 0.35, x1 - x0, 6, color);
  for (let x = x0 + 10; x < x1; x += gap) out += rect(x, y - h, 9, h, shade(color, -0.1)) + rect(x, y - h, 9, 4, shade(color, 0.15));
  return out;
}

export function officeScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
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

export function garageScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
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
