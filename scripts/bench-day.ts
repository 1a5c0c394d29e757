/**
 * npm run bench:day [-- --dir .demo-large] [--hours 24] [--seed 7] [--verbose]: a working day of the
 * site replayed on Miniflare, twice in the same run, to see what publishing does to the
 * page caches:
 *
 * - "before": kept pages keyed by the content version and the day (PAGE_CACHE_KEY=version),
 *   nothing warmed after a publish;
 * - "after": kept pages keyed by the fingerprint of their data, the changed pages warmed
 *   through the WARM queue after each publish (as the publish command asks it).
 *
 * Every 15 simulated minutes a CRM pull changes 1–3 listings (a price, a description, a new
 * listing, a sale) and publishes; the day starts at noon, so midnight falls in its middle
 * (the worker's clock is moved with the simulated time). Between publishes a crawler walks
 * the sitemap, asking again with If-None-Match for pages it has seen, and visitors ask for
 * lists, the home page and new listings most. Both runs see the same traffic (one seed),
 * after the day before: every sitemap page and the usual list filters asked once, not
 * counted, so the day starts with caches as a site in service has them.
 *
 * Reported per run: the share of requests served warm (from a page cache, or confirmed
 * with 304 without rendering), renders per publish (those visitors and crawlers waited for,
 * and those the warming did), workerd CPU per request, the 304 rate of conditional crawler
 * requests (and any unchanged page not confirmed), and, once, after a one-listing publish,
 * the share of the pages kept before it still served warm. Figures, never assertions:
 * docs/bench/day.json, with the commit.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { command } from './lib/cli.ts';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { buildClient } from './build-client.ts';
import { freePort } from './lib/free-port.ts';
import { loadContent } from '../content/load.ts';
import { compileContent } from '../content/compile.ts';
import { kvPublishStore, publishVersion, versionName } from '../content/publish.ts';
import type { ContentSource } from '../content/schema.ts';
import type { CardView, RoutingBundle, SitemapBundle } from '../domain/bundles.ts';
import type { Lang } from '../domain/lang.ts';
import { slugify } from '../domain/rules/slug.ts';
import { cpuMs, workerdPid, BROWSER_UA } from './lib/bench-measure.ts';
import { writeBenchRecord } from './lib/bench-record.ts';
import { applyMigrations, readMigrations } from './lib/local-migrations.ts';
import { mulberry32 } from './lib/prng.ts';

const SLOT_MS = 15 * 60_000;
/** The ETag of a kept page (worker/ssr/page-cache.ts): a page with live data has another. */
const KEPT_ETAG = /^W\/"[\w-]{12}"$/;
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HOOK_TOKEN = 'bench-day-hook-token-0123456789';
/** Crawler and visitor requests per 15 minutes: a crawl of the demo's sitemap takes about three hours. */
const CRAWLS_PER_SLOT = 30;
const VISITS_PER_SLOT = 40;

type Listing = ContentSource['properties'][number];

/** One pull's changes: 1–3 listings, as a CRM changes them in a day. */
function pull(content: ContentSource, next: () => number, at: Date, nextId: () => number): { what: string[]; changed: number } {
  const count = 1 + Math.floor(next() * 3);
  const what: string[] = [];
  const onOffer = () => content.properties.filter((p) => p.Status !== 'sold' && p.Status !== 'rented');
  for (let i = 0; i < count; i++) {
    const pick = next();
    const listings = onOffer();
    const listing = listings[Math.floor(next() * listings.length)] as Listing;
    if (pick < 0.5 && listing.Price !== null) {
      listing.Price = Math.round((listing.Price * (0.95 + next() * 0.08)) / 1000) * 1000;
      what.push(`price ${listing.ID}`);
    } else if (pick < 0.7) {
      listing.Description = { ...listing.Description, fr: `${listing.Description.fr ?? ''} Mis à jour.` };
      what.push(`description ${listing.ID}`);
    } else if (pick < 0.9) {
      const id = nextId();
      content.properties.push({ ...structuredClone(listing), ID: id, CreateDate: at.toISOString(), ModifyDate: at.toISOString() });
      what.push(`new ${id}`);
    } else {
      listing.Status = listing.Goal === 0 ? 'sold' : 'rented';
      listing.ModifyDate = at.toISOString();
      what.push(`${listing.Status} ${listing.ID}`);
    }
  }
  return { what, changed: count };
}

