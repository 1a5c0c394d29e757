import { createRouter as createTanStackRouter } from '@tanstack/react-router';
import { queryOf, writeSearch } from '../domain/search.ts';
import type { RouterContext } from './router-context.ts';
import { routeTree } from './routes/tree.tsx';

/** Query strings stay plain strings (no JSON): '?type=1' means the text '1', as the worker reads it. */
function parseSearch(search: string): Record<string, string> {
  return queryOf(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const qs = writeSearch(search);
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
