import { parseDictionaryPath } from '../../domain/i18n/dictionaries.ts';
import { ContentRepository } from '../live/repository.ts';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Bindings } from '../env.ts';

export interface RateLimitOptions<E extends AppEnv, P extends string> {
  /** The binding of wrangler.toml that counts (its limit and period live there). */
  limiter: (env: Bindings) => RateLimit;
  /** What one count is for (a form and an address, a login page and an address), or null when this request is not counted; by default the client's edge address. */
  key?: (c: Context<E, P>) => string | null;
  /** The answer over the limit; it must say when to come back (Retry-After). By default a JSON 429. */
  refuse?: (c: Context<E, P>) => Response | Promise<Response>;
}

/**
 * Counts a request against one of the Workers rate-limit bindings before anything else of
 * it is read, and answers `refuse` over the limit.
 */
export function rateLimit<E extends AppEnv = AppEnv, P extends string = string>(options: RateLimitOptions<E, P>): MiddlewareHandler<E, P> {
  const { limiter, key, refuse } = { key: (c: Context<E, P>) => edgeAddress(c), refuse: (c: Context<E, P>) => tooManyJson(c), ...options };
  return async (c, next) => {
    const counted = key(c);
    if (counted !== null && !(await limiter(c.env).limit({ key: counted })).success) return refuse(c);
    return next();
  };
}

/** The edge's address of the client. Cloudflare sets it and a client cannot; a request without it did not come through the edge. */
export function edgeAddress(c: Context): string | null {
  return c.req.header('CF-Connecting-IP') ?? null;
}

/** The address to count a form against: a request that did not come through the edge (local runs, tests) counts as one address. */
export function clientAddress(c: Context): string {
  return edgeAddress(c) ?? 'local';
}

export const tooManyJson = (c: Context) => c.json({ error: 'TOO_MANY_REQUESTS' }, 429, { 'Retry-After': '60', 'Cache-Control': 'no-store' });

/**
 * The JSON endpoints (/api/*) per client address: API_LIMITER. A request without an edge
 * address (local runs, tests, scripts) has no address to count against, so it passes.
 *
 * The live content version's dictionary is not counted: it is an immutable file served
 * from the isolate's memory, and a page whose dictionary is refused never hydrates, so
 * visitors behind one address (an office, a carrier's NAT) would get pages that stop
 * working. A dictionary of any other version costs a KV read, so it counts like any call.
 */
export const apiRateLimit = rateLimit({
  limiter: (env) => env.API_LIMITER,
  key: (c) => {
    const ip = edgeAddress(c);
    if (!ip) return null;
    const dictionary = parseDictionaryPath(c.req.path);
    return dictionary && ContentRepository.holds(c.env.CONTENT, dictionary.version) ? null : `api:${ip}`;
  },
  refuse: tooManyJson,
});
