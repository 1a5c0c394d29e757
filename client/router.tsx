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
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createRouter>;
  }
}
