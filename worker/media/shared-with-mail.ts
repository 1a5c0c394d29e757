import type { MiddlewareHandler } from 'hono';

export interface SharedWithMailOptions {
  /** Who may embed the answer; webmail shows the site's photos from its own origin. */
  policy?: 'cross-origin' | 'same-site';
}

/**
 * Lets other origins embed what this route answers. The site's own pages stay
 * `same-origin` (the security headers), but the photos appear in the site's mails.
 * Only a success or a revalidation is opened: an error page keeps the site's policy.
 */
export const sharedWithMail = (options: SharedWithMailOptions = {}): MiddlewareHandler => {
  const { policy } = { policy: 'cross-origin' as const, ...options };
  return async (c, next) => {
    await next();
    if (c.res.ok || c.res.status === 304) c.res.headers.set('Cross-Origin-Resource-Policy', policy);
  };
};
