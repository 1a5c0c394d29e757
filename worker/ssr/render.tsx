import { createRequestHandler, createSsrStreamResponse, getSsrStatus, renderRouterToString, RouterServer, transformReadableStreamWithRouter } from '@tanstack/react-router/ssr/server';
import type { AnyRouter } from '@tanstack/react-router';
import { isbot } from 'isbot';
import type { ReactNode } from 'react';
import { renderToFlushStream } from './flush-stream.ts';
import { createRouter } from '../../client/router.tsx';
import type { RouterContext } from '../../client/router-context.ts';
import type { ContentLoader, PageData } from '../../domain/page-data.ts';
import { clientAssets, CLIENT_BUILD } from './assets.ts';
import { pageEtag } from './etag.ts';
import { matchesEtag } from '../../domain/rules/etag-match.ts';
import { preloadLazyComponents, setLazyChunkFiles } from '../../client/lib/lazy-component.tsx';

setLazyChunkFiles(clientAssets.chunks);

/** Wraps the server content loader to remember the page status and data for the response. */
export class RecordingLoader implements ContentLoader {
  status: PageData['status'] = 200;
  data: PageData | null = null;
  private readonly inner: ContentLoader;
  constructor(inner: ContentLoader) {
    this.inner = inner;
  }
  site: ContentLoader['site'] = (lang) => this.inner.site(lang);
  page: ContentLoader['page'] = async (lang, path, search) => {
    const data = await this.inner.page(lang, path, search);
    this.status = data.status;
    this.data = data;
    return data;
  };
}

const manifest = {
  routes: {
    __root__: {
      css: [clientAssets.css],
      preloads: clientAssets.preload,
      scripts: [{ attrs: { type: 'module', src: clientAssets.js, async: true } }],
    },
  },
};

/**
 * `npm run bench` sends this header to measure rendering itself: `string` renders with
 * renderToString, any other value streams, and either way the page cache is bypassed
 * (worker/pages/routes.tsx). Harmless in production: the page is the same, only rendered
 * anew, which any new query string also causes.
 */
export const BENCH_RENDER_HEADER = 'X-Bench-Render';

/** Conditional GET of a page: the content version and the client's If-None-Match. */
export interface Revalidation {
  version: string;
  ifNoneMatch: string | null;
  /** The ETag of a page keyed by its fingerprint (page-cache.ts), known before its data is loaded. */
  etag?: string | null;
}

/**
 * The router's streaming render (what `renderRouterToStream` does with React's readable
 * stream), fed by React's pipeable render one flush per chunk (flush-stream.ts): the router
 * merges its state scripts into the same bytes, in fewer pieces.
 */
async function renderRouterToFlushStream(request: Request, router: AnyRouter, responseHeaders: Headers, children: ReactNode) {
  const signal = request.signal;
  if (signal.aborted) {
    router.serverSsr?.cleanup();
    throw signal.reason;
  }
  let torndown = false;
  try {
    const stream = await renderToFlushStream(children, {
      nonce: router.options.ssr?.nonce,
      signal,
      // Crawlers get the whole document in one piece; people get the shell as soon as it is ready.
      waitForAll: isbot(request.headers.get('User-Agent')),
      onError: (error) => {
        if (!torndown && !signal.aborted) console.error('page render failed', error);
      },
    });
    const body = transformReadableStreamWithRouter(router, stream, {
      rendererSafePoint: 'script-close',
      signal,
      onAbort: () => {
        torndown = true;
      },
    });
    return createSsrStreamResponse(router, new Response(body, { status: getSsrStatus(router), headers: responseHeaders }));
  } catch (error) {
    router.serverSsr?.cleanup();
    throw error;
  }
}

/**
 * Streams React SSR of the route tree for one request. Crawlers (isbot) get the fully
 * rendered document in one piece: renderRouterToFlushStream waits for React's allReady before
 * the first byte; people get the shell as soon as it is ready.
 * With `revalidation`, the page gets an ETag computed once its data is loaded and before
 * React renders, so a matching If-None-Match answers 304 without rendering at all.
 */
export async function renderPage(request: Request, context: RouterContext, nonce: string, revalidation?: Revalidation): Promise<Response> {
  // Inlined in the worker bundle: resolves at once, and once per isolate.
  await preloadLazyComponents();
  const loader = new RecordingLoader(context.content);
  const handler = createRequestHandler({
    request,
    createRouter: () => createRouter({ ...context, content: loader }, nonce),
    getRouterManifest: () => manifest,
  });
  let etag: string | null = null;
  const response = await handler(async ({ request: req, router, responseHeaders }) => {
    if (revalidation?.etag) etag = revalidation.etag;
    else if (revalidation && loader.data) {
      const url = new URL(req.url);
      etag = await pageEtag({ version: revalidation.version, build: CLIENT_BUILD, lang: context.negotiatedLang, url: `${url.pathname}${url.search}`, data: loader.data });
    }
    if (revalidation && etag && matchesEtag(revalidation.ifNoneMatch, etag)) return new Response(null, { status: 304, headers: { ETag: etag } });
    const children = <RouterServer router={router} />;
    if (req.headers.get(BENCH_RENDER_HEADER) === 'string') return renderRouterToString({ router, responseHeaders, children });
    return renderRouterToFlushStream(req, router, responseHeaders, children);
  });
  if (etag && response.status !== 304) response.headers.set('ETag', etag);
  if (loader.status === response.status || response.status >= 300) return response;
  return new Response(response.body, { status: loader.status, headers: response.headers });
}
