import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';

/**
 * The JSON endpoints (/api/*) per client address: API_LIMITER of wrangler.toml, answered
 * 429 with Retry-After. The address is the edge's CF-Connecting-IP, which a client cannot
 * set through Cloudflare; a request without it did not come through the edge (local runs,
 * tests, scripts) and has no address to count against, so it passes.
 *
 * A page's dictionary is not counted here: the live version's is an immutable file served
 * from the isolate's memory, and a page whose dictionary is refused never hydrates, so
 * visitors behind one address (an office, a carrier's NAT) would get pages that stop
 * working. Its route counts the requests for versions the isolate does not hold.
 */
export const apiRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const ip = c.req.header('CF-Connecting-IP');
  if (ip && !c.req.path.startsWith('/api/dictionary/')) {
    const { success } = await c.env.API_LIMITER.limit({ key: `api:${ip}` });
    if (!success) return c.json({ error: 'TOO_MANY_REQUESTS' }, 429, { 'Retry-After': '60', 'Cache-Control': 'no-store' });
  }
  return next();
});
