import type { MiddlewareHandler } from 'hono';
import type { RequestVariables } from '../env.ts';

/** A fresh, unguessable nonce per response: base64 of 16 random bytes. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * The page CSP: scripts only by nonce (and what they load), nothing inline, no framing.
 * `upgrade-insecure-requests` only where the site itself is served over https: on a local
 * http origin (`npm start`, whose second agency is on agence-b.localhost) it would send a
 * same-site redirect to an https address nothing answers.
 */
export function contentSecurityPolicy(nonce: string, { secureOrigin = true }: { secureOrigin?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self' https:",
    "media-src 'self' https:",
    "frame-src 'self' https:",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    ...(secureOrigin ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Security headers on every response the worker makes, from day one; the nonce is
 * handed to React's stream so its inline hydration scripts are allowed.
 */
export function securityHeaders(): MiddlewareHandler<{ Bindings: { SITE_ORIGIN?: string }; Variables: RequestVariables }> {
  return async (c, next) => {
    const nonce = createNonce();
    c.set('nonce', nonce);
    await next();
    const h = c.res.headers;
    // A 304 must not carry a new nonce: the browser would apply it to the cached page,
    // whose scripts carry the old one, and block them all (docs/decisions/006).
    if (c.res.status !== 304 && !h.has('Content-Security-Policy'))
      h.set('Content-Security-Policy', contentSecurityPolicy(nonce, { secureOrigin: !(c.env as { SITE_ORIGIN?: string } | undefined)?.SITE_ORIGIN?.startsWith('http:') }));
    h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    h.set('X-Content-Type-Options', 'nosniff');
    // A page holding a secret (the reset form) asks for none at all; it says so itself.
    if (!h.has('Referrer-Policy')) h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    // Listing photos are shown in the site's own mails (alerts, a property sent to a friend),
    // which webmail opens from its own origin: they say so themselves; the rest stays ours.
    if (!h.has('Cross-Origin-Resource-Policy')) h.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (!h.has('X-Frame-Options')) h.set('X-Frame-Options', 'DENY');
  };
}
