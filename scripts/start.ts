/**
 * npm start: everything a fresh machine needs, then `wrangler dev` on $PORT (8787).
 * Builds the client, applies D1 migrations, publishes the demo content and photos into
 * local state, and serves the demo agency.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { command } from './lib/cli.ts';
import { buildClient, watchClient } from './build-client.ts';
import { ensureDevVars } from './lib/dev-vars.ts';
import { withLocalPlatform } from './lib/local-platform.ts';
import { publishFolder } from './publish-content.ts';
import { r2RecordsFile } from './lib/crm-records.ts';
import { kvPublishStore } from '../content/publish.ts';
import { readContentJson, seedMedia } from './seed-media.ts';
import { seedSlots } from './seed-db.ts';
import { ensureBasemap } from './map-install.ts';
import { DEMO_OWNER, seedDemoOwner } from './lib/seed-owners.ts';
import { localPepper } from './owners.ts';
import { applyMigrations, readMigrations } from './lib/local-migrations.ts';
import { LOCAL_SITE_FILE, localOriginVars } from './lib/local-origin.ts';
import { prepareDemoAgencyB } from './lib/demo-agencies.ts';

export interface PrepareOptions {
  persistTo?: string;
  contentDir?: string;
  log?: (line: string) => void;
  /** The home agency's origin, whose scheme and port the second demo agency shares. */
  origin?: string;
}

/**
 * `wrangler dev` as the demo and the browser tests run it, so the two cannot drift apart (the
 * browser tests once ran React's development build because only `npm start` asked for the
 * production one). wrangler dev bundles React's development build (NODE_ENV=development): its
 * server render measured 20× slower (a cold list page 200–300 ms against 12 ms) and nothing
 * like what a visitor gets from `wrangler deploy`; only `npm run dev` keeps it, for React's
 * warnings.
 */
export function wranglerDevArgs(port: string, options: { persistTo?: string | undefined; production: boolean }): string[] {
  return [
    'wrangler',
    'dev',
    '--port',
    port,
    '--ip',
    '127.0.0.1',
    '--local',
    '--show-interactive-dev-session=false',
    ...(options.persistTo ? ['--persist-to', options.persistTo] : []),
    ...(options.production ? ['--define', 'process.env.NODE_ENV:"production"'] : []),
    ...localOriginVars(port),
  ];
}

/** Builds, migrates, publishes and seeds; used by `npm start`, the e2e tests and the benchmark. */
export async function prepareLocalState(options: PrepareOptions = {}): Promise<void> {
  const log = options.log ?? console.log;
  const contentDir = options.contentDir ?? 'content/demo';
  await ensureDevVars();
  const assets = await buildClient({ quiet: true });
  log(`client built: ${assets.js}`);
  const migrations = existsSync('worker/db/migrations') ? await readMigrations() : [];
  const ok = await withLocalPlatform(async (env) => {
    // Both agencies' databases, with wrangler's own record of what is applied.
    const applied = [...(await applyMigrations(env.DB, migrations)), ...(await applyMigrations(env.DB_AGENCE_B, migrations))];
    log(`databases migrated (${applied.length} migrations applied)`);
    // After a local crm:sync, the CRM's listings stay: the demo folder does not publish over them.
    const version = await publishFolder(contentDir, kvPublishStore(env.CONTENT), log, false, await r2RecordsFile(env.FILES).read());
    if (!version) return false;
    const content = await readContentJson(contentDir);
    const media = await seedMedia(env.FILES, content, { log });
    log(`basemap: ${await ensureBasemap(env.FILES, content.properties)}`);
    const slots = await seedSlots(env.DB, content);
    if (slots > 0) log(`visit slots: ${slots} added`);
    const owner = await seedDemoOwner(env.DB, localPepper());
    if (owner.created) log(`demo owner: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
    log(`photos: ${media.created} created, ${media.skipped} already there`);
    return prepareDemoAgencyB(env, options.origin ?? 'http://127.0.0.1:8787', log);
  }, options.persistTo);
  if (!ok) throw new Error('content did not validate; see the problems above');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = command({
    name: 'npm start',
    usage: ['npm start [-- --persist-to DIR]', 'npm run dev (the same, rebuilding on change)'],
    options: { watch: { type: 'boolean' }, 'persist-to': { type: 'string' } },
  });
  const port = process.env.PORT ?? '8787';
  const persistTo = values['persist-to'];
  await prepareLocalState({ origin: `http://127.0.0.1:${port}`, ...(persistTo ? { persistTo } : {}) });
  if (!/^TURNSTILE_SECRET="?[^"\s]+/m.test(readFileSync('.dev.vars', 'utf8'))) {
    console.log('Captcha is off locally (no TURNSTILE_SECRET in .dev.vars): the honeypot and rate limits still apply.');
  }
  // --test-scheduled: the cron run (alerts, digests) can be started by hand at /__scheduled.
  // A local run keeps the links in its delivery log: `npm run mail -- --local show ID` opens them.
  const args = [...wranglerDevArgs(port, { persistTo, production: !values.watch }), '--test-scheduled', ...crmVars(), '--var', 'MAIL_LOG_LINKS:kept'];
  // wrangler reloads the worker on change; --watch also rebuilds the browser bundle.
  if (values.watch) await watchClient();
  // Operator commands (crm:sync) find the running site here, whatever $PORT they are run with.
  mkdirSync('.wrangler', { recursive: true });
  writeFileSync(LOCAL_SITE_FILE, `http://127.0.0.1:${port}\n`);
  console.log(`\nVitrine demo agency: http://127.0.0.1:${port}/ (http://localhost:${port}/ leads there)`);
  console.log(`Second demo agency: http://agence-b.localhost:${port}/\n`);
  const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  const stop = () => child.kill('SIGINT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

/** The CRM and calendar settings given in the shell (`CRM_ADAPTER=omnicasa … npm start`), passed to the local worker. */
function crmVars(env: NodeJS.ProcessEnv = process.env): string[] {
  const names = ['CRM_ADAPTER', 'CRM_FEED_URL', 'CRM_USER', 'CRM_PASSWORD', 'CRM_CLIENT_ID', 'CRM_OFFICE_ID', 'SLOTS_ICS_URL'] as const;
  return names.flatMap((name) => (env[name] ? ['--var', `${name}:${env[name]}`] : []));
}
