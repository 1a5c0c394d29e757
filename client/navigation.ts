import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * Client-side navigation to a built href (localized paths come from content, so they
 * are strings, not typed route ids).
 */
export function navigateTo(router: RegisteredRouter, href: string, options: { keepScroll?: boolean } = {}): Promise<void> {
  return router.navigate<RegisteredRouter, string>({ href, ...(options.keepScroll ? { resetScroll: false } : {}) });
}

/** Warms the loader of a link the visitor is about to follow; failures are harmless. */
export function preloadHref(router: RegisteredRouter, href: string): void {
  router.preloadRoute<string, string>({ href }).catch(() => undefined);
}
