import { createRouter as createTanStackRouter } from '@tanstack/react-router';
import type { Lang } from '../content/lang.ts';
import type { ContentLoader } from './page-data.ts';
import { routeTree } from './routes/tree.tsx';

export interface RouterContext {
  content: ContentLoader;
  /** Language chosen for un-prefixed paths (cookie, Accept-Language, default). */
  negotiatedLang: Lang;
}

/** One factory for server and browser so both build the same route tree and options. */
export function createRouter(context: RouterContext, nonce?: string) {
  return createTanStackRouter({
    routeTree,
    context,
    trailingSlash: 'always',
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 30_000,
    defaultStaleTime: 30_000,
    ssr: nonce ? { nonce } : undefined,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createRouter>;
  }
}
