/**
 * npm run bench:load [-- --seconds 60 --connections 200]: the built worker in Miniflare,
 * the demo content published, D1 migrated, then the load run of scripts/lib/load-run.ts.
 * Prints the figures and writes docs/bench/load.json. Reported, never asserted.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { command } from './lib/cli.ts';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { buildClient } from './build-client.ts';
import { loadContent } from '../content/load.ts';
import { compileContent } from '../content/compile.ts';
import { kvPublishStore, publishVersion, versionName } from '../content/publish.ts';
import { runLoad } from './lib/load-run.ts';
import { freePort } from './lib/free-port.ts';
import { writeBenchRecord } from './lib/bench-record.ts';
import { applyMigrations, readMigrations } from './lib/local-migrations.ts';

function firstCardPath(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('list' in data)) return null;
  const list = data.list;
  if (typeof list !== 'object' || list === null || !('cards' in list) || !Array.isArray(list.cards)) return null;
  const card: unknown = list.cards[0];
  return typeof card === 'object' && card !== null && 'path' in card && typeof card.path === 'string' ? card.path : null;
}

async function main() {
  const { values } = command({
    name: 'npm run bench:load',
    usage: ['npm run bench:load -- [--seconds 60] [--connections 200] [--dir content/demo]'],
    options: { seconds: { type: 'string', default: '60' }, connections: { type: 'string', default: '200' }, dir: { type: 'string', default: 'content/demo' } },
  });
  const seconds = Math.max(1, Math.min(120, Number(values.seconds) || 60));
  const connections = Math.max(1, Math.min(1000, Number(values.connections) || 200));
  await buildClient({ quiet: true });
  // Its own output folder: `npm run bench` may be bundling at the same time.
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', '.tmp/bench-load-worker'], { stdio: 'ignore' });
  const toml = await readFile('wrangler.toml', 'utf8');
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(toml)?.[1] ?? '2026-11-01';
  // The site answers only for its own origin, so it must know its port before it starts.
  const port = await freePort();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      modules: true,
      scriptPath: '.tmp/bench-load-worker/index.js',
      compatibilityDate,
      compatibilityFlags: ['nodejs_compat'],
      kvNamespaces: ['CONTENT'],
      r2Buckets: ['FILES'],
      d1Databases: ['DB'],
      queueProducers: { NOTIFY: { queueName: 'vitrine-notify' } },
      // Visitors come from many addresses; the run measures the site, not the limiter.
      ratelimits: Object.fromEntries(['FORM_LIMITER', 'LOGIN_LIMITER', 'API_LIMITER'].map((name) => [name, { namespace_id: name, simple: { limit: 1_000_000, period: 60 as const } }])),
      bindings: {
        SITE_ORIGIN: `http://127.0.0.1:${port}`,
        TURNSTILE_SITE_KEY: '',
        TOKEN_KEY: 'load',
        PASSWORD_PEPPER: 'load',
        TURNSTILE_SECRET: '',
        AGENCY_INBOX: 'x@example.be',
        MAIL_FROM: 'y@example.be',
      },
      assets: { directory: 'dist/client', binding: 'ASSETS', routerConfig: { has_user_worker: true } },
    }),
  );
  try {
    const url = (await mf.ready).toString().replace(/\/$/, '');
    const bindings = await mf.getBindings<Env>();
    await applyMigrations(bindings.DB, await readMigrations());
    const content = await loadContent(values.dir);
    if (!content.ok) throw new Error(`content invalid: ${content.problems.length} problems`);
    const compiled = compileContent(content.content);
    await publishVersion(kvPublishStore(bindings.CONTENT), compiled, { version: await versionName(compiled) });

    const listPath = '/fr/a-vendre/';
    const detailPath = firstCardPath(await (await fetch(`${url}/api/page?lang=fr&path=${listPath}`)).json()) ?? '/fr/';
    for (const path of [listPath, detailPath]) await (await fetch(`${url}${path}`)).arrayBuffer();

    const result = await runLoad({
      url,
      listPath,
      detailPath,
      connections,
      seconds,
      postEvery: 10,
      storedRows: async () => (await bindings.DB.prepare("SELECT COUNT(*) AS n FROM leads WHERE email LIKE 'load-%@example.be'").first<{ n: number }>())?.n ?? 0,
    });
    console.log(`\nVitrine load run — ${connections} connections for ${seconds} s on ${listPath} and ${detailPath}, one form post in 10, Miniflare (workerd), loopback\n`);
    console.log(`requests ${result.requests} (${result.requestsPerSecond}/s) · p50 ${result.p50} ms · p99 ${result.p99} ms · max ${result.max} ms`);
    console.log(`errors ${result.errors} · timeouts ${result.timeouts} · unexpected statuses ${result.unexpected} · statuses ${JSON.stringify(result.statuses)}`);
    console.log(`posts sent ${result.postsSent} · accepted (303) ${result.postsAccepted} · rows in D1 ${result.rowsStored} · lost ${result.lostSubmissions}`);
    await writeBenchRecord('load', { listPath, detailPath, ...result });
  } finally {
    await mf.dispose();
  }
}

await main();
