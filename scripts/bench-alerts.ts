/**
 * npm run bench:alerts [-- --alerts 10000 --listings 100 --runs 5]
 * The alert fan-out at scale, with the bindings `npm start` uses (miniflare's D1, KV and
 * queue, in a state folder of its own): N confirmed alerts with varied criteria, the demo
 * published, then a sync adding M new listings; the site's own matchAlerts is timed (median
 * of runs, each on a fresh version) with the matches recorded and the messages queued.
 * Writes docs/bench/alerts.json with the commit.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { command } from './lib/cli.ts';
import { withLocalPlatform } from './lib/local-platform.ts';
import { loadContentSource } from '../content/load.ts';
import { syncExport } from '../content/crm-publish.ts';
import { kvPublishStore } from '../content/publish.ts';
import { matchAlerts } from '../worker/alerts/fan-out.ts';
import { matcher } from '../worker/alerts/criteria.ts';
import { criteriaOf, type AlertRow } from '../worker/alerts/store.ts';
import type { CardView } from '../domain/bundles.ts';
import { clearContentCache } from '../worker/live/repository.ts';
import { mulberry32 } from './lib/prng.ts';
import { writeBenchRecord } from './lib/bench-record.ts';

const STATE = '.wrangler/bench-alerts';
const { values } = command({
  name: 'npm run bench:alerts',
  usage: ['npm run bench:alerts -- [--alerts 10000] [--listings 100] [--runs 5]'],
  options: { alerts: { type: 'string', default: '10000' }, listings: { type: 'string', default: '100' }, runs: { type: 'string', default: '5' } },
});
const ALERTS = Number(values.alerts);
const LISTINGS = Number(values.listings);
const RUNS = Number(values.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

await rm(STATE, { recursive: true, force: true });
execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE], { stdio: 'ignore' });
const { raw } = await loadContentSource('content/demo');
const { properties, ...rest } = raw as { properties: Record<string, unknown>[] };
const random = mulberry32(2026);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const towns = [...new Set(properties.map((p) => String(p.City)))];

// Alerts as buyers save them: a list, often a type, sometimes a town, a budget, bedrooms.
// Written as one SQL file (wrangler d1 execute): ten thousand rows are one statement per row.
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const rows: string[] = [];
for (let i = 0; i < ALERTS; i++) {
  const kind = random() < 0.7 ? 'list-sale' : random() < 0.85 ? 'list-rent' : 'list-abroad';
  const search: Record<string, unknown> = {};
  if (random() < 0.7) search.type = pick(['1', '2', '3', '5']);
  if (random() < 0.3) search.city = pick(towns);
  if (random() < 0.6) search.max = kind === 'list-rent' ? pick([800, 1000, 1500]) : pick([250_000, 350_000, 500_000]);
  if (random() < 0.3) search.beds = pick([2, 3, 4]);
  const values = [
    `buyer${i}@example.be`,
    pick(['fr', 'nl', 'en', 'de']),
    kind,
    JSON.stringify(search),
    '/',
    random() < 0.8 ? 'instant' : 'daily',
    'confirmed',
    `t${i.toString(16).padStart(31, '0')}`,
    'consent',
    '2026-11-01T00:00:00Z',
  ];
  rows.push(`(${values.map(quote).join(', ')})`);
}
const sqlFile = `${STATE}/alerts.sql`;
await mkdir(STATE, { recursive: true });
await writeFile(sqlFile, rows.map((r) => `INSERT INTO alerts (email, lang, list_kind, criteria, list_url, frequency, status, token, consent_text, consent_at) VALUES ${r};`).join('\n'));
execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', STATE, '--file', sqlFile], { stdio: 'ignore' });
console.log(`${ALERTS} alerts saved`);

const figures = await withLocalPlatform(async (env) => {
  const store = kvPublishStore(env.CONTENT);
  const first = await syncExport({ records: properties, rest, store, now: new Date('2026-11-20T07:00:00Z') });
  if (!first.ok) throw new Error(JSON.stringify(first));
  console.log(`demo published: ${first.version}`);
  const timings: number[] = [];
  const matching: number[] = [];
  let last = { matches: 0, queued: 0 };
  for (let run = 0; run < RUNS; run++) {
    // Each run a fresh version with M listings new to it.
    const added = Array.from({ length: LISTINGS }, (_, i) => {
      const base = structuredClone(pick(properties));
      const id = 100_000 + run * LISTINGS + i;
      return { ...base, ID: id, RecordFile: `B-${id}`, City: pick(towns), Price: typeof base.Price === 'number' ? Math.round(base.Price * (0.7 + random() * 0.6)) : base.Price };
    });
    await syncExport({ records: [...properties, ...added], rest, store, now: new Date(Date.UTC(2026, 10, 25, 7, run)) });
    clearContentCache();
    // The matching alone (pure: list index over the new listings, each alert's search on it).
    const { results: alertRows } = await env.DB.prepare("SELECT id, lang, list_kind, criteria FROM alerts WHERE status = 'confirmed'").all<{
      id: number;
      lang: string;
      list_kind: AlertRow['list_kind'];
      criteria: string;
    }>();
    const live = (await env.CONTENT.get('current')) ?? '';
    const cards = ((await env.CONTENT.get(`v/${live}/listing/fr`, 'json')) as CardView[]).filter((c) => added.some((a) => a.ID === c.id));
    const pureStart = performance.now();
    const match = matcher(cards, '2026-11-25');
    let pureMatches = 0;
    for (const alert of alertRows) pureMatches += match(criteriaOf(alert)).length;
    matching.push(performance.now() - pureStart);
    const started = performance.now();
    const result = await matchAlerts(env, new Date(Date.UTC(2026, 10, 25, 7, run, 30)));
    timings.push(performance.now() - started);
    last = { matches: result?.matches ?? 0, queued: result?.queued ?? 0 };
    console.log(
      `run ${run + 1}: matching ${(matching.at(-1) ?? 0).toFixed(1)} ms (${pureMatches} matches, fr), fan-out ${Math.round(timings.at(-1) ?? 0)} ms, ${last.matches} matches recorded, ${last.queued} messages queued`,
    );
  }
  return {
    alerts: ALERTS,
    newListings: LISTINGS,
    runs: RUNS,
    // The pure matching of every alert against the new listings (one language's cards).
    matchingMs: { median: Number(median(matching).toFixed(1)), all: matching.map((m) => Number(m.toFixed(1))) },
    // matchAlerts end to end: reading the alerts, matching, recording every match in D1, queueing.
    fanOutMs: { median: Math.round(median(timings)), all: timings.map(Math.round) },
    lastRun: last,
  };
}, STATE);

console.log(`written: ${await writeBenchRecord('alerts', figures)}`);
