/**
 * The local bindings `wrangler dev` uses (miniflare state under `.wrangler/state/v3` by
 * default), opened from Node so scripts can publish content, seed D1 and store photos
 * before the site starts. `persistTo` matches `wrangler dev --persist-to`.
 */
import path from 'node:path';
import { scopeToSelectedAgency } from './agency-scope.ts';
import { localSite } from './local-origin.ts';

export async function withLocalPlatform<T>(fn: (env: Env) => Promise<T>, persistTo?: string): Promise<T> {
  // wrangler's notes ("Using secrets defined in .dev.vars") go to stdout, where --json output must stand alone.
  process.env.WRANGLER_LOG ??= 'warn';
  // Loaded here, not on import: wrangler costs a second of CPU to load, and every command's
  // --help and argument errors come before it is needed.
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<Env>({
    configPath: 'wrangler.toml',
    persist: persistTo ? { path: path.join(persistTo, 'v3') } : true,
    remoteBindings: false,
  });
  try {
    // --agency: the chosen agency's view of every binding, as its own host gets from the worker.
    return await fn(await scopeToSelectedAgency(proxy.env, localSite()));
  } finally {
    await proxy.dispose();
  }
}
