/**
 * npm run facts:build -- --layer NAME=FILE [--layer NAME=FILE …] [--area agency|W,S,E,N]
 *                        [--date NAME=YYYY-MM-DD] [--field NAME=ATTRIBUTE] [--crs NAME=EPSG:31370]
 *                        [--licence NAME=TEXT] [--dir content/<agency>] [--out FILE]
 *
 * Reads the official layers an operator downloaded (GeoJSON, Shapefile or GeoPackage; tables
 * as CSV) and writes <dir>/land.json: each layer's shapes within the agency's area with their
 * class, and its publisher, date, licence and validity. The next content:publish (or CRM
 * sync) joins every listing to it: flood, zoning, noise, radon and deed prices on its page,
 * the list's flood filter, and the statements the law asks for that the CRM left out.
 * Layers: flood-wallonia, runoff-wallonia, flood-flanders-parcel, flood-flanders-building,
 * flood-luxembourg, zoning-wallonia, zoning-flanders, noise-road, noise-rail, communes,
 * sectors; tables: radon, statbel, observatoire. Prints what each layer kept, the classes,
 * the values no rule knows, the time and the peak memory. Exit 1 when a layer is refused
 * (nothing is written), 2 on a wrong argument.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { command, run } from './lib/cli.ts';
import { contentDir } from './lib/agency-scope.ts';
import { isLayerName, isTableName, LAYER_NAMES, TABLE_NAMES } from '../content/land/layers.ts';
import type { Extent } from '../content/land/table.ts';
import { areaAround, buildLand, LandBuildError, type LayerInput } from './lib/land-build.ts';
import { LayerReadError } from './lib/land-readers.ts';
import { forTerminal } from './lib/terminal.ts';

/** The listings' and projects' positions of a content folder: what `--area agency` draws its box around. */
export async function agencyPositions(dir: string): Promise<{ lat: number; lng: number }[]> {
  const read = async (file: string) => JSON.parse(await readFile(join(dir, file), 'utf8').catch(() => '[]')) as { Latitude?: unknown; Longitude?: unknown }[];
  const items = [...(await read('properties.json')), ...(await read('projects.json'))];
  return items.filter((p) => typeof p.Latitude === 'number' && typeof p.Longitude === 'number').map((p) => ({ lat: p.Latitude as number, lng: p.Longitude as number }));
}

/**
 * The table travels in the content source, one KV value (25 MiB at most) that the cron's pull
 * reads whole: a table past this is refused, with the way to cut it.
 */
export const MAX_TABLE_MEGABYTES = 20;

