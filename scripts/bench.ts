/**
 * npm run bench [-- --dir .demo-large] [--quick] [--no-load]: the built worker in Miniflare (workerd
 * without wrangler's proxy), the content published into its KV, and autocannon on
 * loopback. Prints one table and writes docs/bench/results.json (with the commit and machine). Figures are reported, never
 * asserted. Then the load run (scripts/bench-load.ts: 200 connections for 60 s
 * with form posts in between; 10 s with --quick; skipped with --no-load).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { command } from './lib/cli.ts';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { buildClient } from './build-client.ts';
import { freePort } from './lib/free-port.ts';
import { loadContent } from '../content/load.ts';
import { compileContent } from '../content/compile.ts';
import { kvPublishStore, publishVersion, versionName } from '../content/publish.ts';
import { writeBenchRecord } from './lib/bench-record.ts';
import { benchSite } from './lib/bench-site.ts';
import { applyMigrations, readMigrations } from './lib/local-migrations.ts';
import { announcedScripts } from './lib/first-load.ts';
import { coldListUrls, shuffled } from './lib/cold-urls.ts';
import { cpuPerDispatch, cpuPerDistinct, cpuPerRequest, HEADERS, load, loadDistinct, profileDistinct, workerdPid, type LoadResult } from './lib/bench-measure.ts';
import type { CardView } from '../domain/bundles.ts';
import { isGone, utcDay } from '../domain/rules/gone.ts';

interface CpuResult {
  name: string;
  /** workerd CPU (user + system) per request as visitors are served: from the page cache once rendered. */
  servedMs: number;
  /** The same when every request renders with streaming SSR (cache bypassed, bench-only header). */
  streamMs: number | null;
  /** The same with renderToString (bench-only header). */
  stringMs: number | null;
}

interface KvResult {
  name: string;
  reads: number;
  writes: number;
}

interface FirstLoad {
  name: string;
  jsGzip: number;
  cssGzip: number;
  htmlGzip: number;
  /** Gzip bytes of what the page preloads `as="fetch"` (its dictionary): once per language and content version, then cached. */
  fetchGzip: number;
  /** Where the first 14 KB of gzip HTML end, and what lies before. */
  first14k: { headEnd: boolean; cssLink: boolean; lcpImage: boolean | null; lcpPriority: boolean | null };
}

const WINDOW = 14 * 1024;

/**
 * Counts KV calls of the site for `KV reads per request`: the counted copy of the worker
 * reaches KV through this RPC entrypoint, the measured copy reads KV directly.
 */
const KV_COUNTER = `
import { WorkerEntrypoint } from 'cloudflare:workers';
let reads = 0;
let writes = 0;
export class CountingKV extends WorkerEntrypoint {
  get(key, options) { reads++; return this.env.KV.get(key, options); }
  getWithMetadata(key, options) { reads++; return this.env.KV.getWithMetadata(key, options); }
  list(options) { reads++; return this.env.KV.list(options); }
  put(key, value, options) { writes++; return this.env.KV.put(key, value, options); }
  delete(key) { writes++; return this.env.KV.delete(key); }
}
export default {
  fetch() {
    const body = JSON.stringify({ reads, writes });
    reads = 0;
    writes = 0;
    return new Response(body);
  },
};
`;

async function bundleWorker(minify = true): Promise<string> {
  const outdir = minify ? '.tmp/bench-worker' : '.tmp/bench-worker-names';
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir, `--minify=${minify}`], { stdio: 'ignore' });
  return `${outdir}/index.js`;
}

