/**
 * npm run bench:agency-stores [-- --agencies 200 --leads 300 --ops 400]
 * The two ways decision 032 weighs to keep many agencies' rows on one deployment, side by
 * side on the local runtime (`wrangler dev`, as `npm start` runs the site): (a) one D1 whose
 * rows carry their agency, first in the key and every index; (b) one SQLite Durable Object
 * per agency. Both hold the same leads (a request with its sender's folded address), seeded
 * for every agency; then, for random agencies, the three things the site does most with
 * such rows are timed through a Worker as a request would: store a request, find a person's
 * requests (the privacy door), and count what an agency received this month.
 * Writes docs/bench/agency-stores.json with the commit.
 */
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { command } from './lib/cli.ts';
import { freePort } from './lib/free-port.ts';
import { writeBenchRecord } from './lib/bench-record.ts';
import { mulberry32 } from './lib/prng.ts';

const { values } = command({
  name: 'npm run bench:agency-stores',
  usage: ['npm run bench:agency-stores -- [--agencies 200] [--leads 300] [--ops 400]'],
  options: { agencies: { type: 'string', default: '200' }, leads: { type: 'string', default: '300' }, ops: { type: 'string', default: '400' } },
});
const AGENCIES = Number(values.agencies);
const LEADS = Number(values.leads);
const OPS = Number(values.ops);
const STATE = '.wrangler/bench-agency-stores';

// One Worker, both stores: `/d1/…` works on the shared D1, `/do/…` on the agency's object.
const SCRIPT = `
import { DurableObject } from 'cloudflare:workers';
const SCHEMA = 'CREATE TABLE IF NOT EXISTS leads (agency TEXT NOT NULL, id INTEGER NOT NULL, email TEXT NOT NULL, kind TEXT NOT NULL, created_at TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (agency, id))';
const INDEX = 'CREATE INDEX IF NOT EXISTS leads_email ON leads (agency, email)';
const INDEX_TIME = 'CREATE INDEX IF NOT EXISTS leads_time ON leads (agency, created_at)';
export class AgencyStore extends DurableObject {
  constructor(ctx, env) { super(ctx, env); for (const s of [SCHEMA, INDEX, INDEX_TIME]) ctx.storage.sql.exec(s); }
  seed(rows) { for (const r of rows) this.ctx.storage.sql.exec('INSERT INTO leads VALUES (?, ?, ?, ?, ?, ?)', r.agency, r.id, r.email, r.kind, r.at, r.payload); return rows.length; }
  store(r) { this.ctx.storage.sql.exec('INSERT INTO leads VALUES (?, ?, ?, ?, ?, ?)', r.agency, r.id, r.email, r.kind, r.at, r.payload); return 1; }
  find(agency, email) { return this.ctx.storage.sql.exec('SELECT id, kind FROM leads WHERE agency = ? AND email = ?', agency, email).toArray().length; }
  month(agency, since) { return this.ctx.storage.sql.exec('SELECT COUNT(*) AS n FROM leads WHERE agency = ? AND created_at >= ?', agency, since).one().n; }
  size() { return this.ctx.storage.sql.databaseSize; }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const [, store, op] = url.pathname.split('/');
    const body = request.method === 'POST' ? await request.json() : null;
    const agency = url.searchParams.get('agency') ?? '';
    if (store === 'd1') {
      if (op === 'schema') { await env.DB.batch([env.DB.prepare(SCHEMA), env.DB.prepare(INDEX), env.DB.prepare(INDEX_TIME)]); return Response.json(1); }
      const insert = (r) => env.DB.prepare('INSERT INTO leads VALUES (?, ?, ?, ?, ?, ?)').bind(r.agency, r.id, r.email, r.kind, r.at, r.payload);
      if (op === 'seed') { await env.DB.batch(body.map(insert)); return Response.json(body.length); }
      if (op === 'store') { await insert(body).run(); return Response.json(1); }
      if (op === 'find') return Response.json((await env.DB.prepare('SELECT id, kind FROM leads WHERE agency = ? AND email = ?').bind(agency, url.searchParams.get('email')).all()).results.length);
      if (op === 'month') return Response.json((await env.DB.prepare('SELECT COUNT(*) AS n FROM leads WHERE agency = ? AND created_at >= ?').bind(agency, url.searchParams.get('since')).first()).n);
      if (op === 'size') return Response.json((await env.DB.prepare('SELECT 1').run()).meta.size_after);
    }
    const stub = env.AGENCIES.get(env.AGENCIES.idFromName(agency));
    if (op === 'seed') return Response.json(await stub.seed(body));
    if (op === 'store') return Response.json(await stub.store(body));
    if (op === 'find') return Response.json(await stub.find(agency, url.searchParams.get('email')));
    if (op === 'month') return Response.json(await stub.month(agency, url.searchParams.get('since')));
    if (op === 'size') return Response.json(await stub.size());
    return new Response('no such operation', { status: 404 });
  },
};
`;

