import { createRouter as createTanStackRouter } from '@tanstack/react-router';
import type { Lang } from '../content/lang.ts';
import type { ContentLoader } from './page-data.ts';
import { routeTree } from './routes/tree.tsx';

export interface RouterContext {
  content: ContentLoader;
  /** Language chosen for un-prefixed paths (cookie, Accept-Language, default). */
  negotiatedLang: Lang;
}

/** Query strings stay plain strings (no JSON): '?type=1' means the text '1', as the worker reads it. */
function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** One factory for server and browser so both build the same route tree and options. */
export function createRouter(context: RouterContext, nonce?: string) {
  return createTanStackRouter({
    routeTree,
    context,
    trailingSlash: 'always',
    parseSearch,
    stringifySearch,
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 30_000,
    defaultStaleTime: 30_000,
    ssr: nonce ? { nonce } : undefined,
    // Awaited by the router before React hydrates. Without the page's dictionary React would
    // draw keys where the server drew text, so hydration then waits for good: the page stays
    // as the server sent it, which works without JavaScript (links, forms that post).
    hydrate: async () => {
      if (context.content.hydrationReady && !(await context.content.hydrationReady())) await new Promise<never>(() => undefined);
    },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createRouter>;
  }
}
