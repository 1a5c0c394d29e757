import type { MiddlewareHandler } from 'hono';
import { siteAliases, siteOrigin } from '../config/site-origin.ts';

/**
 * Only the site's own host gets an answer. A request naming another host (a forged Host
 * header passed through by a proxy, a stranger's domain pointed at us) gets 421 and no
 * page: nothing is rendered, cached or mailed for it. An alias of the site (the bare
 * domain) is sent to the same path on SITE_ORIGIN.
 */
export function siteHostOnly(): MiddlewareHandler<{ Bindings: { SITE_ORIGIN?: string; SITE_ALIASES?: string } }> {
  return async (c, next) => {
    const origin = new URL(siteOrigin(c.env));
    const url = new URL(c.req.url);
    if (url.host === origin.host) return next();
    const safeMethod = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (safeMethod && siteAliases(c.env).includes(url.host.toLowerCase())) {
      return c.redirect(`${origin.origin}${url.pathname}${url.search}`, 308);
    }
    return c.text('Misdirected request: this server answers only for its own site.', 421, { 'Cache-Control': 'no-store' });
  };
}