const random = mulberry32(32);
const agencyName = (i: number) => `agency-${String(i).padStart(3, '0')}`;
const KINDS = ['site-contact', 'contact-me', 'contact-appointment', 'document-request', 'save-search'];
function lead(agency: string, id: number) {
  const day = new Date(Date.UTC(2026, Math.floor(random() * 11), 1 + Math.floor(random() * 28)));
  return {
    agency,
    id,
    email: `visitor${Math.floor(random() * (LEADS / 2))}@example.be`,
    kind: KINDS[id % KINDS.length] ?? 'site-contact',
    at: day.toISOString(),
    payload: JSON.stringify({ message: 'x'.repeat(200 + (id % 300)) }),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

await rm(STATE, { recursive: true, force: true });
const dir = path.resolve(STATE, 'worker');
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, 'index.js'), SCRIPT);
await writeFile(
  path.join(dir, 'wrangler.toml'),
  [
    'name = "bench-agency-stores"',
    'main = "index.js"',
    'compatibility_date = "2026-11-02"',
    '[[d1_databases]]',
    'binding = "DB"',
    'database_name = "bench"',
    'database_id = "00000000-0000-0000-0000-000000000032"',
    '[[durable_objects.bindings]]',
    'name = "AGENCIES"',
    'class_name = "AgencyStore"',
    '[[migrations]]',
    'tag = "v1"',
    'new_sqlite_classes = ["AgencyStore"]',
    '',
  ].join('\n'),
);
const port = await freePort();
const server = spawn('npx', ['wrangler', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--local', '--persist-to', path.resolve(STATE, 'state'), '--show-interactive-dev-session=false'], {
  cwd: dir,
  stdio: 'ignore',
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  detached: true,
});
const base = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries++) {
  const up = await fetch(`${base}/none/none`).then(
    (r) => r.status === 404,
    () => false,
  );
  if (up) break;
  if (tries > 120) throw new Error('wrangler dev did not start');
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const stop = () => {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
};
const call = async (route: string, body?: unknown): Promise<number> => {
  const response = await fetch(`${base}${route}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  const value: unknown = await response.json();
  return Number(value);
};

const seeded = { d1: 0, do: 0 };
const timings: Record<'d1' | 'do', Record<'store' | 'find' | 'month', number[]>> = { d1: { store: [], find: [], month: [] }, do: { store: [], find: [], month: [] } };
let d1Bytes: number;
let doBytes = 0;
try {
  await call('/d1/schema');
  for (let a = 0; a < AGENCIES; a++) {
    const rows = Array.from({ length: LEADS }, (_, i) => lead(agencyName(a), i + 1));
    for (const store of ['d1', 'do'] as const) {
      const started = performance.now();
      for (let i = 0; i < rows.length; i += 50) await call(`/${store}/seed?agency=${agencyName(a)}`, rows.slice(i, i + 50));
      seeded[store] += performance.now() - started;
    }
  }

  let next = LEADS + 1;
  for (let i = 0; i < OPS; i++) {
    const agency = agencyName(Math.floor(random() * AGENCIES));
    const row = lead(agency, next++);
    const email = encodeURIComponent(row.email);
    for (const store of ['d1', 'do'] as const) {
      const time = async (op: 'store' | 'find' | 'month', route: string, body?: unknown) => {
        const started = performance.now();
        await call(route, body);
        timings[store][op].push(performance.now() - started);
      };
      await time('store', `/${store}/store?agency=${agency}`, row);
      await time('find', `/${store}/find?agency=${agency}&email=${email}`);
      await time('month', `/${store}/month?agency=${agency}&since=2026-11-01T00:00:00.000Z`);
    }
  }
  d1Bytes = await call('/d1/size');
  for (let a = 0; a < AGENCIES; a++) doBytes += await call(`/do/size?agency=${agencyName(a)}`);
} finally {
  stop();
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const summary = (store: 'd1' | 'do') => Object.fromEntries(Object.entries(timings[store]).map(([op, xs]) => [op, { medianMs: round(median(xs)), p95Ms: round(p95(xs)) }]));
const figures = {
  what: 'one D1 with the agency in every key, against one SQLite Durable Object per agency, on the local runtime',
  agencies: AGENCIES,
  leadsPerAgency: LEADS,
  operationsTimed: OPS,
  seedSeconds: { d1: round(seeded.d1 / 1000), durableObjects: round(seeded.do / 1000) },
  d1: { ...summary('d1'), bytes: d1Bytes },
  durableObjects: { ...summary('do'), bytes: doBytes },
};
console.log(JSON.stringify(figures, null, 2));
console.log(`written to ${await writeBenchRecord('agency-stores', figures)}`);