export async function factsBuild(args: { inputs: LayerInput[]; area: Extent | null; out: string; builtAt?: string; maxMegabytes?: number; log?: (line: string) => void }): Promise<boolean> {
  const log = args.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  try {
    const built = await buildLand(args.inputs, { area: args.area, builtAt: args.builtAt ?? new Date().toISOString() });
    const text = `${JSON.stringify(built.table)}\n`;
    const megabytes = Buffer.byteLength(text) / 2 ** 20;
    const max = args.maxMegabytes ?? MAX_TABLE_MEGABYTES;
    if (megabytes > max)
      throw new LandBuildError(
        `the table would be ${megabytes.toFixed(1)} MB, more than the ${max} MB a publish carries${args.area ? '; cut it to a smaller --area' : '; cut it to the agency’s area with --area agency'}`,
      );
    await writeFile(args.out, text);
    if (args.area) log(`Area: ${args.area.join(', ')} (west, south, east, north)`);
    for (const layer of built.layers) {
      const counted = Object.entries(layer.classes).sort((a, b) => b[1] - a[1]);
      const classes = `${counted
        .slice(0, 8)
        .map(([cls, n]) => `${forTerminal(cls)} ${n}`)
        .join(', ')}${counted.length > 8 ? `, … ${counted.length - 8} more` : ''}`;
      log(`  ${layer.name}: ${layer.read} features read, ${layer.kept} kept in the area${classes ? ` (${classes})` : ''}; ${layer.seconds.toFixed(1)} s`);
      const unknown = Object.entries(layer.unknown);
      if (unknown.length) log(`    without a known class, left out: ${unknown.map(([v, n]) => `"${forTerminal(v)}" ×${n}`).join(', ')}`);
      if (layer.otherGeometry) log(`    of another geometry, left out: ${layer.otherGeometry}`);
    }
    for (const table of built.tables) log(`  ${table.name}: ${table.rows} rows${table.skipped ? `, ${table.skipped} unreadable rows left out` : ''}`);
    for (const layer of built.table.layers) log(`  ${layer.name}: ${layer.source.publisher}, dated ${layer.source.date}, shown until ${layer.source.validTo} (${layer.source.licence})`);
    log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    log(`Wrote ${args.out} (${Math.round(text.length / 1024)} KB). Publish the content to join the listings to it.`);
    return true;
  } catch (error) {
    if (!(error instanceof LandBuildError || error instanceof LayerReadError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.error(`facts:build: ${forTerminal((error as Error).message)}; nothing was written.`);
    return false;
  }
}

/** `NAME=VALUE` options as a map; a name given twice or without a value is refused. */
function named(values: readonly string[] | undefined, option: string, fail: (problem: string) => never): Map<string, string> {
  const map = new Map<string, string>();
  for (const value of values ?? []) {
    const at = value.indexOf('=');
    if (at <= 0 || at === value.length - 1) fail(`--${option} takes NAME=VALUE, got ${value}`);
    const name = value.slice(0, at);
    if (map.has(name)) fail(`--${option} ${name} is given twice`);
    map.set(name, value.slice(at + 1));
  }
  return map;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, fail } = command({
    name: 'npm run facts:build',
    usage: [
      'npm run facts:build -- --layer NAME=FILE [--layer NAME=FILE …] [--area agency|W,S,E,N] [--date NAME=YYYY-MM-DD] [--field NAME=ATTRIBUTE] [--crs NAME=EPSG:31370] [--licence NAME=TEXT] [--dir DIR] [--out FILE]',
    ],
    options: {
      layer: { type: 'string', multiple: true },
      date: { type: 'string', multiple: true },
      field: { type: 'string', multiple: true },
      crs: { type: 'string', multiple: true },
      licence: { type: 'string', multiple: true },
      area: { type: 'string' },
      dir: { type: 'string' },
      agency: { type: 'string' },
      out: { type: 'string' },
      'built-at': { type: 'string' },
      'max-megabytes': { type: 'string' },
    },
  });
  const layers = named(values.layer, 'layer', fail);
  if (layers.size === 0) fail('--layer NAME=FILE names at least one layer');
  for (const name of layers.keys()) if (!isLayerName(name) && !isTableName(name)) fail(`${name} is no layer this build reads (${[...LAYER_NAMES, ...TABLE_NAMES].join(', ')})`);
  const dates = named(values.date, 'date', fail);
  const fields = named(values.field, 'field', fail);
  const crs = named(values.crs, 'crs', fail);
  const licences = named(values.licence, 'licence', fail);
  for (const [option, map] of [
    ['date', dates],
    ['field', fields],
    ['crs', crs],
    ['licence', licences],
  ] as const)
    for (const name of map.keys()) if (!layers.has(name)) fail(`--${option} ${name}: no --layer ${name}`);
  for (const [name, date] of dates) if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`--date ${name} takes YYYY-MM-DD`);
  const dir = contentDir(values.dir);
  let area: Extent | null = null;
  if (values.area === 'agency') {
    area = areaAround(await agencyPositions(dir));
    if (!area) fail(`--area agency: ${dir} has no listing with a position`);
  } else if (values.area !== undefined) {
    const box = values.area.split(',').map(Number);
    if (box.length !== 4 || box.some((n) => !Number.isFinite(n)) || (box[0] ?? 0) >= (box[2] ?? 0) || (box[1] ?? 0) >= (box[3] ?? 0)) fail('--area takes agency, or west,south,east,north in degrees');
    area = box as Extent;
  }
  const inputs: LayerInput[] = [...layers].map(([name, file]) => ({
    name: name as LayerInput['name'],
    file,
    field: fields.get(name),
    date: dates.get(name),
    crs: crs.get(name),
    licence: licences.get(name),
  }));
  const maxMegabytes = values['max-megabytes'] === undefined ? undefined : Number(values['max-megabytes']);
  if (maxMegabytes !== undefined && !(maxMegabytes > 0)) fail('--max-megabytes takes a positive number');
  let ok = false;
  await run('npm run facts:build', async () => {
    ok = await factsBuild({
      inputs,
      area,
      out: values.out ?? join(dir, 'land.json'),
      ...(values['built-at'] ? { builtAt: values['built-at'] } : {}),
      ...(maxMegabytes !== undefined ? { maxMegabytes } : {}),
    });
  });
  process.exit(ok ? 0 : 1);
}