/** The wrapper the bench runs the worker in: the real worker, with a clock the bench moves. */
const CLOCK_WRAPPER = `
import worker from './index.js';
const RealDate = Date;
let offset = 0;
class BenchDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(RealDate.now() + offset); else super(...args); }
  static now() { return RealDate.now() + offset; }
}
globalThis.Date = BenchDate;
export default {
  ...worker,
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === '/__bench/clock') {
      offset = Number(url.searchParams.get('at')) - RealDate.now();
      return new Response('ok');
    }
    return worker.fetch(request, env, ctx);
  },
};
`;

async function bundleWorker(): Promise<string> {
  const outdir = '.tmp/bench-day-worker';
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir, '--minify=true'], { stdio: 'ignore' });
  await writeFile(`${outdir}/clock.js`, CLOCK_WRAPPER);
  return outdir;
}

interface Served {
  status: number;
  from: string;
  etag: string | null;
}

interface RunFigures {
  mode: 'before' | 'after';
  requests: number;
  /** Served from a page cache, or confirmed with 304: no render waited for. */
  warmShare: number;
  publishes: number;
  /** Renders visitors and crawlers waited for, per publish. */
  rendersPerPublish: number;
  /** Pages the warming rendered, per publish (none before). */
  warmedPerPublish: number;
  cpuMsPerRequest: number;
  cpuMsWarmingPerPublish: number;
  conditional: { asked: number; answered304: number; rate: number; unchangedNot304: number };
  afterMidnight: { requests: number; warmShare: number };
  oneListingPublish: { keptBefore: number; warmAfter: number; share: number; change: string };
  /** Requests answered 5xx: none expected. */
  errors: number;
}

