/**
 * Demo photos and documents: every `/media/…` image the content refers to is drawn
 * deterministically (flat illustrations per property type, portraits, valley scenes), every
 * `/media/….pdf` made as a small plan or brochure, and stored in R2 under the same key
 * without `/media/`. Existing keys are kept, so restarts are quick.
 *
 *   node scripts/seed-media.ts [--dir content/demo] [--force]
 */
import sharp from 'sharp';
import { command } from './lib/cli.ts';
import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { propertyPhotoSvg, type PropertyKind } from './lib/illustrations.ts';
import { landscapeSvg, portraitSvg } from './lib/portraits.ts';
import { demoDocument, documentUrls } from './lib/demo-documents.ts';

export interface MediaJob {
  key: string;
  url: string;
  width: number;
  height: number;
  svg: () => string;
}

export interface MediaBucket {
  head(key: string): Promise<unknown>;
  put(key: string, value: ArrayBuffer | Uint8Array, options?: { httpMetadata?: { contentType?: string; cacheControl?: string } }): Promise<unknown>;
}

const IMAGE_URL = /^\/media\/[a-z0-9/_-]+\.(jpg|jpeg|png|webp)$/i;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : null;
}

/** Every image URL in the content, with the size of the object that refers to it when it says. */
function collect(value: unknown, found: Map<string, { width?: number; height?: number }>): void {
  if (typeof value === 'string') {
    if (IMAGE_URL.test(value) && !found.has(value)) found.set(value, {});
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, found);
    return;
  }
  const obj = record(value);
  if (!obj) return;
  const url = obj.Url ?? obj.url;
  if (typeof url === 'string' && IMAGE_URL.test(url) && typeof obj.Width === 'number' && typeof obj.Height === 'number') {
    found.set(url, { width: obj.Width, height: obj.Height });
  }
  for (const child of Object.values(obj)) collect(child, found);
}

const KIND_BY_WEBID: Record<string, PropertyKind> = { '1': 'house', '2': 'apartment', '3': 'land', '4': 'other', '5': 'commerce', '17': 'furnished' };

/** What to draw for each image URL of the content. */
export function mediaJobs(content: unknown): MediaJob[] {
  const found = new Map<string, { width?: number; height?: number }>();
  collect(content, found);
  const root = record(content) ?? {};
  const kinds = new Map<number, PropertyKind>();
  for (const p of Array.isArray(root.properties) ? root.properties : []) {
    const r = record(p);
    if (r && typeof r.ID === 'number') kinds.set(r.ID, KIND_BY_WEBID[String(r.WebID)] ?? 'other');
  }
  for (const p of Array.isArray(root.projects) ? root.projects : []) {
    const r = record(p);
    if (r && typeof r.ID === 'number') kinds.set(r.ID, 'project');
  }
  return [...found].map(([url, size]) => {
    const key = url.replace(/^\/media\//, '');
    const demo = /^demo\/(\d+)\/(\d+)\./.exec(key);
    if (demo) {
      const id = Number(demo[1]);
      const index = Number(demo[2]);
      const kind = kinds.get(id) ?? 'house';
      const width = size.width ?? 1050;
      const height = size.height ?? 700;
      const svg = kind === 'land' ? () => landscapeSvg({ seed: `${id}/${index}`, width, height, plot: true }) : () => propertyPhotoSvg({ kind, index, seed: id, width, height });
      return { key, url, width, height, svg };
    }
    // The mails' logo: the site's own mark, as a PNG (mail clients show no SVG), served from media for webmail.
    if (key === 'site/logo-mail.png') return { key, url, width: 96, height: 96, svg: () => readFileSync('client/public/logo.svg', 'utf8').replace('<svg ', '<svg width="96" height="96" ') };
    if (key.startsWith('team/')) {
      const width = size.width ?? 600;
      const height = size.height ?? 600;
      return { key, url, width, height, svg: () => portraitSvg({ seed: key, width, height }) };
    }
    const width = size.width ?? 1600;
    const height = size.height ?? 800;
    return { key, url, width, height, svg: () => landscapeSvg({ seed: key, width, height }) };
  });
}

async function render(job: MediaJob): Promise<{ bytes: Uint8Array; type: string }> {
  const image = sharp(Buffer.from(job.svg()));
  if (/\.png$/i.test(job.key)) return { bytes: await image.png().toBuffer(), type: 'image/png' };
  if (/\.webp$/i.test(job.key)) return { bytes: await image.webp({ quality: 78 }).toBuffer(), type: 'image/webp' };
  // libjpeg-turbo, not mozjpeg: these are the demo's originals, which the Images binding resizes
  // for pages and mails (only a crawler following the JSON-LD fetches one as it is). mozjpeg made
  // them a sixth smaller (43 against 52 KB for a listing's photo) for 55–80 ms more CPU each,
  // about half the drawing: 20–30 CPU-seconds of every fresh `npm start` and browser test run.
  return { bytes: await image.jpeg({ quality: 78, progressive: true }).toBuffer(), type: 'image/jpeg' };
}

/** Draws and stores the missing images (all with `force`), two at a time. */
export async function seedMedia(bucket: MediaBucket, content: unknown, options: { force?: boolean; log?: (line: string) => void } = {}): Promise<{ created: number; skipped: number }> {
  const jobs = mediaJobs(content);
  let created = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      if (!options.force && (await bucket.head(job.key))) {
        skipped++;
        continue;
      }
      const { bytes, type } = await render(job);
      await bucket.put(job.key, bytes, { httpMetadata: { contentType: type, cacheControl: 'public, max-age=86400' } });
      created++;
      if (created % 50 === 0) options.log?.(`  photos ${created + skipped}/${jobs.length}`);
    }
  };
  await Promise.all([worker(), worker()]);
  // The downloadable documents (plans, brochures): small real PDFs.
  for (const url of documentUrls(content)) {
    const key = url.replace(/^\/media\//, '');
    if (!options.force && (await bucket.head(key))) {
      skipped++;
      continue;
    }
    await bucket.put(key, await demoDocument(url), { httpMetadata: { contentType: 'application/pdf' } });
    created++;
  }
  return { created, skipped };
}

/** The JSON parts of a content folder that can refer to images. */
export async function readContentJson(dir: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const part of ['site', 'menu', 'articles', 'team', 'properties', 'projects']) {
    const file = `${dir}/${part}.json`;
    if (existsSync(file)) out[part] = JSON.parse(await readFile(file, 'utf8'));
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = command({
    name: 'node scripts/seed-media.ts',
    usage: ['node scripts/seed-media.ts [--dir content/demo] [--force]'],
    options: { dir: { type: 'string', default: 'content/demo' }, force: { type: 'boolean', default: false } },
  });
  const { withLocalPlatform } = await import('./lib/local-platform.ts');
  const started = performance.now();
  const result = await withLocalPlatform(async (env) => seedMedia(env.FILES, await readContentJson(values.dir), { force: values.force, log: console.log }));
  console.log(`photos: ${result.created} created, ${result.skipped} kept, in ${Math.round(performance.now() - started)} ms`);
}
