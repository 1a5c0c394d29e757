/**
 * npm run bench:facts — the facts build on layers of Belgian size: generates once into
 * .cache/facts-bench/ a Walloon flood hazard layer (120,000 polygons in Lambert 72, GeoJSON),
 * all 581 communes (GeoPackage), road noise bands along 6,000 km of road (Shapefile) and the
 * radon and Statbel tables; times `npm run facts:build` on them in its own process (the whole
 * country uncut, then cut to one agency's area), with its peak memory and the table's size;
 * then a publish of 10,000 listings spread over Wallonia against the national table (the
 * compile with and without it). Writes docs/bench/facts.json.
 */
import { command } from './lib/cli.ts';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import proj4 from 'proj4';
import { mulberry32 } from './lib/prng.ts';
import { writeBenchRecord } from './lib/bench-record.ts';
import { writeGeoJson, writeGeoPackage, writeShapefile, type PolygonFeature } from './lib/land-writers.ts';
import './lib/land-readers.ts';
import { loadContent } from '../content/load.ts';
import { compileContent } from '../content/compile.ts';
import { LandTable } from '../content/land/table.ts';
import { LandOf } from '../content/compile/land.ts';
import type { ContentSource } from '../content/schema.ts';

command({ name: 'npm run bench:facts', usage: ['npm run bench:facts'], options: {} });
const dir = '.cache/facts-bench';
await mkdir(dir, { recursive: true });
const random = mulberry32(57);
const toLambert = proj4('EPSG:4326', 'EPSG:31370');
const WALLONIA = { west: 2.85, south: 49.5, east: 6.4, north: 50.8 };

/** A closed, irregular ring of `n` points around a centre, `r` degrees across. */
function blob(lng: number, lat: number, r: number, n: number, project = true): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI;
    const k = r * (0.6 + 0.4 * random());
    const p = [lng + k * Math.cos(a) * 1.5, lat + k * Math.sin(a)];
    ring.push(project ? toLambert.forward(p) : p);
  }
  ring.push([...(ring[0] ?? [0, 0])]);
  return ring;
}