async function main() {
  const { values } = command({
    name: 'npm run bench:day',
    usage: ['npm run bench:day -- [--dir content/demo] [--hours 24] [--seed 7] [--verbose]'],
    options: { dir: { type: 'string', default: 'content/demo' }, hours: { type: 'string', default: '24' }, seed: { type: 'string', default: '7' }, verbose: { type: 'boolean', default: false } },
  });
  const slots = Math.max(8, Math.round((Number(values.hours) || 24) * 4));
  const seed = Number(values.seed) || 7;
  await buildClient({ quiet: true });
  const outdir = await bundleWorker();
  const port = await freePort();
  const toml = await readFile('wrangler.toml', 'utf8');
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(toml)?.[1] ?? '2026-11-01';
  const worker = (name: 'before' | 'after', host: string) => ({
    name,
    modules: [
      { type: 'ESModule' as const, path: `${outdir}/clock.js` },
      { type: 'ESModule' as const, path: `${outdir}/index.js` },
    ],
    modulesRoot: outdir,
    compatibilityDate,
    compatibilityFlags: ['nodejs_compat'],
    routes: [`${host}/*`],
    kvNamespaces: { CONTENT: `content-${name}` },
    r2Buckets: { FILES: `files-${name}` },
    d1Databases: { DB: `db-${name}` },
    ratelimits: Object.fromEntries(
      ['FORM_LIMITER', 'LOGIN_LIMITER', 'API_LIMITER'].map((limiter) => [limiter, { namespace_id: `${name}-${limiter}`, simple: { limit: 1_000_000, period: 60 as const } }]),
    ),
    queueProducers: { WARM: { queueName: `${name}-warm` } },
    queueConsumers: { [`${name}-warm`]: { maxBatchSize: 5, maxBatchTimeout: 1 } },
    bindings: {
      SITE_ORIGIN: `http://${host}`,
      PAGE_CACHE: 'data-centre',
      PAGE_CACHE_KEY: name === 'before' ? 'version' : 'fingerprint',
      TURNSTILE_SITE_KEY: '',
      TOKEN_KEY: 'bench',
      PASSWORD_PEPPER: 'bench',
      TURNSTILE_SECRET: '',
      PUBLISH_HOOK_TOKEN: HOOK_TOKEN,
      AGENCY_INBOX: 'x@example.be',
      MAIL_FROM: 'y@example.be',
    },
    assets: { directory: 'dist/client', binding: 'ASSETS', routerConfig: { has_user_worker: true } },
  });
  const mf = new Miniflare(convertV4MiniflareOptions({ host: '127.0.0.1', port, workers: [worker('after', 'after.bench'), worker('before', 'before.bench')] }));
  await mf.ready;
  const pid = await workerdPid();
  const loaded = await loadContent(values.dir);
  if (!loaded.ok) throw new Error(`content invalid: ${loaded.problems.length} problems`);

  const figures: RunFigures[] = [];
  for (const mode of ['before', 'after'] as const) {
    const host = `${mode}.bench`;
    const bindings = await mf.getBindings<Env>(mode);
    await applyMigrations(bindings.DB, await readMigrations());
    const content = structuredClone(loaded.content);
    const next = mulberry32(seed);
    let id = Math.max(...content.properties.map((p) => p.ID)) + 1000;
    const start = new Date();
    start.setUTCHours(12, 0, 0, 0);
    const ask = async (path: string, init: { ua: string; etag?: string | null } = { ua: BROWSER_UA }): Promise<Served> => {
      const headers: Record<string, string> = { 'User-Agent': init.ua, 'Accept-Encoding': 'identity' };
      if (init.etag) headers['If-None-Match'] = init.etag;
      const response = await mf.dispatchFetch(`http://${host}${path}`, { headers, redirect: 'manual' });
      await response.arrayBuffer();
      return { status: response.status, from: /desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? 'none', etag: response.headers.get('etag') };
    };
    const setClock = async (at: Date) => {
      await (await mf.dispatchFetch(`http://${host}/__bench/clock?at=${at.getTime()}`)).arrayBuffer();
    };
    let version = '';
    let routing: RoutingBundle | null = null;
    let sitemap: string[] = [];
    const cards = new Map<Lang, CardView[]>();
    const publish = async (at: Date) => {
      const compiled = compileContent(content);
      version = await versionName(compiled, at);
      await publishVersion(kvPublishStore(bindings.CONTENT), compiled, { version, now: at });
      routing = JSON.parse(compiled.get('routing') ?? '{}') as RoutingBundle;
      sitemap = (JSON.parse(compiled.get('sitemap') ?? '{"entries":[]}') as SitemapBundle).entries.flatMap((e) => Object.values(e.twins)).filter((p): p is string => typeof p === 'string');
      for (const lang of routing.languages) cards.set(lang, JSON.parse(compiled.get(`listing/${lang}`) ?? '[]') as CardView[]);
    };
    let warmed = 0;
    let warmingCpu = 0;
    const warm = async () => {
      if (mode === 'before') return;
      const before = await cpuMs(pid);
      const response = await mf.dispatchFetch(`http://${host}/pages/warm`, { method: 'POST', headers: { Authorization: `Bearer ${HOOK_TOKEN}` } });
      const queued = ((await response.json()) as { queued?: number }).queued ?? 0;
      warmed += queued;
      // Batches of five go at once; the last partial one after its second.
      await new Promise((resolve) => setTimeout(resolve, 1300 + queued * 40));
      warmingCpu += (await cpuMs(pid)) - before;
    };

    await setClock(start);
    await publish(start);
    await warm();
    const stats = { requests: 0, warm: 0, rendered: 0, errors: 0, cpu: 0, conditional: 0, answered304: 0, unchangedNot304: 0 };
    const midnight = { requests: 0, warm: 0 };
    const crawlerEtags = new Map<string, string>();
    const lastServed = new Map<string, Served>();
    const recent: number[] = [];
    let crawl = 0;
    let publishes = 0;
    let probe: RunFigures['oneListingPublish'] = { keptBefore: 0, warmAfter: 0, share: 0, change: '' };
    const probeSlot = Math.min(slots - 1, Math.max(14, Math.floor(slots * 0.4)));
    // The day starts at noon: its middle slot starts at midnight.
    const midnightSlot = Math.floor(slots / 2);
    const langs = () => routing?.languages ?? (['fr'] as Lang[]);
    const langOf = (): Lang => {
      const r = next();
      const all = langs();
      const wanted: Lang = r < 0.6 ? 'fr' : r < 0.8 ? 'nl' : r < 0.9 ? 'en' : 'de';
      return all.includes(wanted) ? wanted : (all[0] as Lang);
    };
    const listPaths = (lang: Lang) => Object.entries(routing?.paths ?? {}).filter(([, t]) => t.lang === lang && (t.kind === 'list-sale' || t.kind === 'list-rent'));
    const listQueries = (lang: Lang): string[] => {
      const towns = [...new Set((cards.get(lang) ?? []).slice(0, 40).map((c) => slugify(c.city)))].filter(Boolean);
      return ['', '?page=2', '?sort=price-asc', '?sort=price-desc', ...towns.slice(0, 6).map((t) => `?city=${t}`)];
    };
    const visitorPath = (): string => {
      const lang = langOf();
      const r = next();
      const lists = listPaths(lang);
      const listing = cards.get(lang) ?? [];
      if (r < 0.15 || lists.length === 0) return `/${lang}/`;
      if (r < 0.5) {
        const [path] = lists[Math.floor(next() * lists.length)] ?? [`/${lang}/`];
        const queries = ['', ...listQueries(lang)];
        return `${path}${queries[Math.floor(next() * queries.length)] ?? ''}`;
      }
      if (r < 0.8 && recent.length > 0) {
        const wanted = recent[Math.floor(next() * recent.length)];
        const card = listing.find((c) => c.id === wanted);
        if (card) return card.path;
      }
      return listing[Math.floor(next() * listing.length)]?.path ?? `/${lang}/`;
    };
    const count = (path: string, served: Served, at: number) => {
      stats.requests++;
      const warmServed = served.from === 'cached' || served.from === 'colo' || served.from === 'confirmed';
      if (warmServed) stats.warm++;
      if (served.from === 'rendered') stats.rendered++;
      if (served.status >= 500) stats.errors++;
      if (at === midnightSlot) {
        midnight.requests++;
        if (warmServed) midnight.warm++;
      }
      lastServed.set(path, served);
    };

    // The day before: every page of the sitemap and the lists as visitors filter them asked
    // once, not counted, so the day starts as a site in service does, not from empty caches.
    for (const path of sitemap) await ask(path, { ua: CRAWLER_UA });
    for (const lang of langs()) for (const [path] of listPaths(lang)) for (const query of listQueries(lang)) await ask(`${path}${query}`);
    for (let slot = 1; slot < slots; slot++) {
      const at = new Date(start.getTime() + slot * SLOT_MS);
      await setClock(at);
      // The one-listing publish measured on its own: the pages kept before it, asked again after it.
      if (slot === probeSlot) {
        // Every page asked for so far that is kept (its ETag is a kept page's key), made warm
        // first: the publish is then the only thing between the two passes.
        const candidates = [...lastServed].filter(([, served]) => served.status === 200 && served.etag !== null && KEPT_ETAG.test(served.etag)).map(([path]) => path);
        const kept: string[] = [];
        for (const path of candidates) {
          await ask(path);
          if ((await ask(path)).from === 'cached') kept.push(path);
        }
        const listing = content.properties.find((p) => p.Status !== 'sold' && p.Status !== 'rented' && p.Price !== null) as Listing;
        listing.Price = (listing.Price ?? 0) + 1000;
        await publish(at);
        publishes++;
        await warm();
        let warmAfter = 0;
        for (const path of kept) {
          const served = await ask(path);
          if (served.from === 'cached' || served.from === 'colo') warmAfter++;
          else if (values.verbose) console.log(`  cold after the one-listing publish: ${path}`);
        }
        probe = { keptBefore: kept.length, warmAfter, share: kept.length ? warmAfter / kept.length : 0, change: `price ${listing.ID}` };
      } else {
        const change = pull(content, next, at, () => id++);
        for (const line of change.what) {
          const changedId = Number(line.split(' ')[1]);
          recent.push(changedId);
        }
        while (recent.length > 12) recent.shift();
        await publish(at);
        publishes++;
        await warm();
      }
      const cpuBefore = await cpuMs(pid);
      for (let i = 0; i < CRAWLS_PER_SLOT + VISITS_PER_SLOT; i++) {
        const crawler = next() < CRAWLS_PER_SLOT / (CRAWLS_PER_SLOT + VISITS_PER_SLOT);
        if (crawler && sitemap.length > 0) {
          const path = sitemap[crawl++ % sitemap.length] as string;
          const etag = crawlerEtags.get(path) ?? null;
          const served = await ask(path, { ua: CRAWLER_UA, etag });
          if (etag) {
            stats.conditional++;
            if (served.status === 304) stats.answered304++;
            else if (served.etag === etag) stats.unchangedNot304++;
          }
          if (served.etag) crawlerEtags.set(path, served.etag);
          count(path, served, slot);
        } else {
          const path = visitorPath();
          count(path, await ask(path), slot);
        }
      }
      stats.cpu += (await cpuMs(pid)) - cpuBefore;
    }
    const run: RunFigures = {
      mode,
      requests: stats.requests,
      warmShare: stats.warm / stats.requests,
      publishes,
      rendersPerPublish: stats.rendered / publishes,
      warmedPerPublish: warmed / publishes,
      cpuMsPerRequest: stats.cpu / stats.requests,
      cpuMsWarmingPerPublish: warmingCpu / Math.max(1, publishes),
      conditional: { asked: stats.conditional, answered304: stats.answered304, rate: stats.conditional ? stats.answered304 / stats.conditional : 0, unchangedNot304: stats.unchangedNot304 },
      afterMidnight: { requests: midnight.requests, warmShare: midnight.requests ? midnight.warm / midnight.requests : 0 },
      oneListingPublish: probe,
      errors: stats.errors,
    };
    figures.push(run);
    const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
    console.log(
      `${mode.padEnd(6)} ${run.requests} requests · warm ${pct(run.warmShare)} · ${run.rendersPerPublish.toFixed(1)} renders + ${run.warmedPerPublish.toFixed(1)} warmed per publish · ${run.cpuMsPerRequest.toFixed(2)} ms CPU/request · 304 for ${pct(run.conditional.rate)} of ${run.conditional.asked} conditional (${run.conditional.unchangedNot304} unchanged not confirmed) · after midnight warm ${pct(run.afterMidnight.warmShare)} · one-listing publish: ${run.oneListingPublish.warmAfter}/${run.oneListingPublish.keptBefore} kept pages still warm (${pct(run.oneListingPublish.share)}) · ${run.errors} errors`,
    );
  }
  await mf.dispose();
  const path = await writeBenchRecord(values.dir === 'content/demo' ? 'day' : `day-${values.dir.replace(/[^\w-]+/g, '')}`, {
    content: values.dir,
    hours: slots / 4,
    seed,
    traffic: { crawlerPerSlot: CRAWLS_PER_SLOT, visitorsPerSlot: VISITS_PER_SLOT, slotMinutes: 15 },
    runs: figures,
  });
  console.log(`\nwritten ${path}`);
}

await main();
