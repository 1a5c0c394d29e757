/**
 * The one route tree. It stays small because the path table is data: every page path
 * goes to the same loader, which asks the content loader what the path is.
 */
import type { CSSProperties } from 'react';
import { useMemo } from 'react';
import { preload } from 'react-dom';
import { createRootRouteWithContext, createRoute, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import { isLang, type Lang } from '../../domain/lang.ts';
import type { RouterContext } from '../router-context.ts';
import { Layout } from '../components/layout/Layout.tsx';
import { PageScreen, preloadScreen } from '../components/PageScreen.tsx';
import { OgLocaleAlternates } from '../components/OgLocaleAlternates.tsx';
import { DocumentError, ErrorScreen } from '../components/ErrorScreen.tsx';
import { I18nProvider } from '../i18n/i18n.tsx';
import { createTranslator } from '../../domain/i18n/translator.ts';
import { dictionaryPath, rememberedDictionary, splitSite } from '../../domain/i18n/dictionaries.ts';
import { listSearchSchema, type ListSearch } from '../../domain/search.ts';
import { headOf, withJsonLdAside } from './head.ts';
import type { PageData } from '../../domain/page-data.ts';

/** The active language: the path prefix if it is a language, else the negotiated one. */
function langOfPath(pathname: string, fallback: Lang): Lang {
  const first = pathname.split('/')[1];
  return isLang(first) ? first : fallback;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, context }) => ({ lang: langOfPath(location.pathname, context.negotiatedLang) }),
  // The language can change on any navigation, so the layout bundle is asked for every
  // time, before rendering; the content loader memoises bundles per language. Its
  // dictionary stays out of the loader data, which the server writes into every page.
  loader: { handler: async ({ context }) => splitSite(await context.content.site(context.lang)), staleReloadMode: 'blocking' },
  shouldReload: true,
  // The root's match is one for every language: a preload of another language's page (a
  // visitor pointing at or tabbing through the language switcher) would load that
  // language's layout under the same match and could hand it to the page on screen, whose
  // header, html lang and forms' language would then be another's. Preloads load the pages
  // below; the layout loads when the visitor really goes there.
  preload: false,
  head: ({ loaderData }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#1f3a5f' },
      ...(loaderData ? [{ name: 'application-name', content: loaderData.agency.name }] : []),
    ],
    links: [{ rel: 'icon', href: '/static/favicon.svg', type: 'image/svg+xml' }],
  }),
  component: RootDocument,
  errorComponent: DocumentError,
});

function RootDocument() {
  const site = rootRoute.useLoaderData();
  const dict = rememberedDictionary(site.dictionaryVersion, site.lang);
  // The root loader (server, navigation) or the router's hydrate step (client/router.tsx)
  // loaded it first; drawing keys instead of text would not match the server's HTML.
  if (!dict) throw new Error(`dictionary ${site.lang} of ${site.dictionaryVersion} not loaded`);
  const i18n = useMemo(() => createTranslator(site.lang, dict), [site.lang, dict]);
  // Hydration needs the dictionary: the server's page announces it at the top of the <head>
  // so it is fetched beside the script, in the mode of the browser's own fetch of it (CORS,
  // same-origin credentials). In the browser a language's dictionary is fetched by its
  // loader; announcing it there too would ask for it twice.
  if (typeof document === 'undefined') preload(dictionaryPath(site.dictionaryVersion, site.lang), { as: 'fetch', crossOrigin: 'anonymous' });
  return (
    <html lang={site.lang} dir="ltr" style={site.colours ? ({ '--brand': site.colours.brand, '--brand-ink': site.colours.brandInk, '--accent': site.colours.accent } as CSSProperties) : undefined}>
      <head>
        <HeadContent />
        <OgLocaleAlternates />
      </head>
      <body>
        <I18nProvider value={i18n}>
          <Layout site={site}>
            <Outlet />
          </Layout>
        </I18nProvider>
        <Scripts />
      </body>
    </html>
  );
}

const pageOptions = {
  validateSearch: listSearchSchema,
  errorComponent: ErrorScreen,
  loaderDeps: ({ search }: { search: ListSearch }) => ({ search }),
  staleTime: 30_000,
};

async function loadPage(context: RouterContext & { lang: Lang }, pathname: string, search: ListSearch): Promise<PageData> {
  const data = withJsonLdAside(await context.content.page(context.lang, pathname, search));
  await preloadScreen(data);
  return data;
}

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  ...pageOptions,
  loader: ({ context, location, deps }) => loadPage(context, location.pathname, deps.search),
  head: ({ loaderData }) => headOf(loaderData),
  component: () => <PageScreen data={homeRoute.useLoaderData()} />,
});

export const langRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$lang',
});

export const langHomeRoute = createRoute({
  getParentRoute: () => langRoute,
  path: '/',
  ...pageOptions,
  loader: ({ context, location, deps }) => loadPage(context, location.pathname, deps.search),
  head: ({ loaderData }) => headOf(loaderData),
  component: () => <PageScreen data={langHomeRoute.useLoaderData()} />,
});

export const pageRoute = createRoute({
  getParentRoute: () => langRoute,
  path: '$',
  ...pageOptions,
  loader: ({ context, location, deps }) => loadPage(context, location.pathname, deps.search),
  head: ({ loaderData }) => headOf(loaderData),
  component: () => <PageScreen data={pageRoute.useLoaderData()} />,
});

export const routeTree = rootRoute.addChildren([homeRoute, langRoute.addChildren([langHomeRoute, pageRoute])]);
