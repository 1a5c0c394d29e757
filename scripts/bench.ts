/**
 * npm run bench: the built worker in Miniflare (workerd without wrangler's proxy), the
 * demo content published into its KV, and autocannon on loopback. Prints one table and
 * writes bench/results.json. Figures are reported, never asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { buildClient } from './build-client.ts';
import { loadContent } from '../content/load.ts';
import { compileContent } from '../content/compile.ts';
import { kvPublishStore, publishVersion, versionName } from '../content/publish.ts';

interface LoadResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function bundleWorker(): Promise<string> {
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', '.tmp/bench-worker'], { stdio: 'ignore' });
  return '.tmp/bench-worker/index.js';
}

async function load(url: string, name: string, path: string, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url: `${url}${path}`, connections: 10, duration: seconds, headers: { 'accept-encoding': 'identity', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Vitrine-bench' } });
  return {
    name,
    path,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'content/demo' }, seconds: { type: 'string', default: '5' } } });
  const seconds = Math.max(1, Math.min(30, Number(values.seconds) || 5));
  const assets = await buildClient({ quiet: true });
  const scriptPath = await bundleWorker();
  const toml = await readFile('wrangler.toml', 'utf8');
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(toml)?.[1] ?? '2026-11-01';

  const mf = new Miniflare(convertV4MiniflareOptions({
    modules: true,
    scriptPath,
    compatibilityDate,
    compatibilityFlags: ['nodejs_compat'],
    kvNamespaces: ['CONTENT'],
    r2Buckets: ['FILES'],
    d1Databases: ['DB'],
    bindings: { SITE_ORIGIN: '', TURNSTILE_SITE_KEY: '', TOKEN_KEY: 'bench', PASSWORD_PEPPER: 'bench', TURNSTILE_SECRET: '', AGENCY_INBOX: 'x@example.be', MAIL_FROM: 'y@example.be' },
    assets: { directory: 'dist/client', binding: 'ASSETS', routerConfig: { has_user_worker: true } },
    host: '127.0.0.1',
    port: 0,
  }));
  const url = (await mf.ready).toString().replace(/\/$/, '');

  const content = await loadContent(values.dir);
  if (!content.ok) throw new Error(`content invalid: ${content.problems.length} problems`);
  const publishStarted = performance.now();
  const pending = compileContent(content.content, 'pending');
  const version = await versionName(pending);
  const bindings = await mf.getBindings<Env>();
  await publishVersion(kvPublishStore(bindings.CONTENT), compileContent(content.content, version), { version });
  const publishMs = Math.round(performance.now() - publishStarted);

  const listResponse = await fetch(`${url}/api/page?lang=fr&path=/fr/a-vendre/`);
  const listText = await listResponse.text();
  if (!listResponse.ok) throw new Error(`list JSON: HTTP ${listResponse.status} ${listText.slice(0, 300)}`);
  const listing = JSON.parse(listText) as { list: { cards: { path: string }[] } };
  const detailPath = listing.list.cards[0]?.path ?? '/fr/';
  const pages = [
    ['static file', assets.css],
    ['home', '/fr/'],
    ['list', '/fr/a-vendre/'],
    ['detail', detailPath],
    ['module page', '/fr/nos-services/'],
  ] as const;
  // Warm-up: every page once, so isolates have parsed their bundles.
  for (const [, path] of pages) await (await fetch(`${url}${path}`)).arrayBuffer();

  const results: LoadResult[] = [];
  for (const [name, path] of pages) results.push(await load(url, name, path, seconds));
  const staticRps = results[0]?.requestsPerSecond ?? 1;

  const listHtml = await (await fetch(`${url}/fr/a-vendre/`)).text();
  const js = await readFile(`dist/client${assets.js}`);
  const css = await readFile(`dist/client${assets.css}`);
  const workerBytes = (await readFile(scriptPath)).length;
  const sizes = {
    jsGzip: gzipSync(js, { level: 9 }).length,
    cssGzip: gzipSync(css, { level: 9 }).length,
    listHtmlGzip: gzipSync(listHtml, { level: 9 }).length,
    workerBundle: workerBytes,
    workerBundleGzip: gzipSync(await readFile(scriptPath), { level: 9 }).length,
  };
  await mf.dispose();

  console.log(`\nVitrine bench — content ${values.dir}, ${seconds} s per page, 10 connections, Miniflare (workerd), loopback\n`);
  console.log('page          path                                          req/s   ×static   p50 ms   p99 ms   errors');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(13)} ${r.path.slice(0, 45).padEnd(45)} ${String(r.requestsPerSecond).padStart(6)}   ${(r.requestsPerSecond / staticRps).toFixed(2).padStart(7)}   ${String(r.p50).padStart(6)}   ${String(r.p99).padStart(6)}   ${r.errors + r.non2xx}`,
    );
  }
  console.log(`\nJS first load ${(sizes.jsGzip / 1024).toFixed(1)} KB gzip · CSS ${(sizes.cssGzip / 1024).toFixed(1)} KB gzip · list HTML ${(sizes.listHtmlGzip / 1024).toFixed(1)} KB gzip`);
  console.log(`worker bundle ${(sizes.workerBundle / 1024).toFixed(0)} KB (${(sizes.workerBundleGzip / 1024).toFixed(0)} KB gzip) · local publish ${publishMs} ms`);

  await mkdir('bench', { recursive: true });
  await writeFile('bench/results.json', `${JSON.stringify({ at: new Date().toISOString(), content: values.dir, seconds, results, sizes, publishMs }, null, 2)}\n`);
}

await main();
