/**
 * npm run bench:agencies [-- --agencies 200 --sample 200]
 * Many agencies on one local runtime, as decision 032 builds them: the home agency and
 * `--agencies` guest agencies, each with the demo's 75 listings under its own name, its own
 * KV prefix and its own D1 database (a binding each, as `npm run agency -- add` declares),
 * served by one `wrangler dev`. Measured, through the Worker on each agency's own host:
 * - a cold and a warm home page and sale list per agency;
 * - a publish for one agency while the others serve: its time, and the ETags of the others
 *   (they must not change);
 * - the cron's fan-out: from the scheduled event to the last agency's run recorded;
 * - what the databases and the content take on disk.
 * Writes docs/bench/agencies.json with the commit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdir, readFile, rm, writeFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { command } from './lib/cli.ts';
import { freePort } from './lib/free-port.ts';
import { writeBenchRecord } from './lib/bench-record.ts';
import { buildClient } from './build-client.ts';
import { ensureDevVars } from './lib/dev-vars.ts';
import { loadContent } from '../content/load.ts';
import { compileContent } from '../content/compile.ts';
import type { ContentSource } from '../content/schema.ts';
import { kvPublishStore, publishVersion, versionName } from '../content/publish.ts';
import { agencyKv } from '../worker/agency/scoped-stores.ts';
import { PLATFORM_TABLE_KEY, agencyPrefix } from '../worker/agency/platform-table.ts';

const { values } = command({
  name: 'npm run bench:agencies',
  usage: ['npm run bench:agencies -- [--agencies 200] [--sample 200]'],
  options: { agencies: { type: 'string', default: '200' }, sample: { type: 'string', default: '200' } },
});
const AGENCIES = Number(values.agencies);
const SAMPLE = Math.min(AGENCIES, Number(values.sample));
const STATE = path.resolve('.wrangler/bench-agencies');
// Beside wrangler.toml, so its paths, tsconfig and .dev.vars are found as they are; removed at the end.
const CONFIG = path.resolve('.bench-agencies.wrangler.toml');
const id = (n: number) => `agency-${String(n).padStart(3, '0')}`;
const binding = (n: number) => `DB_BENCH_${String(n).padStart(3, '0')}`;

const log = (line: string) => console.log(`[bench:agencies] ${line}`);
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)] ?? 0);
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? 0;
};
const round = (x: number) => Math.round(x * 10) / 10;

/** The site's wrangler.toml with one D1 binding per guest agency. */
async function writeConfig(): Promise<void> {
  const toml = await readFile('wrangler.toml', 'utf8');
  const blocks = Array.from(
    { length: AGENCIES },
    (_, i) => `\n[[d1_databases]]\nbinding = "${binding(i + 1)}"\ndatabase_name = "bench-${id(i + 1)}"\ndatabase_id = "00000000-0000-0000-0001-${String(i + 1).padStart(12, '0')}"\n`,
  );
  await writeFile(CONFIG, `${toml}\n${blocks.join('')}`);
}

/** Every agency's stores: content published under its prefix, its database migrated, its row in the table. */
async function prepare(): Promise<{ publishMs: number[]; compiled: Map<string, string>; source: ContentSource }> {
  const loaded = await loadContent('content/demo');
  if (!loaded.ok) throw new Error('the demo content does not validate');
  const compiled = compileContent(loaded.content);
  const migrations = await readD1Migrations('worker/db/migrations');
  const proxy = await getPlatformProxy<Record<string, unknown>>({ configPath: CONFIG, persist: { path: path.join(STATE, 'v3') }, remoteBindings: false });
  const publishMs: number[] = [];
  try {
    const kv = proxy.env.CONTENT as KVNamespace;
    const migrate = async (db: D1Database) => {
      for (const migration of migrations) await db.batch(migration.queries.map((q) => db.prepare(q)));
    };
    await publishVersion(kvPublishStore(kv), compiled, { version: await versionName(compiled) });
    await migrate(proxy.env.DB as D1Database);
    const rows = [];
    for (let n = 1; n <= AGENCIES; n++) {
      const entries = agencyContent(loaded.content, n, 0);
      const started = process.hrtime.bigint();
      await publishVersion(kvPublishStore(agencyKv(kv, agencyPrefix(id(n)))), entries, { version: await versionName(entries) });
      publishMs.push(ms(started));
      await migrate(proxy.env[binding(n)] as D1Database);
      rows.push({ id: id(n), hostname: `${id(n)}.localhost`, aliases: [], db: binding(n), inbox: `info@${id(n)}.example.be` });
      if (n % 20 === 0) log(`${n} agencies published and migrated`);
    }
    await kv.put(PLATFORM_TABLE_KEY, JSON.stringify({ agencies: rows }));
  } finally {
    await proxy.dispose();
  }
  return { publishMs, compiled, source: loaded.content };
}

