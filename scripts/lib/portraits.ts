/**
 * Flat portraits (team) and wide Meuse-valley scenes (banners, plots of land) for the
 * demo agency: deterministic SVG from a seed, no text, no external resources.
 */
import { createRng, type Seed } from './illustrations.ts';

const SKIN = ['#f3d2b8', '#e8b894', '#d69e76', '#b57a52', '#8d5a3b', '#6b4329'];
const HAIR = ['#2b1d16', '#4a3020', '#7a4b2a', '#b8864b', '#d9b36c', '#8f8f8f', '#1c1c1c'];
const CLOTHES = ['#1f3a5f', '#b3471d', '#3d6a8f', '#2f5d50', '#6b4a7a', '#4a4f57', '#8a5a2b'];
const BACKGROUNDS = ['#e7eef5', '#f3ece2', '#e6efe9', '#efe7f0', '#f1efe6'];

function checkSize(width: number, height: number): void {
  if (!Number.isFinite(width) || !Number.isFinite(height) || width < 16 || height < 16 || width > 4000 || height > 4000) {
    throw new RangeError(`bad size ${width}×${height}`);
  }
}

/** A friendly head-and-shoulders portrait; the seed picks skin, hair, clothes and style. */
export function portraitSvg({ seed, width, height }: { seed: Seed; width: number; height: number }): string {
  checkSize(width, height);
  const rng = createRng(`portrait:${String(seed)}`);
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const cloth = rng.pick(CLOTHES);
  const bg = rng.pick(BACKGROUNDS);
  const long = rng.chance(0.5);
  const glasses = rng.chance(0.3);
  const beard = !long && rng.chance(0.3);
  const hairBack = long ? `<path d="M128 210c-10-90 30-140 72-140s82 50 72 140l8 120H120z" fill="${hair}"/>` : '';
  const hairTop = long
    ? `<path d="M132 170c0-60 30-92 68-92s68 32 68 92c-20-30-50-44-68-44s-48 14-68 44z" fill="${hair}"/>`
    : `<path d="M136 160c-4-52 26-82 64-82s68 30 64 82c-10-22-32-36-64-36s-54 14-64 36z" fill="${hair}"/>`;
  const beardPath = beard ? `<path d="M156 196c4 44 24 60 44 60s40-16 44-60c-10 16-26 22-44 22s-34-6-44-22z" fill="${hair}" opacity="0.9"/>` : '';
  const glassesPath = glasses ? `<g fill="none" stroke="#2a2a2a" stroke-width="4"><circle cx="178" cy="176" r="15"/><circle cx="222" cy="176" r="15"/><path d="M193 176h14"/></g>` : '';
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 400" preserveAspectRatio="xMidYMid slice">
<rect width="400" height="400" fill="${bg}"/>
<circle cx="200" cy="200" r="170" fill="#ffffff" opacity="0.45"/>
${hairBack}
<path d="M70 400c6-86 60-128 130-128s124 42 130 128z" fill="${cloth}"/>
<path d="M176 250h48v32c0 14-48 14-48 0z" fill="${skin}"/>
<path d="M170 272l30 34 30-34" fill="#ffffff" opacity="0.85"/>
<ellipse cx="200" cy="180" rx="62" ry="74" fill="${skin}"/>
<ellipse cx="138" cy="186" rx="10" ry="16" fill="${skin}"/><ellipse cx="262" cy="186" rx="10" ry="16" fill="${skin}"/>
${hairTop}
<circle cx="178" cy="178" r="5" fill="#2a2a2a"/><circle cx="222" cy="178" r="5" fill="#2a2a2a"/>
<path d="M170 160q8-6 16 0M214 160q8-6 16 0" stroke="${hair}" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M200 186q-6 16 2 20" stroke="#000" stroke-opacity="0.18" stroke-width="3" fill="none"/>
<path d="M180 222q20 16 40 0" stroke="#7a3b2e" stroke-width="5" fill="none" stroke-linecap="round"/>
<circle cx="160" cy="208" r="10" fill="#e88" opacity="0.18"/><circle cx="240" cy="208" r="10" fill="#e88" opacity="0.18"/>
${beardPath}${glassesPath}
</svg>`;
  return body;
}

/** A wide valley scene: layered hills, a river, a citadel on the ridge, houses on the bank. */
export function landscapeSvg({ seed, width, height, plot = false }: { seed: Seed; width: number; height: number; plot?: boolean }): string {
  checkSize(width, height);
  const rng = createRng(`landscape:${String(seed)}`);
  const dusk = rng.chance(0.3);
  const skyTop = dusk ? '#6d7fb0' : '#7fb3e0';
  const skyBottom = dusk ? '#f2c49b' : '#dcecf7';
  const hill = (y: number, amp: number, color: string) => {
    let d = `M0 ${y}`;
    for (let x = 0; x <= 1600; x += 100) d += ` Q${x + 50} ${y - rng.range(0, amp)} ${x + 100} ${y - rng.range(-amp / 3, amp / 2)}`;
    return `<path d="${d} V800 H0z" fill="${color}"/>`;
  };
  let houses = '';
  for (let x = 80; x < 1500; x += rng.range(70, 130)) {
    const w = rng.range(40, 70);
    const h = rng.range(40, 70);
    const base = 560;
    const wall = rng.pick(['#f1ece2', '#e9dcc8', '#c98e6a', '#d9d2c4']);
    houses += `<rect x="${x.toFixed(0)}" y="${(base - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${wall}"/>`;
    houses += `<path d="M${(x - 4).toFixed(0)} ${(base - h).toFixed(0)} l${(w / 2 + 4).toFixed(0)} -${(h / 2).toFixed(0)} l${(w / 2 + 4).toFixed(0)} ${(h / 2).toFixed(0)}z" fill="${rng.pick(['#3b4350', '#4b5563', '#9a4a32'])}"/>`;
    houses += `<rect x="${(x + w / 2 - 6).toFixed(0)}" y="${(base - h / 2).toFixed(0)}" width="12" height="14" fill="#8fb3d9"/>`;
  }
  const citadelX = rng.range(300, 1000);
  const citadel = `<g fill="#8c8577"><rect x="${citadelX.toFixed(0)}" y="300" width="260" height="70"/><rect x="${(citadelX + 20).toFixed(0)}" y="270" width="40" height="40"/><rect x="${(citadelX + 190).toFixed(0)}" y="260" width="44" height="50"/><rect x="${(citadelX + 100).toFixed(0)}" y="285" width="70" height="30"/></g>`;
  let fence = '';
  if (plot) {
    for (let x = 0; x <= 1600; x += 60) fence += `<rect x="${x}" y="650" width="8" height="70" fill="#7a5a3a"/>`;
    fence += `<rect x="0" y="665" width="1600" height="6" fill="#8a6a48"/><rect x="0" y="695" width="1600" height="6" fill="#8a6a48"/>`;
  }
  let trees = '';
  for (let i = 0; i < 9; i++) {
    const x = rng.range(0, 1600);
    const s = rng.range(0.7, 1.3);
    trees += `<rect x="${(x - 5).toFixed(0)}" y="${(600 - 10 * s).toFixed(0)}" width="10" height="${(60 * s).toFixed(0)}" fill="#6b4a2f"/><ellipse cx="${x.toFixed(0)}" cy="${(580 - 30 * s).toFixed(0)}" rx="${(38 * s).toFixed(0)}" ry="${(48 * s).toFixed(0)}" fill="${rng.pick(['#4f8a4a', '#5f9a55', '#3f7a45'])}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 800" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
<linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa3c8"/><stop offset="1" stop-color="#4d7fa6"/></linearGradient></defs>
<rect width="1600" height="800" fill="url(#s)"/>
<circle cx="${rng.range(200, 1400).toFixed(0)}" cy="${dusk ? 300 : 140}" r="46" fill="${dusk ? '#f6b26b' : '#fff6c8'}"/>
${hill(360, 80, '#9bb7a0')}${citadel}${hill(420, 60, '#7fa77a')}${plot ? '' : houses}
${plot ? hill(560, 20, '#8dbb6a') : '<path d="M0 600 C400 570 1200 630 1600 590 V680 C1200 700 400 660 0 690z" fill="url(#w)"/>'}
${hill(plot ? 640 : 700, 20, '#6f9e5c')}${trees}${fence}
</svg>`;
}
