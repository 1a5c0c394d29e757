/**
 * npm run agency -- add|list|remove: the platform's agencies, each on its own hostname with
 * its own content, files and database (docs/decisions/032). `add` writes the agency's row
 * in the platform table (KV `platform/agencies`), declares its database in wrangler.toml
 * when it is not there yet and, locally, creates it with the site's migrations. CRM
 * credentials are sealed with PLATFORM_KEY before they are stored.
 *
 *   npm run agency -- add --id agence-b --host agence-b.localhost --inbox info@agence-b.be [--alias H]… [--db DB_AGENCE_B]
 *        [--mail-from site@agence-b.be] [--crm-adapter feed --crm-url URL [--crm-user U --crm-password P]] --local|--remote
 *   npm run agency -- list --local|--remote [--json]
 *   npm run agency -- remove --id agence-b [--erase] --local|--remote
 */
import { readFile, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { command, run, WHERE_OPTIONS } from './lib/cli.ts';
import { devVar } from './lib/dev-vars.ts';
import { AgencyRow, PLATFORM_TABLE_KEY, PlatformTable, agencyPrefix } from '../worker/agency/platform-table.ts';
import { sealSecret } from '../worker/agency/agency-secrets.ts';

const { values, positionals, fail } = command({
  name: 'npm run agency',
  usage: [
    'npm run agency -- add --id ID --host HOSTNAME --inbox ADDRESS [--alias HOSTNAME]… [--db DB_NAME] [--mail-from ADDRESS] [--crm-adapter NAME --crm-url URL [--crm-client-id X] [--crm-office-id X] [--crm-user U --crm-password P]] [--calendar-ics URL] --local|--remote',
    'npm run agency -- list --local|--remote [--json]',
    'npm run agency -- remove --id ID [--erase] --local|--remote',
  ],
  positionals: true,
  options: {
    local: WHERE_OPTIONS.local,
    remote: WHERE_OPTIONS.remote,
    'persist-to': WHERE_OPTIONS['persist-to'],
    id: { type: 'string' },
    host: { type: 'string' },
    alias: { type: 'string', multiple: true },
    db: { type: 'string' },
    inbox: { type: 'string' },
    'mail-from': { type: 'string' },
    'crm-adapter': { type: 'string' },
    'crm-url': { type: 'string' },
    'crm-client-id': { type: 'string' },
    'crm-office-id': { type: 'string' },
    'crm-user': { type: 'string' },
    'crm-password': { type: 'string' },
    'calendar-ics': { type: 'string' },
    erase: { type: 'boolean' },
    json: { type: 'boolean' },
  },
});

const action = positionals[0];
if (!['add', 'list', 'remove'].includes(action ?? '') || positionals.length !== 1) fail('say add, list or remove');
if (values.local === values.remote) fail('say --local or --remote');

/** The table's store: local miniflare state or the deployed namespace (raw, the platform's own key). */
interface TableStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
}

/** DB_ and the id in capitals: the binding an agency's database gets unless --db names one. */
export const bindingFor = (id: string) => `DB_${id.toUpperCase().replaceAll('-', '_')}`;

async function readTable(store: TableStore): Promise<PlatformTable> {
  const text = await store.get(PLATFORM_TABLE_KEY);
  return text === null ? { agencies: [] } : PlatformTable.parse(JSON.parse(text));
}

/** Declares the agency's database in wrangler.toml, once; a deployment needs `wrangler deploy` after it. */
async function declareDatabase(binding: string, id: string): Promise<boolean> {
  const toml = await readFile('wrangler.toml', 'utf8');
  if (new RegExp(`binding\\s*=\\s*"${binding}"`).test(toml)) return false;
  const block = [
    '',
    '[[d1_databases]]',
    `binding = "${binding}"`,
    `database_name = "vitrine-${id}"`,
    '# `npx wrangler d1 create vitrine-' + id + ' --jurisdiction eu` gives the id to put here.',
    'database_id = "00000000-0000-0000-0000-000000000000"',
    'migrations_dir = "worker/db/migrations"',
    '',
  ].join('\n');
  const at = toml.indexOf('\n[[r2_buckets]]');
  await writeFile('wrangler.toml', at < 0 ? `${toml}${block}` : `${toml.slice(0, at)}\n${block}${toml.slice(at)}`);
  return true;
}

