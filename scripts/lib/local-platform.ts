/**
 * The local bindings `wrangler dev` uses (miniflare state under `.wrangler/state/v3` by
 * default), opened from Node so scripts can publish content, seed D1 and store photos
 * before the site starts. `persistTo` matches `wrangler dev --persist-to`.
 */
import { getPlatformProxy } from 'wrangler';
import path from 'node:path';

export async function withLocalPlatform<T>(fn: (env: Env) => Promise<T>, persistTo?: string): Promise<T> {
  const proxy = await getPlatformProxy<Env>({
    configPath: 'wrangler.toml',
    persist: persistTo ? { path: path.join(persistTo, 'v3') } : true,
    remoteBindings: false,
  });
  try {
    return await fn(proxy.env);
  } finally {
    await proxy.dispose();
  }
}