/** Gzip bytes of the scripts and stylesheets a page asks for on first load. */
async function firstLoad(name: string, html: string, origin: string): Promise<FirstLoad> {
  const gz = async (paths: string[]) => {
    let total = 0;
    for (const p of new Set(paths)) total += gzipSync(await readFile(`dist/client${p}`), { level: 9 }).length;
    return total;
  };
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const hrefOf = (rel: string) =>
    links
      .filter((l) => new RegExp(`rel="${rel}"`).test(l))
      .map((l) => /href="([^"]+)"/.exec(l)?.[1])
      .filter((f): f is string => f !== undefined && f.startsWith('/static/'));
  const js = announcedScripts(html).filter((f) => f.startsWith('/static/'));
  const css = hrefOf('stylesheet');
  let fetchGzip = 0;
  for (const link of links.filter((l) => /rel="preload"/.test(l) && /as="fetch"/.test(l))) {
    const href = /href="([^"]+)"/.exec(link)?.[1];
    if (href) fetchGzip += gzipSync(Buffer.from(await (await fetch(`${origin}${href}`)).arrayBuffer()), { level: 6 }).length;
  }
  const bytes = Buffer.from(html);
  // Gzip of the prefix ending at a marker: is it inside the first 14 KB on the wire?
  const within = (index: number) => index >= 0 && gzipSync(bytes.subarray(0, Buffer.byteLength(html.slice(0, index))), { level: 6 }).length <= WINDOW;
  // The LCP candidate: the image the page asks for first (eager, fetchpriority=high).
  const img = /<img[^>]*fetchpriority="high"[^>]*>/i.exec(html);
  const imgIndex = img ? img.index : -1;
  return {
    name,
    jsGzip: await gz(js),
    cssGzip: await gz(css),
    htmlGzip: gzipSync(bytes, { level: 6 }).length,
    fetchGzip,
    first14k: {
      headEnd: within(html.indexOf('</head>')),
      cssLink: within(html.indexOf('rel="stylesheet"')),
      lcpImage: img ? within(imgIndex + img[0].length) : null,
      lcpPriority: img ? !/loading="lazy"/.test(img[0]) : null,
    },
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const { values } = command({
    name: 'npm run bench',
    usage: ['npm run bench -- [--dir content/demo] [--seconds N] [--quick] [--no-load]'],
    options: { dir: { type: 'string', default: 'content/demo' }, seconds: { type: 'string' }, quick: { type: 'boolean', default: false }, 'no-load': { type: 'boolean', default: false } },
  });
  const quick = values.quick ?? false;
  const seconds = Math.max(1, Math.min(30, Number(values.seconds) || (quick ? 2 : 5)));
  const cpuCount = quick ? 300 : 1000;
  const assets = await buildClient({ quiet: true });
  const scriptPath = await bundleWorker();
  // The profiled copy keeps its function names, so samples can be charged to phases.
  const namedScriptPath = await bundleWorker(false);
  // The site answers only for its own origin, so it must know its port before it starts.
  const port = await freePort();
  const inspectorPort = await freePort();
  const toml = await readFile('wrangler.toml', 'utf8');
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(toml)?.[1] ?? '2026-11-01';
  const site = benchSite(scriptPath, compatibilityDate, `http://127.0.0.1:${port}`);

  const started = performance.now();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      inspectorPort,
      workers: [
        // Renders and its own isolate's page cache; the data centre's cache is measured apart
        // (site-colo): Miniflare emulates the Cache API inside this same process, so its work
        // would be charged to every cold request here, which production does not do.
        { ...site, name: 'site', kvNamespaces: { CONTENT: 'content' }, bindings: { ...site.bindings, PAGE_CACHE: 'isolate' } },
        { ...site, bindings: { ...site.bindings, SITE_ORIGIN: 'http://colo.bench', PAGE_CACHE: 'data-centre' }, name: 'site-colo', routes: ['colo.bench/*'], kvNamespaces: { CONTENT: 'content' } },
        // The same worker with KV behind the counter, measured apart so counting costs nothing above.
        {
          ...site,
          bindings: { ...site.bindings, SITE_ORIGIN: 'http://counted.bench' },
          name: 'site-counted',
          routes: ['counted.bench/*'],
          serviceBindings: { CONTENT: { name: 'kv-counter', entrypoint: 'CountingKV' } },
        },
        // The same worker unminified, for the CPU profile; same KV, its own isolate.
        {
          ...site,
          scriptPath: namedScriptPath,
          bindings: { ...site.bindings, SITE_ORIGIN: 'http://profiled.bench', PAGE_CACHE: 'isolate' },
          name: 'site-profiled',
          routes: ['profiled.bench/*'],
          kvNamespaces: { CONTENT: 'content' },
        },
        { name: 'kv-counter', routes: ['counter.bench/*'], modules: true, script: KV_COUNTER, compatibilityDate, kvNamespaces: { KV: 'content' } },
      ],
    }),
  );
  const url = (await mf.ready).toString().replace(/\/$/, '');
  const readyMs = Math.round(performance.now() - started);
  const pid = await workerdPid();

  const content = await loadContent(values.dir);
  if (!content.ok) throw new Error(`content invalid: ${content.problems.length} problems`);
  const publishStarted = performance.now();
  const compiled = compileContent(content.content);
  const version = await versionName(compiled);
  const bindings = await mf.getBindings<Env>('site');
  await applyMigrations(bindings.DB, await readMigrations());
  await publishVersion(kvPublishStore(bindings.CONTENT), compiled, { version });
  const publishMs = Math.round(performance.now() - publishStarted);

  // The first page request pays the isolate's start (bundle evaluation) on top of a render.
  const coldStarted = performance.now();
  await (await fetch(`${url}/fr/nos-services/`, { headers: HEADERS })).arrayBuffer();
  const firstRequestMs = Math.round(performance.now() - coldStarted);
  const warmStarted = performance.now();
  await (await fetch(`${url}/fr/nos-services/`, { headers: HEADERS })).arrayBuffer();
  const warmRequestMs = Math.round(performance.now() - warmStarted);

  const listResponse = await fetch(`${url}/api/page?lang=fr&path=/fr/a-vendre/`);
  const listText = await listResponse.text();
  if (!listResponse.ok) throw new Error(`list JSON: HTTP ${listResponse.status} ${listText.slice(0, 300)}`);
  const listing = JSON.parse(listText) as { list: { cards: { path: string }[] } };
  const detailPath = listing.list.cards[0]?.path ?? '/fr/';
  const staticPath = assets.css;
  const pages = [
    ['home', '/fr/'],
    ['list', '/fr/a-vendre/'],
    ['detail', detailPath],
    ['module page', '/fr/nos-services/'],
  ] as const;
  // Warm-up: every page once, so isolates have parsed their bundles and content.
  for (const [, path] of pages) await (await fetch(`${url}${path}`, { headers: HEADERS })).arrayBuffer();

  const results: LoadResult[] = [await load(url, 'static file', staticPath, seconds, false)];
  for (const [name, path] of pages) results.push(await load(url, name, path, seconds, true));
  const staticRps = results[0]?.requestsPerSecond ?? 1;

  // Cold: distinct list URLs, never asked before in this isolate (sale lists of the four languages).
  const listPaths = ['/fr/a-vendre/', '/nl/te-koop/', '/en/for-sale/', '/de/zu-verkaufen/'];
  const types = [undefined, ...(JSON.parse(listText) as { list: { types: { value: string }[] } }).list.types.map((t) => t.value)];
  const coldUrls = coldListUrls(listPaths, types);
  const half = Math.floor(coldUrls.length / 2);
  const cold = await loadDistinct(url, coldUrls.slice(0, half), seconds);
  const coldCpuMs = await cpuPerDistinct(pid, url, coldUrls.slice(half), Math.min(cpuCount, coldUrls.length - half - 20));

  // Cold details: every property page of the four languages (not those gone: 410), shuffled, each asked once.
  const today = utcDay(new Date());
  const detailUrls = shuffled(
    (['fr', 'nl', 'en', 'de'] as const).flatMap((lang) => (JSON.parse(compiled.get(`listing/${lang}`) ?? '[]') as CardView[]).filter((card) => !isGone(card.goneOn, today)).map((card) => card.path)),
  );
  const detailHalf = Math.floor(detailUrls.length / 2);
  const coldDetail = await loadDistinct(url, detailUrls.slice(0, detailHalf), seconds);
  const coldDetailCpuMs = await cpuPerDistinct(pid, url, detailUrls.slice(detailHalf), Math.min(cpuCount, detailUrls.length - detailHalf - 20));

  // The data centre's cache: URLs rendered once (a miss everywhere, then kept), then asked again
  // after this isolate's own cache has let them go (it keeps ~24 MB), as another isolate would.
  const colo = (path: string) => mf.dispatchFetch(`http://colo.bench${path}`, { headers: HEADERS });
  const coloUrls = shuffled(coldUrls, 11).slice(0, quick ? 700 : 900);
  const coloMissCpuMs = await cpuPerDispatch(pid, colo, coloUrls, 'rendered');
  const coloHitCpuMs = await cpuPerDispatch(pid, colo, coloUrls.slice(0, 150), 'colo');

  // Where a cold render's CPU goes: a CPU profile of the unminified copy over URLs it never saw.
  const profiled = (path: string) => mf.dispatchFetch(`http://profiled.bench${path}`, { headers: HEADERS });
  const profileCount = quick ? 150 : 400;
  const coldListProfile = await profileDistinct(inspectorPort, profiled, shuffled(coldUrls, 7).slice(0, profileCount + 10));
  const coldDetailProfile = await profileDistinct(inspectorPort, profiled, shuffled(detailUrls, 7).slice(0, Math.min(profileCount + 10, detailUrls.length)));

  const cpu: CpuResult[] = [{ name: 'static file', servedMs: await cpuPerRequest(pid, `${url}${staticPath}`, {}, cpuCount), streamMs: null, stringMs: null }];
  for (const [name, path] of pages) {
    cpu.push({
      name,
      servedMs: await cpuPerRequest(pid, `${url}${path}`, {}, cpuCount),
      streamMs: await cpuPerRequest(pid, `${url}${path}`, { 'X-Bench-Render': 'stream' }, cpuCount),
      stringMs: await cpuPerRequest(pid, `${url}${path}`, { 'X-Bench-Render': 'string' }, cpuCount),
    });
  }

  // The dictionary a page preloads, asked for once per language and content version.
  const homeHtml = await (await fetch(`${url}/fr/`, { headers: HEADERS })).text();
  const dictionaryPath = /<link\b[^>]*href="(\/api\/dictionary\/[^"]+)"[^>]*>/.exec(homeHtml)?.[1] ?? null;
  const dictionaryCpuMs = dictionaryPath ? await cpuPerRequest(pid, `${url}${dictionaryPath}`, {}, cpuCount) : null;

  // Miniflare routes these hosts to the counted copy and to the counter.
  const counted = { fetch: (url: string, init?: { headers: Record<string, string> }) => mf.dispatchFetch(url.replace('localhost', 'counted.bench'), init) };
  const counter = { fetch: (url: string) => mf.dispatchFetch(url.replace('localhost', 'counter.bench')) };
  const kv: KvResult[] = [];
  for (const [name, path] of pages) {
    for (let i = 0; i < 3; i++) await (await counted.fetch(`http://localhost${path}`, { headers: HEADERS })).arrayBuffer();
    await (await counter.fetch('http://localhost/')).text();
    const n = 20;
    for (let i = 0; i < n; i++) await (await counted.fetch(`http://localhost${path}`, { headers: HEADERS })).arrayBuffer();
    const counts = JSON.parse(await (await counter.fetch('http://localhost/')).text()) as { reads: number; writes: number };
    kv.push({ name, reads: counts.reads / n, writes: counts.writes / n });
  }

  const loads: FirstLoad[] = [];
  for (const [name, path] of pages) loads.push(await firstLoad(name, await (await fetch(`${url}${path}`, { headers: HEADERS })).text(), url));
  const workerBytes = await readFile(scriptPath);
  const sizes = {
    workerBundle: workerBytes.length,
    workerBundleGzip: gzipSync(workerBytes, { level: 9 }).length,
    readyMs,
    firstRequestMs,
    warmRequestMs,
  };
  await mf.dispose();
  const loadAverage = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

  console.log(`\nVitrine bench — content ${values.dir}, ${seconds} s per page, 10 connections, Miniflare (workerd), loopback; CPU over ${cpuCount} sequential requests; load ${loadAverage}\n`);
  console.log('"served": as visitors get it (from the page cache once rendered); "rendered": every request renders (cache bypassed)\n');
  console.log(
    'page          path                                 req/s  ×static  p50 ms  p99 ms  rendered req/s ×static  err  CPU ms served  CPU ms stream  CPU ms string  KV r/w   JS gz    CSS gz   HTML gz  dict gz',
  );
  for (const r of results) {
    const c = cpu.find((x) => x.name === r.name);
    const k = kv.find((x) => x.name === r.name);
    const f = loads.find((x) => x.name === r.name);
    console.log(
      [
        r.name.padEnd(13),
        r.path.slice(0, 36).padEnd(36),
        String(r.requestsPerSecond).padStart(5),
        (r.requestsPerSecond / staticRps).toFixed(2).padStart(7),
        String(r.p50).padStart(6),
        String(r.p99).padStart(6),
        (r.renderedRequestsPerSecond !== null ? String(r.renderedRequestsPerSecond) : '–').padStart(14),
        (r.renderedRequestsPerSecond !== null ? (r.renderedRequestsPerSecond / staticRps).toFixed(2) : '–').padStart(7),
        String(r.errors + r.non2xx).padStart(4),
        (c ? c.servedMs.toFixed(2) : '').padStart(14),
        (c?.streamMs != null ? c.streamMs.toFixed(2) : '–').padStart(14),
        (c?.stringMs != null ? c.stringMs.toFixed(2) : '–').padStart(14),
        (k ? `${k.reads}/${k.writes}` : '–').padStart(7),
        (f ? kb(f.jsGzip) : '–').padStart(8),
        (f ? kb(f.cssGzip) : '–').padStart(8),
        (f ? kb(f.htmlGzip) : '–').padStart(9),
        (f && f.fetchGzip > 0 ? kb(f.fetchGzip) : '–').padStart(8),
      ].join(' '),
    );
  }
  console.log(
    `\ncold list URLs (${coldUrls.length} distinct: type × min × max × sort × 4 languages, shuffled, each asked once): ${cold.requestsPerSecond} req/s = ${(cold.requestsPerSecond / staticRps).toFixed(2)}× static · p50 ${cold.p50} ms · p99 ${cold.p99} ms · ${cold.asked} asked · errors ${cold.errors} · CPU ${coldCpuMs.toFixed(2)} ms per cold render`,
  );
  console.log(
    `cold detail URLs (${detailUrls.length} distinct: every property × 4 languages, shuffled, each asked once): ${coldDetail.requestsPerSecond} req/s = ${(coldDetail.requestsPerSecond / staticRps).toFixed(2)}× static · p50 ${coldDetail.p50} ms · p99 ${coldDetail.p99} ms · errors ${coldDetail.errors} · CPU ${coldDetailCpuMs.toFixed(2)} ms per cold render`,
  );
  console.log(
    `data centre cache (Cache API, Miniflare's emulation in the same process): CPU ${coloMissCpuMs.toFixed(2)} ms per first render (render + store), ${coloHitCpuMs.toFixed(2)} ms per page another isolate serves from it (${coloUrls.length} URLs)`,
  );
  console.log('\nwhere a cold render spends its CPU (V8 profile of the unminified worker, ms per request; the profiler itself adds some):');
  console.log(`  ${'phase'.padEnd(46)} ${'list'.padStart(7)} ${'detail'.padStart(7)}`);
  for (const phase of Object.keys(coldListProfile.phases))
    console.log(`  ${phase.padEnd(46)} ${String(coldListProfile.phases[phase]?.toFixed(2)).padStart(7)} ${String(coldDetailProfile.phases[phase]?.toFixed(2)).padStart(7)}`);
  console.log(
    `  ${'total'.padEnd(46)} ${coldListProfile.totalMs.toFixed(2).padStart(7)} ${coldDetailProfile.totalMs.toFixed(2).padStart(7)}  (${coldListProfile.requests} and ${coldDetailProfile.requests} requests)`,
  );
  console.log('\nthe heaviest functions of a cold list render (self time, ms per request):');
  for (const { fn, ms } of coldListProfile.heaviest.slice(0, 15)) console.log(`  ${ms.toFixed(3).padStart(7)}  ${fn}`);
  console.log('\nfirst 14 KB of gzip HTML hold:');
  for (const f of loads) {
    const t = f.first14k;
    console.log(
      `  ${f.name.padEnd(12)} </head> ${t.headEnd ? 'yes' : 'NO'} · CSS link ${t.cssLink ? 'yes' : 'NO'} · LCP image (fetchpriority=high) ${t.lcpImage === null ? 'none on this page' : t.lcpImage ? 'yes' : 'NO'}${t.lcpPriority === false ? ' but lazy' : ''}`,
    );
  }
  if (dictionaryPath && dictionaryCpuMs !== null)
    console.log(`\ndictionary ${dictionaryPath}: CPU ${dictionaryCpuMs.toFixed(2)} ms per request (immutable, so a browser asks once per language and content version)`);
  console.log(
    `\nworker bundle ${kb(sizes.workerBundle)} (${kb(sizes.workerBundleGzip)} gzip) · Miniflare ready ${readyMs} ms · first request ${firstRequestMs} ms, next ${warmRequestMs} ms · local publish ${publishMs} ms`,
  );

  // The demo's figures in results.json; generated content's beside them (results-demo-large.json).
  const recordName = values.dir === 'content/demo' ? 'results' : `results-${(values.dir ?? '').replace(/^\.+/, '').replace(/[^a-z0-9]+/gi, '-')}`;
  const written = await writeBenchRecord(recordName, {
    content: values.dir,
    seconds,
    cpuCount,
    loadAverage,
    results,
    cold: { distinctUrls: coldUrls.length, ...cold, timesStatic: Number((cold.requestsPerSecond / staticRps).toFixed(3)), cpuMsPerRender: Number(coldCpuMs.toFixed(3)), profile: coldListProfile },
    coloCache: { urls: coloUrls.length, cpuMsFirstRender: Number(coloMissCpuMs.toFixed(3)), cpuMsServedFromColo: Number(coloHitCpuMs.toFixed(3)) },
    coldDetail: {
      distinctUrls: detailUrls.length,
      ...coldDetail,
      timesStatic: Number((coldDetail.requestsPerSecond / staticRps).toFixed(3)),
      cpuMsPerRender: Number(coldDetailCpuMs.toFixed(3)),
      profile: coldDetailProfile,
    },
    cpu,
    kv,
    firstLoad: loads,
    dictionary: { path: dictionaryPath, cpuMs: dictionaryCpuMs },
    sizes,
    publishMs,
  });
  console.log(`\nfigures written to ${written}`);

  if (!values['no-load']) {
    console.log('\nload run (200 connections, list and detail with form posts in between):');
    const load = spawnSync(process.execPath, ['scripts/bench-load.ts', '--dir', values.dir ?? 'content/demo', '--seconds', quick ? '10' : '60'], { stdio: 'inherit' });
    if (load.status !== 0) process.exitCode = load.status ?? 1;
  }
}

await main();