const ALEA = ['Très faible', 'Faible', 'Moyen', 'Élevé'];
const files = { flood: `${dir}/flood-wallonia.geojson`, communes: `${dir}/communes.gpkg`, noise: `${dir}/noise-road.shp`, radon: `${dir}/radon.csv`, statbel: `${dir}/statbel.csv` };
if (!existsSync(files.statbel)) {
  const started = performance.now();
  // Flood zones strung along 400 rivers, 300 zones each, 24 to 60 points a zone.
  function* floodZones(): Generator<PolygonFeature> {
    for (let river = 0; river < 400; river++) {
      let lng = WALLONIA.west + random() * (WALLONIA.east - WALLONIA.west);
      let lat = WALLONIA.south + random() * (WALLONIA.north - WALLONIA.south);
      for (let z = 0; z < 300; z++) {
        lng += (random() - 0.5) * 0.01;
        lat += (random() - 0.5) * 0.006;
        yield { properties: { ALEA: ALEA[Math.floor(random() * 4)] ?? 'Faible', COURS_EAU: `rivière ${river}` }, rings: [blob(lng, lat, 0.001 + random() * 0.003, 24 + Math.floor(random() * 37))] };
      }
    }
  }
  await writeGeoJson(files.flood, floodZones(), { crs: 'urn:ogc:def:crs:EPSG::31370' });
  // 581 communes: a 21 × 28 grid over Belgium, each cell's edges drawn with 80 points.
  const communes: PolygonFeature[] = [];
  const [w, s, e, n] = [2.55, 49.5, 6.4, 51.5];
  for (let i = 0; i < 581; i++) {
    const col = i % 28;
    const row = Math.floor(i / 28);
    const x0 = w + ((e - w) / 28) * col;
    const y0 = s + ((n - s) / 21) * row;
    const x1 = x0 + (e - w) / 28;
    const y1 = y0 + (n - s) / 21;
    const edge = (ax: number, ay: number, bx: number, by: number) => Array.from({ length: 80 }, (_, k) => [ax + ((bx - ax) * k) / 80, ay + ((by - ay) * k) / 80]);
    const ring = [...edge(x0, y0, x1, y0), ...edge(x1, y0, x1, y1), ...edge(x1, y1, x0, y1), ...edge(x0, y1, x0, y0), [x0, y0]].map((p) => toLambert.forward(p));
    communes.push({ properties: { CD_MUNTY_REFNIS: String(10000 + i), TX_MUNTY_DESCR_FR: `Commune ${i}`, TX_MUNTY_DESCR_NL: `Gemeente ${i}` }, rings: [ring] });
  }
  writeGeoPackage(files.communes, communes, { epsg: 31370, columns: ['CD_MUNTY_REFNIS', 'TX_MUNTY_DESCR_FR', 'TX_MUNTY_DESCR_NL'] });
  // Noise bands: 6,000 km of road in 1 km pieces, four Lden bands each side (a strip of 20 points).
  const noise: PolygonFeature[] = [];
  for (let road = 0; road < 300; road++) {
    let lng = WALLONIA.west + random() * (WALLONIA.east - WALLONIA.west);
    let lat = WALLONIA.south + random() * (WALLONIA.north - WALLONIA.south);
    for (let km = 0; km < 20; km++) {
      const dx = 0.014 * (random() - 0.3);
      const dy = 0.009 * (random() - 0.3);
      for (const [band, width] of [
        [70, 0.0003],
        [65, 0.0006],
        [60, 0.0012],
        [55, 0.0024],
      ] as const) {
        const side = Array.from({ length: 10 }, (_, k) => [lng + (dx * k) / 9, lat + (dy * k) / 9 + width]);
        const other = side.map(([x = 0, y = 0]) => [x, y - 2 * width]).reverse();
        noise.push({ properties: { DB_LO: String(band) }, rings: [[...side, ...other, side[0] ?? [0, 0]].map((p) => toLambert.forward(p))] });
      }
      lng += dx;
      lat += dy;
    }
  }
  await writeShapefile(files.noise.replace(/\.shp$/, ''), noise, {
    columns: ['DB_LO'],
    prj: 'PROJCS["Belge_Lambert_1972",GEOGCS["GCS_Belge_1972",DATUM["D_Belge_1972",SPHEROID["International_1924",6378388.0,297.0]]],PROJECTION["Lambert_Conformal_Conic"]]',
  });
  const radon = ['CD_REFNIS;CLASSE', ...Array.from({ length: 581 }, (_, i) => `${10000 + i};${['0', '1a', '1b', '2a', '2b', '3'][i % 6]}`)];
  await writeFile(files.radon, `${radon.join('\n')}\n`);
  const kinds = ['Maisons d’habitation ordinaires', 'Villas, bungalows, maisons de campagne', 'Appartements, flats, studios', 'Terrains à bâtir'];
  const statbel = ['CD_YEAR|CD_TYPE_FR|CD_REFNIS|CD_PERIOD|MS_TRANSACTIONS|MS_P_50'];
  for (let i = 0; i < 581; i++)
    for (let year = 2016; year <= 2025; year++) for (const kind of kinds) statbel.push(`${year}|${kind}|${10000 + i}|Y|${20 + (i % 400)}|${150_000 + ((i * 977) % 250_000)}`);
  await writeFile(files.statbel, `${statbel.join('\n')}\n`);
  console.log(`Generated the layers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const layerArgs = [
  '--layer',
  `flood-wallonia=${files.flood}`,
  '--layer',
  `communes=${files.communes}`,
  '--layer',
  `noise-road=${files.noise}`,
  '--layer',
  `radon=${files.radon}`,
  '--layer',
  `statbel=${files.statbel}`,
];
for (const name of ['flood-wallonia', 'communes', 'noise-road', 'radon', 'statbel']) layerArgs.push('--date', `${name}=2026-01-01`);

function build(out: string, area: string[]): { seconds: number; peakMemoryMB: number; output: string } {
  const started = performance.now();
  const output = execFileSync(process.execPath, ['scripts/facts-build.ts', ...layerArgs, ...area, '--out', out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(output);
  return { seconds: Math.round((performance.now() - started) / 100) / 10, peakMemoryMB: Number(/peak memory (\d+) MB/.exec(output)?.[1] ?? Number.NaN), output };
}

// The whole country uncut is past what a publish carries: built here only to measure it.
const national = build(`${dir}/land-national.json`, ['--max-megabytes', '200']);
const agency = build(`${dir}/land-agency.json`, ['--area', '4.55,50.2,5.35,50.65']);
const sizes = { national: (await stat(`${dir}/land-national.json`)).size, agency: (await stat(`${dir}/land-agency.json`)).size };
const kept = (output: string, name: string) => Number(new RegExp(`${name}: \\d+ features read, (\\d+) kept`).exec(output)?.[1] ?? Number.NaN);

// The publish: 10,000 listings spread over Wallonia, compiled with the national table and without.
const loaded = await loadContent('content/demo');
if (!loaded.ok) throw new Error('the demo content does not load');
const template = loaded.content.properties.filter((p) => p.CountryID !== 2).slice(0, 40);
const properties = Array.from({ length: 10_000 }, (_, i) => {
  const base = template[i % template.length] as ContentSource['properties'][number];
  return {
    ...base,
    ID: 100_000 + i,
    RecordFile: `B-${i}`,
    Latitude: WALLONIA.south + random() * (WALLONIA.north - WALLONIA.south),
    Longitude: WALLONIA.west + random() * (WALLONIA.east - WALLONIA.west),
    ProjectID: null,
  };
});
const parseStarted = performance.now();
const land = LandTable.parse(JSON.parse(await readFile(`${dir}/land-national.json`, 'utf8')));
const parseMs = Math.round(performance.now() - parseStarted);
const agencyLand = LandTable.parse(JSON.parse(await readFile(`${dir}/land-agency.json`, 'utf8')));
const source: ContentSource = { ...loaded.content, properties, land };
const joinStarted = performance.now();
const of = new LandOf(source, '2026-11-28');
let inFlood = 0;
let withPrice = 0;
for (const p of properties) {
  const card = { lat: p.Latitude ?? null, lng: p.Longitude ?? null };
  const answers = of.of(p, card).answers;
  if (answers.some((a) => a.layer === 'flood-wallonia' && a.cls !== 'none')) inFlood++;
  if (answers.some((a) => a.layer === 'communes')) withPrice++;
}
const joinMs = Math.round(performance.now() - joinStarted);
const timed = (content: ContentSource) => {
  const started = performance.now();
  compileContent(content, { on: '2026-11-28' });
  return Math.round(performance.now() - started);
};
const { land: _without, ...plain } = source;
const compileWithout = timed(plain as ContentSource);
const compileWith = timed(source);
// An agency's own listings (in its area) against its cut table: what a publish carries.
const area = [4.55, 50.2, 5.35, 50.65] as const;
const local = properties.map((p, i) => ({
  ...p,
  Latitude: area[1] + ((area[3] - area[1]) * ((i * 7919) % 10_000)) / 10_000,
  Longitude: area[0] + ((area[2] - area[0]) * ((i * 104_729) % 10_000)) / 10_000,
}));
const compileAgencyWithout = timed({ ...(plain as ContentSource), properties: local });
const compileAgency = timed({ ...source, properties: local, land: agencyLand });
console.log(
  `Publish of 10,000 listings: table parsed in ${parseMs} ms, joined in ${joinMs} ms (${inFlood} in a flood zone, ${withPrice} in a commune); compile ${compileWithout} ms without the national table, ${compileWith} ms with it; in one agency's area ${compileAgencyWithout} ms without its table, ${compileAgency} ms with it`,
);

const figures = {
  layers: {
    floodPolygons: 120_000,
    communes: 581,
    noiseBands: 24_000,
    statbelRows: 581 * 10 * 4,
    inputBytes: { flood: (await stat(files.flood)).size, communes: (await stat(files.communes)).size, noise: (await stat(files.noise)).size },
  },
  buildNational: { seconds: national.seconds, peakMemoryMB: national.peakMemoryMB, tableBytes: sizes.national, floodKept: kept(national.output, 'flood-wallonia') },
  buildAgencyArea: { area: '4.55,50.2,5.35,50.65', seconds: agency.seconds, peakMemoryMB: agency.peakMemoryMB, tableBytes: sizes.agency, floodKept: kept(agency.output, 'flood-wallonia') },
  publish: {
    listings: 10_000,
    tableParseMs: parseMs,
    joinMs,
    inFloodZone: inFlood,
    inCommune: withPrice,
    compileWithoutTableMs: compileWithout,
    compileWithNationalTableMs: compileWith,
    agencyArea: { compileWithoutTableMs: compileAgencyWithout, compileWithTableMs: compileAgency },
  },
};
console.log(`→ ${await writeBenchRecord('facts', figures)}`);
