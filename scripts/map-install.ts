/**
 * npm run map:install -- --local|--remote [--file PATH] [--persist-to DIR]
 *
 * Installs the map's basemap, a PMTiles archive, in R2 (map/basemap.pmtiles), where the
 * worker serves it as tiles under the site's own origin. With --file, the archive given
 * (a Protomaps extract cut with `pmtiles extract`, see the README); without, the offline
 * base built here from Natural Earth (world-atlas) with the demo's towns. `npm start` and
 * the tests install the offline base when no archive is there.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { command, WHERE_OPTIONS } from './lib/cli.ts';
import type { Topology } from 'topojson-specification';
import { baseDescription, baseTiles, townsOf } from '../content/basemap/offline-base.ts';
import { writeArchive } from '../content/basemap/pmtiles-writer.ts';
import { BASEMAP_KEY } from '../worker/map/basemap-archive.ts';
import { withLocalPlatform } from './lib/local-platform.ts';
import { readContentJson } from './seed-media.ts';

/** R2's custom metadata on the installed object: where it came from, and for the base, which towns. */
interface Installed {
  source: 'offline-base' | 'file';
  towns?: string;
}

/** What the set-up step needs of the R2 bucket. */
export interface BasemapBucket {
  head(key: string): Promise<{ customMetadata?: Record<string, string> | undefined } | null>;
  put(key: string, value: Uint8Array, options: R2PutOptions): Promise<unknown>;
}

/** The offline base's archive for a content's listings, and a fingerprint of their towns. */
export async function offlineBase(listings: unknown): Promise<{ bytes: Uint8Array; towns: string }> {
  const require = createRequire(import.meta.url);
  const world = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8')) as Topology;
  const towns = townsOf(Array.isArray(listings) ? listings : []);
  const bytes = await writeArchive(baseTiles(world, towns), baseDescription());
  return { bytes, towns: createHash('sha256').update(JSON.stringify(towns)).digest('hex').slice(0, 16) };
}

/**
 * The set-up's step: the offline base, unless an archive is there already — an operator's
 * own extract is never replaced, the base only when the listings' towns changed.
 */
export async function ensureBasemap(bucket: BasemapBucket, listings: unknown): Promise<'installed' | 'kept'> {
  const present = await bucket.head(BASEMAP_KEY);
  const installed = present?.customMetadata as Installed | undefined;
  if (present && installed?.source !== 'offline-base') return 'kept';
  const base = await offlineBase(listings);
  if (present && installed?.towns === base.towns) return 'kept';
  await bucket.put(BASEMAP_KEY, base.bytes, { httpMetadata: { contentType: 'application/vnd.pmtiles' }, customMetadata: { source: 'offline-base', towns: base.towns } });
  return 'installed';
}

function isArchive(bytes: Uint8Array): boolean {
  return new TextDecoder().decode(bytes.subarray(0, 7)) === 'PMTiles' && bytes[7] === 3;
}

const USAGE = 'Usage: npm run map:install -- --local|--remote [--file PATH] [--persist-to DIR]';

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = command({
    name: 'npm run map:install',
    usage: ['npm run map:install -- --local|--remote [--file map.pmtiles] [--persist-to DIR]'],
    options: { ...WHERE_OPTIONS, file: { type: 'string' } },
  });
  if (values.local === values.remote) {
    console.error(USAGE);
    process.exit(2);
  }
  const bytes = values.file ? new Uint8Array(readFileSync(values.file)) : (await offlineBase((await readContentJson('content/demo')).properties)).bytes;
  if (!isArchive(bytes)) {
    console.error(`${values.file} is not a PMTiles version 3 archive.`);
    process.exit(1);
  }
  const metadata: Installed = { source: values.file ? 'file' : 'offline-base' };
  if (values.local) {
    await withLocalPlatform(async (env) => {
      await env.FILES.put(BASEMAP_KEY, bytes, { httpMetadata: { contentType: 'application/vnd.pmtiles' }, customMetadata: { ...metadata } });
    }, values['persist-to']);
  } else {
    let file = values.file;
    if (!file) {
      file = path.join(mkdtempSync(path.join(tmpdir(), 'basemap-')), 'basemap.pmtiles');
      writeFileSync(file, bytes);
    }
    const bucket = /bucket_name\s*=\s*"([^"]+)"/.exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
    if (!bucket) throw new Error('no R2 bucket_name in wrangler.toml');
    execFileSync('npx', ['wrangler', 'r2', 'object', 'put', `${bucket}/${BASEMAP_KEY}`, '--remote', '--file', file, '--content-type', 'application/vnd.pmtiles'], { stdio: 'inherit' });
  }
  console.log(`basemap installed (${(bytes.length / 1024).toFixed(0)} KB, ${metadata.source === 'file' ? values.file : 'offline base'}) at ${BASEMAP_KEY}`);
}
