import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import proj4 from 'proj4';
import { agencyPositions, factsBuild } from './facts-build.ts';
import { areaAround, buildLand, LandBuildError } from './lib/land-build.ts';
import { DEMO_LAND_INPUTS } from './lib/demo-land.ts';
import { writeGeoJson, writeGeoPackage, writeShapefile, type PolygonFeature } from './lib/land-writers.ts';
import { crsOf } from './lib/land-readers.ts';
import { LandLookup } from '../content/land/lookup.ts';
import { LandTable } from '../content/land/table.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-facts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the demo’s facts table', () => {
  it('is exactly what the build makes from the demo’s layers (rebuild it with the command in docs/land-facts.md when they change)', async () => {
    const committed = LandTable.parse(JSON.parse(await readFile('content/demo/land.json', 'utf8')));
    const out = path.join(dir, 'land.json');
    const area = areaAround(await agencyPositions('content/demo'));
    expect(await factsBuild({ inputs: [...DEMO_LAND_INPUTS], area, out, builtAt: committed.builtAt, log: () => undefined })).toBe(true);
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual(committed);
  });
});

/** Three flood zones in Lambert 72, as the SPW publishes them: a high strip along the Meuse at Namur, a medium zone with an island, a low one. */
const LAMBERT = proj4('EPSG:4326', 'EPSG:31370');
const lambertBox = (w: number, s: number, e: number, n: number) =>
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ].map((p) => LAMBERT.forward(p));
const ZONES: PolygonFeature[] = [
  { properties: { ALEA: 'Élevé' }, rings: [lambertBox(4.86, 50.455, 4.87, 50.46)] },
  { properties: { ALEA: 'Moyen' }, rings: [lambertBox(4.87, 50.455, 4.89, 50.47), lambertBox(4.875, 50.46, 4.88, 50.465)] },
  { properties: { ALEA: 'Faible' }, rings: [lambertBox(4.89, 50.455, 4.9, 50.47)] },
];
const POINTS: [string, number, number, string][] = [
  ['in the high strip', 50.457, 4.865, 'high'],
  ['in the medium zone', 50.457, 4.88, 'medium'],
  ['on its island', 50.4625, 4.8775, 'none'],
  ['in the low zone', 50.46, 4.895, 'low'],
  ['beyond every zone, within the layer’s extent', 50.462, 4.8999, 'low'],
];
const WKT_LAMBERT72 =
  'PROJCS["Belge_Lambert_1972",GEOGCS["GCS_Belge_1972",DATUM["D_Belge_1972",SPHEROID["International_1924",6378388.0,297.0]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Lambert_Conformal_Conic"],UNIT["Meter",1.0]]';

describe('the readers: one layer in three formats and two projections gives one answer', () => {
  it.each(['geojson', 'gpkg', 'shp'] as const)('%s in Lambert 72', async (format) => {
    const file = path.join(dir, `flood.${format}`);
    if (format === 'geojson') await writeGeoJson(file, ZONES, { crs: 'urn:ogc:def:crs:EPSG::31370' });
    if (format === 'gpkg') writeGeoPackage(file, ZONES, { epsg: 31370, columns: ['ALEA'] });
    if (format === 'shp') await writeShapefile(file.replace(/\.shp$/, ''), ZONES, { columns: ['ALEA'], prj: WKT_LAMBERT72 });
    const { table, layers } = await buildLand([{ name: 'flood-wallonia', file, date: '2025-01-01' }], { area: null, builtAt: 'test' });
    expect(layers[0]).toMatchObject({ read: 3, kept: 3, classes: { high: 1, medium: 1, low: 1 } });
    const lookup = new LandLookup(table);
    for (const [, lat, lng, cls] of POINTS) expect(lookup.at(lat, lng, false).find((a) => a.layer === 'flood-wallonia')?.cls).toBe(cls);
    // The extent read from the file's header, reprojected: a point west of it is not the layer's to answer.
    expect(lookup.at(50.46, 4.85, false)).toEqual([]);
  });

  it.each([
    ['urn:ogc:def:crs:EPSG::31370', 'EPSG:31370'],
    ['EPSG:3812', 'EPSG:3812'],
    ['urn:ogc:def:crs:OGC:1.3:CRS84', 'EPSG:4326'],
    [WKT_LAMBERT72, 'EPSG:31370'],
    ['PROJCS["ETRS89_Belgian_Lambert_2008"]', 'EPSG:3812'],
    ['PROJCS["LUREF_Luxembourg_TM"]', 'EPSG:2169'],
    ['PROJCS["Amersfoort_RD_New"]', null],
  ] as const)('names %s as %s', (named, code) => expect(crsOf(named)).toBe(code));

  it('cuts the layer to the agency’s area: a zone beyond it is not kept', async () => {
    const file = path.join(dir, 'cut.geojson');
    await writeGeoJson(file, [
      {
        properties: { ALEA: 'Élevé' },
        rings: [
          [
            [4.86, 50.45],
            [4.87, 50.45],
            [4.87, 50.46],
            [4.86, 50.45],
          ],
        ],
      },
      {
        properties: { ALEA: 'Élevé' },
        rings: [
          [
            [5.86, 50.45],
            [5.87, 50.45],
            [5.87, 50.46],
            [5.86, 50.45],
          ],
        ],
      },
    ]);
    const { table, layers } = await buildLand([{ name: 'flood-wallonia', file, date: '2025-01-01' }], { area: [4.8, 50.4, 5.0, 50.5], builtAt: 'test' });
    expect(layers[0]).toMatchObject({ read: 2, kept: 1 });
    // The layer's own extent (its features', having no bbox) within the area.
    expect(table.layers[0]?.extent).toEqual([4.86, 50.45, 5, 50.46]);
  });
});