/** The demo's content as agency `n` publishes it, compiled: its own name everywhere the demo says its own. */
function agencyContent(source: ContentSource, n: number, edition: number): Map<string, string> {
  const name = `Agence ${String(n).padStart(3, '0')}${edition ? ` (${edition})` : ''}`;
  return compileContent(JSON.parse(JSON.stringify(source).replaceAll('Immobilière Meuse & Ardenne', name)) as ContentSource);
}

/** A GET on one agency's host (node's resolver knows no `*.localhost`, so the Host is named). */
function get(port: number, host: string, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number; etag: string | null; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { Host: `${host}:${port}`, 'Accept-Encoding': 'identity', ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: ms(started), etag: (res.headers.etag as string | undefined) ?? null, bytes }));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${host}${pathname}: no answer in 60 s`)));
    req.on('error', reject);
    req.end();
  });
}

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await dirSize(full) : (await stat(full)).size;
  }
  return total;
}

async function waitFor(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}: ${output.join('').slice(-1500)}`);
    if ((await get(port, '127.0.0.1', '/fr/').catch(() => ({ status: 0 }))).status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  const last = await get(port, '127.0.0.1', '/fr/').catch((error: unknown) => String(error));
  throw new Error(`the site did not answer within 2 minutes (${JSON.stringify(last)}): ${output.join('').slice(-1500)}`);
}

await rm(STATE, { recursive: true, force: true });
await mkdir(STATE, { recursive: true });
await ensureDevVars();
await buildClient({ quiet: true });
await writeConfig();
const preparing = process.hrtime.bigint();
const { publishMs, compiled, source } = await prepare();
const prepareSeconds = round(ms(preparing) / 1000);
log(`${AGENCIES} agencies ready in ${prepareSeconds} s`);

