import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import { createRouter, type RouterContext } from '../../client/router.tsx';
import type { ContentLoader, PageData } from '../../client/page-data.ts';
import { clientAssets } from './assets.ts';

/** Wraps the server content loader to remember the page status for the response. */
export class RecordingLoader implements ContentLoader {
  status: PageData['status'] = 200;
  private readonly inner: ContentLoader;
  constructor(inner: ContentLoader) {
    this.inner = inner;
  }
  site: ContentLoader['site'] = (lang) => this.inner.site(lang);
  page: ContentLoader['page'] = async (lang, path, search) => {
    const data = await this.inner.page(lang, path, search);
    this.status = data.status;
    return data;
  };
}

const manifest = {
  routes: {
    __root__: {
      css: [clientAssets.css],
      scripts: [{ attrs: { type: 'module', src: clientAssets.js, async: true } }],
    },
  },
};

/**
 * Streams React SSR of the route tree for one request. Crawlers (isbot) get the fully
 * rendered document in one piece; people get the shell as soon as it is ready.
 */
export async function renderPage(request: Request, context: RouterContext, nonce: string): Promise<Response> {
  const loader = new RecordingLoader(context.content);
  const handler = createRequestHandler({
    request,
    createRouter: () => createRouter({ ...context, content: loader }, nonce),
    getRouterManifest: () => manifest,
  });
  const response = await handler(({ request: req, router, responseHeaders }) =>
    renderRouterToStream({ request: req, router, responseHeaders, children: <RouterServer router={router} /> }),
  );
  if (loader.status === response.status || response.status >= 300) return response;
  return new Response(response.body, { status: loader.status, headers: response.headers });
}