describe('a layer is judged whole', () => {
  it('a file whose class attribute is not the layer’s is refused by the command, and nothing is written', async () => {
    const file = path.join(dir, 'wrong.geojson');
    await writeGeoJson(
      file,
      Array.from({ length: 10 }, (_, i) => ({
        properties: { ALEA: i < 4 ? 'Élevé' : `zone ${i}` },
        rings: [
          [
            [4.8, 50.4],
            [4.81, 50.4],
            [4.81, 50.41],
            [4.8, 50.4],
          ],
        ],
      })),
    );
    const out = path.join(dir, 'refused.json');
    const run = spawnSync('node', ['scripts/facts-build.ts', '--layer', `flood-wallonia=${file}`, '--out', out], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('facts:build: flood-wallonia: 6 of 10 features have no class this layer knows in any of ALEA, VALEUR, CLASSE, ALEA_INOND, class (seen: "zone 4" ×1');
    expect(run.stderr).toContain('nothing was written');
    await expect(stat(out)).rejects.toThrow();
    // The same file with its class in another attribute, named by --field: read.
    const named = spawnSync('node', ['scripts/facts-build.ts', '--layer', `flood-wallonia=${file}`, '--field', 'flood-wallonia=NOPE', '--out', out], { encoding: 'utf8' });
    expect(named.status).toBe(1);
    expect(named.stderr).toContain('in the attribute NOPE');
  });

  it('a table past what a publish carries is refused, with the way to cut it, and nothing is written', async () => {
    const out = path.join(dir, 'too-big.json');
    const logged: string[] = [];
    const errors: string[] = [];
    const error = console.error;
    console.error = (line: string) => void errors.push(line);
    try {
      expect(await factsBuild({ inputs: [...DEMO_LAND_INPUTS], area: null, out, maxMegabytes: 0.001, log: (line) => logged.push(line) })).toBe(false);
    } finally {
      console.error = error;
    }
    expect(errors.join('\n')).toMatch(/the table would be [\d.]+ MB, more than the 0.001 MB a publish carries; cut it to the agency’s area with --area agency; nothing was written/);
    await expect(stat(out)).rejects.toThrow();
  });

  it('refuses a wrong argument before reading anything', () => {
    const run = spawnSync('node', ['scripts/facts-build.ts', '--layer', 'floods=x.geojson'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('floods is no layer this build reads');
  });

  it('reads Statbel’s yearly rows and leaves its quarters and unreadable rows out; a table with none readable is refused', async () => {
    const file = path.join(dir, 'statbel.csv');
    await writeFile(
      file,
      'CD_YEAR|CD_TYPE_FR|CD_REFNIS|CD_PERIOD|MS_TRANSACTIONS|MS_P_50\n2025|Maisons d’habitation ordinaires|92094|Y|412|272500\n2025|Maisons d’habitation ordinaires|92094|Q1|98|1\n2025|Garages|92094|Y|20|15000\n2025|Appartements, flats, studios|92094|Y|120|215 000\n',
    );
    const { table } = await buildLand([{ name: 'statbel', file, date: '2026-06-15' }], { area: null, builtAt: 'test' });
    expect(table.tables.statbel?.rows).toEqual([
      ['92094', 'house', 2025, 272500, 412],
      ['92094', 'apartment', 2025, 215000, 120],
    ]);
    await writeFile(file, 'CD_YEAR|CD_TYPE_FR|CD_REFNIS|MS_P_50\n2025|Garages|92094|15000\n');
    await expect(buildLand([{ name: 'statbel', file, date: '2026-06-15' }], { area: null, builtAt: 'test' })).rejects.toThrow(LandBuildError);
  });
});

describe('projections', () => {
  it('a Lambert 72 file that does not say so is refused, not put off the map; --crs names it', async () => {
    const file = path.join(dir, 'unnamed.geojson');
    await writeGeoJson(file, ZONES);
    await expect(buildLand([{ name: 'flood-wallonia', file, date: '2025-01-01' }], { area: null, builtAt: 'test' })).rejects.toThrow('coordinates that are not degrees');
    const { layers } = await buildLand([{ name: 'flood-wallonia', file, date: '2025-01-01', crs: 'EPSG:31370' }], { area: null, builtAt: 'test' });
    expect(layers[0]?.kept).toBe(3);
  });

  it('a projection the build does not know is refused', async () => {
    const file = path.join(dir, 'dutch.shp');
    await writeShapefile(file.replace(/\.shp$/, ''), ZONES, { columns: ['ALEA'], prj: 'PROJCS["Amersfoort_RD_New"]' });
    await expect(buildLand([{ name: 'flood-wallonia', file, date: '2025-01-01' }], { area: null, builtAt: 'test' })).rejects.toThrow('names a projection this build does not know');
  });
});
