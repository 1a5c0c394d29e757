import type { Context } from 'hono';
import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import { createFloorRouter } from '../../client/floor/floor-router.tsx';
import type { AppEnv } from '../env.ts';
import { clientAssets } from './assets.ts';

/**
 * The floor page (`/bench/floor/`): React, react-dom and TanStack Router alone, streamed and
 * hydrated as the site's pages are, with the site's stylesheet. Never indexed; `npm run
 * lighthouse` measures it beside the real pages (docs/performance.md).
 */
export async function floorPage(c: Context<AppEnv>): Promise<Response> {
  if (!clientAssets.floor) return c.text('Not found', 404);
  const script = clientAssets.floor;
  const handler = createRequestHandler({
    request: c.req.raw,
    createRouter: () => createFloorRouter(c.get('nonce')),
    getRouterManifest: () => ({ routes: { __root__: { css: [clientAssets.css], preloads: [], scripts: [{ attrs: { type: 'module', src: script, async: true } }] } } }),
  });
  const response = await handler(({ request, router, responseHeaders }) => renderRouterToStream({ request, router, responseHeaders, children: <RouterServer router={router} /> }));
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('X-Robots-Tag', 'noindex');
  return response;
}