async function add(store: TableStore): Promise<string[]> {
  const id = values.id ?? fail('add needs --id');
  const said: string[] = [];
  let crm: Record<string, string> | undefined;
  if (values['crm-adapter']) {
    const user = values['crm-user'] ?? '';
    const password = values['crm-password'] ?? '';
    const key = process.env.PLATFORM_KEY ?? (values.local ? devVar('PLATFORM_KEY') : null);
    if ((user || password) && !key) fail('CRM credentials are sealed with PLATFORM_KEY: set it (wrangler secret put PLATFORM_KEY; locally in .dev.vars)');
    crm = {
      adapter: values['crm-adapter'],
      feedUrl: values['crm-url'] ?? '',
      clientId: values['crm-client-id'] ?? '',
      officeId: values['crm-office-id'] ?? '',
      sealed: user || password ? await sealSecret(key ?? '', id, JSON.stringify({ user, password })) : '',
    };
  }
  let calendar: { sealed: string } | undefined;
  if (values['calendar-ics']) {
    const key = process.env.PLATFORM_KEY ?? (values.local ? devVar('PLATFORM_KEY') : null);
    if (!key) fail('the calendar address is sealed with PLATFORM_KEY: set it (wrangler secret put PLATFORM_KEY; locally in .dev.vars)');
    calendar = { sealed: await sealSecret(key ?? '', id, values['calendar-ics']) };
  }
  const parsed = AgencyRow.safeParse({
    id,
    hostname: values.host?.toLowerCase(),
    aliases: (values.alias ?? []).map((a) => a.toLowerCase()),
    db: values.db ?? bindingFor(id),
    inbox: values.inbox,
    ...(values['mail-from'] ? { mailFrom: values['mail-from'] } : {}),
    ...(crm ? { crm } : {}),
    ...(calendar ? { calendar } : {}),
  });
  const row = parsed.success ? parsed.data : fail(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'agency'}: ${issue.message}`).join('; '));
  const table = await readTable(store);
  const next = PlatformTable.safeParse({ agencies: [...table.agencies.filter((a) => a.id !== row.id), row] });
  const agencies = next.success ? next.data : fail(next.error.issues.map((issue) => issue.message).join('; '));
  await store.put(PLATFORM_TABLE_KEY, JSON.stringify(agencies));
  said.push(`${table.agencies.some((a) => a.id === row.id) ? 'updated' : 'added'} ${row.id}: https://${row.hostname}/ (database ${row.db})`);
  if (await declareDatabase(row.db, row.id)) said.push(`wrangler.toml: ${row.db} declared; ${values.remote ? 'create the database, put its id there and deploy' : 'restart the site to serve it'}`);
  if (values.local) {
    const persist = values['persist-to'] ? ['--persist-to', values['persist-to']] : [];
    const migrated = spawnSync('npx', ['wrangler', 'd1', 'migrations', 'apply', row.db, '--local', ...persist], { stdio: 'ignore', env: { ...process.env, CI: 'true' } });
    said.push(migrated.status === 0 ? `${row.db}: migrated` : `${row.db}: migrations did not apply (npx wrangler d1 migrations apply ${row.db} --local)`);
  } else said.push(`then: npx wrangler d1 migrations apply ${row.db} --remote, and npm run content:publish -- --remote --agency ${row.id} --dir …`);
  return said;
}

async function remove(store: TableStore, erase: (prefix: string) => Promise<number>): Promise<string[]> {
  const id = values.id ?? fail('remove needs --id');
  const table = await readTable(store);
  const row = table.agencies.find((a) => a.id === id) ?? fail(`no agency ${id} (${table.agencies.map((a) => a.id).join(', ') || 'none'})`);
  await store.put(PLATFORM_TABLE_KEY, JSON.stringify({ agencies: table.agencies.filter((a) => a.id !== id) }));
  const said = [`removed ${id}: its hosts get the platform's 404 within a minute`];
  if (values.erase) said.push(`erased ${await erase(agencyPrefix(id))} stored content key(s) and file(s); its database ${row.db} is dropped with wrangler d1 delete`);
  else said.push(`its content, files and database ${row.db} are kept until --erase (the agency's data: hand it over or erase it as its contract says)`);
  return said;
}

await run('npm run agency', async () => {
  const lines = await (async () => {
    if (values.remote) {
      const { remoteStoreFromEnvironment } = await import('./lib/remote-kv.ts');
      const store = await remoteStoreFromEnvironment({ platform: true });
      if (action === 'list') return list(await readTable(store));
      if (action === 'add') return add(store);
      return remove(store, () => Promise.reject(new Error('--erase works locally; deployed: delete the a/<id>/ keys with wrangler kv and the bucket prefix with wrangler r2')));
    }
    const { withLocalPlatform } = await import('./lib/local-platform.ts');
    return withLocalPlatform(async (env) => {
      const store: TableStore = { get: (key) => env.CONTENT.get(key, 'text'), put: (key, value) => env.CONTENT.put(key, value) };
      if (action === 'list') return list(await readTable(store));
      if (action === 'add') return add(store);
      return remove(store, async (prefix) => {
        let erased = 0;
        for (let cursor: string | undefined; ;) {
          const page = await env.CONTENT.list({ prefix, ...(cursor ? { cursor } : {}) });
          await Promise.all(page.keys.map((key) => env.CONTENT.delete(key.name)));
          erased += page.keys.length;
          if (page.list_complete) break;
          cursor = page.cursor;
        }
        for (;;) {
          const page = await env.FILES.list({ prefix, limit: 500 });
          if (page.objects.length === 0) break;
          await env.FILES.delete(page.objects.map((o) => o.key));
          erased += page.objects.length;
        }
        return erased;
      });
    }, values['persist-to']);
  })();
  for (const line of lines) console.log(line);
});

function list(table: PlatformTable): string[] {
  if (values.json)
    return [
      JSON.stringify(
        table.agencies.map(({ crm, calendar, ...row }) => ({
          ...row,
          crm: crm ? { adapter: crm.adapter, feedUrl: crm.feedUrl, credentials: crm.sealed ? 'sealed' : 'none' } : null,
          calendar: calendar ? 'sealed' : null,
        })),
        null,
        2,
      ),
    ];
  if (table.agencies.length === 0) return ['No guest agency: this deployment serves its own agency only.'];
  return table.agencies.map((a) => `${a.id.padEnd(20)} ${a.hostname.padEnd(32)} ${a.db.padEnd(20)} ${a.inbox}${a.crm ? `  crm ${a.crm.adapter}` : ''}`);
}
