import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { buildClient } from './build-client.ts';
import { freePort } from './lib/free-port.ts';
import { loadContent } from '../content/load.ts';
import { compileContent } from '../content/compile.ts';
import { kvPublishStore, publishVersion, versionName } from '../content/publish.ts';
import { applyMigrations } from './lib/bench-migrations.ts';
import { coldListUrls, shuffled } from './lib/cold-urls.ts';
import { HEADERS, cpuPerDistinct, workerdPid } from './lib/bench-measure.ts';
import { profileWorker } from './lib/cpu-profile.ts';

await buildClient({ quiet: true });
if (!process.env.NOBUILD) execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', '.tmp/bench-worker-names', '--minify=false'], { stdio: 'ignore' });
const port = await freePort();
const inspectorPort = await freePort();
const toml = await readFile('wrangler.toml', 'utf8');
const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(toml)?.[1] ?? '2026-11-01';
const mf = new Miniflare(convertV4MiniflareOptions({ host: '127.0.0.1', port, inspectorPort, workers: [{
  name: 'site-profiled', modules: true, scriptPath: '.tmp/bench-worker-names/index.js', compatibilityDate, compatibilityFlags: ['nodejs_compat'],
  r2Buckets: ['FILES'], d1Databases: ['DB'], kvNamespaces: { CONTENT: 'content' },
  ratelimits: Object.fromEntries(['FORM_LIMITER', 'LOGIN_LIMITER', 'API_LIMITER'].map((name) => [name, { namespace_id: name, simple: { limit: 1_000_000, period: 60 as const } }])),
  bindings: { SITE_ORIGIN: `http://127.0.0.1:${port}`, TURNSTILE_SITE_KEY: '', TOKEN_KEY: 'b', PASSWORD_PEPPER: 'b', TURNSTILE_SECRET: '', AGENCY_INBOX: 'x@example.be', MAIL_FROM: 'y@example.be', PAGE_CACHE: 'isolate' },
  assets: { directory: 'dist/client', binding: 'ASSETS', routerConfig: { has_user_worker: true } },
}] }));
const url = (await mf.ready).toString().replace(/\/$/, '');
const content = await loadContent(process.env.DIR ?? 'content/demo');
if (!content.ok) throw new Error('content');
const compiled = compileContent(content.content);
const bindings = await mf.getBindings<any>('site-profiled');
await applyMigrations(bindings.DB);
await publishVersion(kvPublishStore(bindings.CONTENT), compiled, { version: await versionName(compiled) });
const listText = await (await fetch(`${url}/api/page?lang=fr&path=/fr/a-vendre/`)).text();
const types = [undefined, ...(JSON.parse(listText).list.types.map((t: any) => t.value))];
const urls = shuffled(coldListUrls(['/fr/a-vendre/', '/nl/te-koop/', '/en/for-sale/', '/de/zu-verkaufen/'], types), 7);
const get = async (p: string) => { const r = await fetch(`${url}${p}`, { headers: HEADERS }); await r.arrayBuffer(); if (r.status !== 200) throw new Error(p + r.status); };
for (const p of urls.slice(0, 30)) await get(p);
const pid = await workerdPid();
const N = Number(process.env.N ?? 500);
const cpu = await cpuPerDistinct(pid, url, urls.slice(30, 30 + N + 20), N);
console.log('cpu ms per cold list (workerd total)', cpu.toFixed(2));
const profile = await profileWorker(inspectorPort, 'site-profiled', async () => { for (const p of urls.slice(600, 1000)) await get(p); });
await writeFile('/tmp/prof/list.cpuprofile', JSON.stringify(profile));
const html = await (await fetch(`${url}/fr/a-vendre/?type=1`, { headers: HEADERS })).text();
await writeFile('/tmp/prof/list.html', html);
await mf.dispose();
