/**
 * The site's D1 for an operator command: miniflare's local state (`--local`, what `npm
 * start` serves) or the deployed database (`--remote`, through wrangler), behind the same
 * D1Database the worker's own store functions take.
 */
export async function withOperatorDb<T>(remote: boolean, run: (db: D1Database) => Promise<T>, persistTo?: string): Promise<T> {
  if (remote) {
    const { remoteD1 } = await import('./remote-d1.ts');
    return run(remoteD1());
  }
  const { withLocalPlatform } = await import('./local-platform.ts');
  return withLocalPlatform((env) => run(env.DB), persistTo);
}
