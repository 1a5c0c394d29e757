/**
 * A PublishStore over the Cloudflare REST API, for `content:publish -- --remote`.
 * Bulk writes report the keys that failed, so a publish can refuse to flip the pointer.
 */
import { prefixedPublishStore, selectedAgency } from './agency-scope.ts';
import { readFile } from 'node:fs/promises';
import type { PublishStore } from '../../content/publish.ts';

export interface RemoteKvOptions {
  accountId: string;
  namespaceId: string;
  apiToken: string;
  fetch?: typeof fetch;
}

export function remoteKvStore(options: RemoteKvOptions): PublishStore {
  const http = options.fetch ?? fetch;
  const base = `https://api.cloudflare.com/client/v4/accounts/${options.accountId}/storage/kv/namespaces/${options.namespaceId}`;
  const auth = { Authorization: `Bearer ${options.apiToken}` };
  const ok = async (response: Response, what: string) => {
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    async get(key) {
      const response = await http(`${base}/values/${encodeURIComponent(key)}`, { headers: auth });
      if (response.status === 404) return null;
      return (await ok(response, `get ${key}`)).text();
    },
    async put(key, value) {
      await ok(await http(`${base}/values/${encodeURIComponent(key)}`, { method: 'PUT', headers: auth, body: value }), `put ${key}`);
    },
    async putMany(entries) {
      const response = await http(`${base}/bulk`, { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(entries) });
      if (!response.ok) return { failed: entries.map((e) => e.key) };
      const body: unknown = await response.json();
      return { failed: unsuccessfulKeys(body) ?? entries.map((e) => e.key) };
    },
    async deleteMany(keys) {
      await ok(await http(`${base}/bulk/delete`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(keys) }), 'bulk delete');
    },
  };
}

/** The keys a bulk write could not store, or null when the answer is not understood. */
function unsuccessfulKeys(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null || !('success' in body) || body.success !== true) return null;
  if (!('result' in body) || typeof body.result !== 'object' || body.result === null) return [];
  const result: object = body.result;
  if (!('unsuccessful_keys' in result)) return [];
  const keys: unknown = result.unsuccessful_keys;
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : null;
}

async function kvNamespaceId(): Promise<string> {
  const toml = await readFile('wrangler.toml', 'utf8');
  const block = /\[\[kv_namespaces\]\][^[]*?binding\s*=\s*"CONTENT"[^[]*?\bid\s*=\s*"([^"]+)"/s.exec(toml);
  if (!block?.[1]) throw new Error('wrangler.toml has no kv_namespaces entry for CONTENT');
  return block[1];
}

/** The CONTENT namespace of the Cloudflare account in the environment; exits with a usage line without one. */
export async function remoteStoreFromEnvironment(options: { platform?: boolean } = {}): Promise<PublishStore> {
  const apiToken = process.env.CLOUDFLARE_API_TOKEN;
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (!apiToken || !accountId) {
    console.error('--remote needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in the environment.');
    process.exit(2);
  }
  const store = remoteKvStore({ apiToken, accountId, namespaceId: await kvNamespaceId() });
  // --agency: that agency's keys; the platform's own table is read where it is.
  const agency = selectedAgency();
  return agency === null || options.platform ? store : prefixedPublishStore(store, agency);
}