const port = await freePort();
const output: string[] = [];
const server = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--config',
    CONFIG,
    '--tsconfig',
    'tsconfig.worker.json',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--local',
    '--test-scheduled',
    '--persist-to',
    STATE,
    '--show-interactive-dev-session=false',
    '--var',
    `SITE_ORIGIN:http://127.0.0.1:${port}`,
    '--define',
    'process.env.NODE_ENV:"production"',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG: 'log' }, detached: true },
);
server.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
server.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
try {
  await waitFor(port, server);
  const sampled = Array.from({ length: SAMPLE }, (_, i) => Math.floor((i * AGENCIES) / SAMPLE) + 1);
  const pages: Record<string, { cold: number[]; warm: number[] }> = { home: { cold: [], warm: [] }, sale: { cold: [], warm: [] } };
  const etags = new Map<number, string | null>();
  let wrongName = 0;
  for (const n of sampled) {
    for (const [page, pathname] of [
      ['home', '/fr/'],
      ['sale', '/fr/a-vendre/'],
    ] as const) {
      const cold = await get(port, `${id(n)}.localhost`, pathname);
      const warm = await get(port, `${id(n)}.localhost`, pathname);
      if (cold.status !== 200 || warm.status !== 200) throw new Error(`${id(n)} ${pathname}: ${cold.status}/${warm.status}`);
      pages[page]?.cold.push(cold.ms);
      pages[page]?.warm.push(warm.ms);
      if (page === 'home') etags.set(n, warm.etag);
    }
  }
  // Each agency's page names its own agency only.
  for (const n of sampled.slice(0, 10)) {
    const body = await new Promise<string>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/fr/', headers: { Host: `${id(n)}.localhost:${port}` } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    if (!body.includes(`Agence ${String(n).padStart(3, '0')}`) || body.includes('Meuse &amp; Ardenne')) wrongName++;
  }
  log(`pages: home cold ${round(median(pages.home?.cold ?? []))} ms, warm ${round(median(pages.home?.warm ?? []))} ms`);

  // A publish for one agency while the others serve.
  const target = sampled[Math.floor(sampled.length / 2)] ?? 1;
  const proxy = await getPlatformProxy<Record<string, unknown>>({ configPath: CONFIG, persist: { path: path.join(STATE, 'v3') }, remoteBindings: false });
  const entries = agencyContent(source, target, 1);
  const publishStarted = process.hrtime.bigint();
  await publishVersion(kvPublishStore(agencyKv(proxy.env.CONTENT as KVNamespace, agencyPrefix(id(target)))), entries, { version: await versionName(entries) });
  const onePublishMs = ms(publishStarted);
  await proxy.dispose();
  // Isolates re-read a pointer at most 30 s old: wait it out, then compare every sampled agency's ETag.
  await new Promise((r) => setTimeout(r, 31_000));
  let changed = 0;
  let targetChanged = false;
  for (const n of sampled) {
    const now = await get(port, `${id(n)}.localhost`, '/fr/');
    if (n === target) targetChanged = now.etag !== etags.get(n);
    else if (now.etag !== etags.get(n)) changed++;
  }
  log(`publish of ${id(target)}: ${round(onePublishMs)} ms; its page changed: ${targetChanged}; other agencies' pages changed: ${changed}`);

  // The cron's fan-out: from the scheduled event to the last agency's run recorded.
  const before = output.join('').split('{"scheduled":').length - 1;
  const cronStarted = process.hrtime.bigint();
  await get(port, '127.0.0.1', '/__scheduled?cron=*/15+*+*+*+*');
  let runs = 0;
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    runs = output.join('').split('{"scheduled":').length - 1 - before;
    if (runs >= AGENCIES + 1) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const cronSeconds = ms(cronStarted) / 1000;
  const runMs = [...output.join('').matchAll(/\{"scheduled":\{[^}]*"ms":(\d+)/g)].slice(before).map((m) => Number(m[1]));
  const failed = (output.join('').match(/"scheduled":\{[^}]*"ok":false/g) ?? []).length;
  log(`cron: ${runs} agency runs in ${round(cronSeconds)} s (${failed} failed)`);

  const d1Bytes = await dirSize(path.join(STATE, 'v3', 'd1'));
  const kvBytes = await dirSize(path.join(STATE, 'v3', 'kv'));
  const file = await writeBenchRecord('agencies', {
    how: `npm run bench:agencies: the home agency and ${AGENCIES} guest agencies of the demo's 75 listings each, their own KV prefix and D1 database, one wrangler dev (local runtime, production React build) on this machine; pages asked on each agency's own host`,
    agencies: AGENCIES,
    listingsPerAgency: 75,
    prepare: { seconds: prepareSeconds, publishMedianMs: round(median(publishMs)), publishP95Ms: round(p95(publishMs)), keysPerVersion: compiled.size },
    pages: Object.fromEntries(
      Object.entries(pages).map(([page, t]) => [
        page,
        { agencies: t.cold.length, coldMedianMs: round(median(t.cold)), coldP95Ms: round(p95(t.cold)), warmMedianMs: round(median(t.warm)), warmP95Ms: round(p95(t.warm)) },
      ]),
    ),
    eachPageNamesItsOwnAgency: wrongName === 0,
    publishOne: { agency: id(target), ms: round(onePublishMs), itsHomeEtagChanged: targetChanged, otherAgenciesWhoseHomeEtagChanged: changed, othersCompared: sampled.length - 1 },
    cron: { agencyRuns: runs, failed, secondsUntilLastRecorded: round(cronSeconds), runMedianMs: median(runMs), runP95Ms: p95(runMs) },
    disk: { d1MiB: round(d1Bytes / 2 ** 20), d1PerAgencyKiB: Math.round(d1Bytes / (AGENCIES + 1) / 1024), kvMiB: round(kvBytes / 2 ** 20) },
  });
  log(`written ${file}`);
} finally {
  await rm(CONFIG, { force: true });
  if (server.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.exit(0);
