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

/**
 * Every request that changes something must come from the site's own pages; `refuse`
 * answers the others. `exempt` names the few posts that come from elsewhere by design and
 * carry their own authority (a one-click unsubscribe from a mail client, a token in the URL;
 * an operator's hook, a bearer secret).
 */
export function sameOriginOnly<E extends { Bindings: object }>(options: { refuse: (c: Context<E>) => Response | Promise<Response>; exempt?: (path: string) => boolean }): MiddlewareHandler<E> {
  const { refuse, exempt } = { exempt: () => false, ...options };
  return async (c, next) => (isSameOrigin(c) || exempt(c.req.path) ? next() : refuse(c));
}
