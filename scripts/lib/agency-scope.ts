/**
 * Which agency an operator command acts for: `--agency ID` on any command that reads or
 * writes the site's data. Without it, the deployment's own (home) agency, as before there
 * were many. The command then sees that agency's content, files, database and secrets
 * exactly as the worker does for a request on its host (worker/agency/agency-env.ts).
 */
import type { PublishStore } from '../../content/publish.ts';
import { AgencyId, PLATFORM_TABLE_KEY, agencyPrefix, PlatformTable, type AgencyRow } from '../../worker/agency/platform-table.ts';
import { guestEnv } from '../../worker/agency/agency-env.ts';
import { agencySecret } from '../../worker/agency/agency-secrets.ts';
import { guestOrigin } from '../../worker/agency/find-agency.ts';
import type { Bindings } from '../../worker/env.ts';

let selected: string | null = null;
/** The chosen agency's row, once a command has read the table. */
let selectedRow: AgencyRow | null = null;

/** Chooses the agency for this run; an id that cannot be one is refused before anything is opened. */
export function selectAgency(id: string | undefined): void {
  if (id === undefined) return;
  const parsed = AgencyId.safeParse(id);
  if (!parsed.success) throw new Error(`--agency ${JSON.stringify(id)}: ${parsed.error.issues[0]?.message ?? 'not an agency id'}`);
  selected = parsed.data;
}

/** The agency chosen with --agency, or null for the home agency. */
export function selectedAgency(): string | null {
  return selected;
}

/** The platform table as stored (null without one). */
export async function readPlatformTable(kv: { get(key: string): Promise<string | null> }): Promise<PlatformTable | null> {
  const text = await kv.get(PLATFORM_TABLE_KEY);
  return text === null ? null : PlatformTable.parse(JSON.parse(text));
}

/** The chosen agency's row, or an error naming the agencies there are. */
export function rowOf(table: PlatformTable | null, id: string): AgencyRow {
  const row = table?.agencies.find((agency) => agency.id === id);
  if (!row) throw new Error(`no agency ${id} on this platform (${table?.agencies.map((a) => a.id).join(', ') || 'it has none: npm run agency -- add'})`);
  return row;
}

/** The bindings a command acts through: the home agency's as they are, or the chosen agency's view. */
export async function scopeToSelectedAgency(env: Env, homeOrigin: string): Promise<Env> {
  if (selected === null) return env;
  const row = rowOf(await readPlatformTable(env.CONTENT), selected);
  selectedRow = row;
  const origin = guestOrigin(homeOrigin, row.hostname);
  const scoped = await guestEnv(env as unknown as Bindings, row, origin, []);
  if (!scoped) throw new Error(`agency ${row.id}: its database ${row.db} is not declared in wrangler.toml`);
  return scoped as unknown as Env;
}

/** A publish store seen through one agency's prefix, as the worker's view of KV sees it. */
export function prefixedPublishStore(store: PublishStore, agency: string): PublishStore {
  const prefix = agencyPrefix(agency);
  return {
    get: (key) => store.get(`${prefix}${key}`),
    put: (key, value) => store.put(`${prefix}${key}`, value),
    putMany: async (entries) => {
      const { failed } = await store.putMany(entries.map((entry) => ({ ...entry, key: `${prefix}${entry.key}` })));
      return { failed: failed.map((key) => key.slice(prefix.length)) };
    },
    deleteMany: (keys) => store.deleteMany(keys.map((key) => `${prefix}${key}`)),
  };
}

/** A key of the deployed bucket as wrangler names it, under the chosen agency's prefix. */
export function remoteObject(key: string): string {
  return `vitrine-files/${selected === null ? '' : agencyPrefix(selected)}${key}`;
}

/** The D1 binding of the chosen agency in the deployed platform table: DB for the home agency. */
export async function remoteDatabase(): Promise<string> {
  if (selected === null) return 'DB';
  const { remoteStoreFromEnvironment } = await import('./remote-kv.ts');
  return rowOf(await readPlatformTable(await remoteStoreFromEnvironment({ platform: true })), selected).db;
}

/**
 * Where the chosen agency's site answers an operator hook, and with which token: its own
 * host (locally the home's address with the agency's Host, as `*.localhost` is not in
 * every resolver) and its own PUBLISH_HOOK_TOKEN, derived as the worker derives it.
 */
export async function agencyHook(homeSite: string, remote: boolean, token: string): Promise<{ site: string; host: string; token: string } | null> {
  if (selected === null) return null;
  if (!selectedRow && remote) {
    const { remoteStoreFromEnvironment } = await import('./remote-kv.ts');
    selectedRow = rowOf(await readPlatformTable(await remoteStoreFromEnvironment({ platform: true })), selected);
  }
  if (!selectedRow) return null;
  const origin = remote ? `https://${selectedRow.hostname}` : guestOrigin(homeSite, selectedRow.hostname);
  return { site: remote ? origin : homeSite, host: new URL(origin).host, token: await agencySecret(token, selected, 'PUBLISH_HOOK_TOKEN') };
}

/** An agency's content folder: `--dir` when given, else `content/<agency>` for a guest and `content/demo` for the home agency. */
export function contentDir(dir: string | undefined): string {
  return dir ?? (selected === null ? 'content/demo' : `content/${selected}`);
}
