/**
 * The site's D1 for an operator command: miniflare's local state (`--local`, what `npm
 * start` serves) or the deployed database (`--remote`, through wrangler), behind the same
 * D1Database the worker's own store functions take.
 */
import { readPlatformTable, rowOf, selectedAgency } from './agency-scope.ts';

export async function withOperatorDb<T>(remote: boolean, run: (db: D1Database) => Promise<T>, persistTo?: string): Promise<T> {
  if (remote) {
    const { remoteD1, executeOn } = await import('./remote-d1.ts');
    const agency = selectedAgency();
    if (agency === null) return run(remoteD1());
    // --agency: that agency's own database, found in the deployed platform table.
    const { remoteStoreFromEnvironment } = await import('./remote-kv.ts');
    const row = rowOf(await readPlatformTable(await remoteStoreFromEnvironment({ platform: true })), agency);
    return run(remoteD1(executeOn(row.db)));
  }
  const { withLocalPlatform } = await import('./local-platform.ts');
  return withLocalPlatform((env) => run(env.DB), persistTo);
}
