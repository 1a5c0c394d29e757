/** Town exteriors: pavements, flats and new-build projects with their cranes. */
import { Doc, type Frame, INK, type Rng, ellipse, f, line, mix, path, poly, rect, rrect, shade } from './base.ts';
import { type Greens, flowers, glass, groundShadow, hedge, hills, sky, tintOverlay, tree } from './nature.ts';
import { type Traits, block, facadeFor, woodPattern } from './buildings.ts';

// ───────────────────────────── more exteriors ─────────────────────────────

export function pavement(doc: Doc, fr: Frame, y: number, color = '#cdc8be'): string {
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

export function streetLamp(x: number, base: number, h: number, color = '#3a3f47'): string {
  let out = rect(x - 4, base - h, 8, h, color);
  out += rect(x - 10, base - 12, 20, 12, color);
  out += path(`M${f(x)},${f(base - h)} q0,-26 26,-26 h10`, 'none', `stroke="${color}" stroke-width="6" stroke-linecap="round"`);
  out += rrect(x + 24, base - h - 30, 30, 10, 4, color);
  out += ellipse(x + 39, base - h - 19, 11, 4, '#fff3c9');
  return out;
}

export function planter(x: number, base: number, w: number, g: Greens, pot: string): string {
  let out = ellipse(x + w / 2, base - w * 0.55, w * 0.55, w * 0.42, g.dark);
  out += ellipse(x + w / 2 - w * 0.08, base - w * 0.62, w * 0.4, w * 0.3, g.mid);
  out += poly([x, base - w * 0.45, x + w, base - w * 0.45, x + w * 0.88, base, x + w * 0.12, base], pot);
  return out;
}

export function cityBackdrop(doc: Doc, fr: Frame, T: Traits, rng: Rng, base: number): string {
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

export function apartmentScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
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

export function lawnStrip(doc: Doc, fr: Frame, y: number, g: Greens): string {
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
export function projectScene(doc: Doc, fr: Frame, T: Traits, rng: Rng): string {
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

export function crane(x: number, base: number, h: number, dir: number): string {
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
