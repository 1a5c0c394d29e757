import type { Context, MiddlewareHandler } from 'hono';

/**
 * Cross-site posts are refused (CSRF): the browser says where a form came from, in
 * Sec-Fetch-Site or Origin; a post that says neither is not from our pages.
 */
export function isSameOrigin(c: Context): boolean {
  const origin = c.req.header('Origin');
  const site = c.req.header('Sec-Fetch-Site');
  if (site && site !== 'same-origin') return false;
  if (!origin) return site === 'same-origin';
  return origin === new URL(c.req.url).origin;
}

/** Every request that changes something must come from the site's own pages; `refuse` answers the others. */
export function sameOriginOnly<E extends { Bindings: object }>(options: { refuse: (c: Context<E>) => Response | Promise<Response> }): MiddlewareHandler<E> {
  return async (c, next) => (isSameOrigin(c) ? next() : options.refuse(c));
}
