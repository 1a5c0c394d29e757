import { isLang } from '../../domain/lang.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import { Hono } from 'hono';
import { appendTrailingSlash } from 'hono/trailing-slash';
import { generateCookie, getCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import { ContentRepository, ContentNotPublishedError } from '../live/repository.ts';
import { serverContentLoader } from './loader.ts';
import { LANG_COOKIE, negotiateLanguage } from '../i18n/negotiate.ts';
import { BENCH_RENDER_HEADER, renderPage } from '../ssr/render.tsx';
import { cacheableUrl, cachedPageResponse, capturePage, isCacheableStatus, PageCache, pageKeyEtag, type PageCacheKey } from '../ssr/page-cache.ts';
import { pageFingerprint } from './page-fingerprint.ts';
import { canonicalListQuery, parseListSearch } from '../../domain/search.ts';
import { filterValuesOf, isKnownFilterValue, type FilterValues } from '../../domain/rules/list-filters.ts';
import { LIST_PAGE_SIZE } from '../../domain/list-index.ts';
import { type CardView } from '../../domain/bundles.ts';
import { listKindOf } from '../../domain/page-kinds.ts';
import { matchesEtag } from '../../domain/rules/etag-match.ts';
import { coloPageCache, dataCentreStore } from '../ssr/colo-cache.ts';
import { CLIENT_BUILD } from '../ssr/assets.ts';
import { isGone, utcDay } from '../../domain/rules/gone.ts';
import { isOriginalPathCandidate, localizedTwinOf, movedPropertyPath } from './redirects.ts';
import { unavailablePage } from './unavailable.ts';
import { siteOrigin } from '../config/site-origin.ts';

export const pages = new Hono<AppEnv>();

/**
 * Pages already rendered by this isolate (docs/decisions/009). 24 MB: about 300 pages of
 * 60–90 KB, well inside the 128 MB an isolate may use.
 */
export const renderedPages = new PageCache(24 * 1024 * 1024);

/** What exists in each listing the isolate holds (a content version and language), read once. */
const filterValues = new WeakMap<CardView[], FilterValues>();

/** The test a list's query values pass to be kept: only values of the catalogue; no query is kept on other pages. */
async function knownValues(repo: ContentRepository, kind: string | undefined, lang: Parameters<ContentRepository['listing']>[0]): Promise<(key: string, value: string) => boolean> {
  if (!kind?.startsWith('list-')) return () => false;
  const cards = await repo.listing(lang);
  let values = filterValues.get(cards);
  if (!values) filterValues.set(cards, (values = filterValuesOf(cards, LIST_PAGE_SIZE)));
  const known = values;
  return (key, value) => isKnownFilterValue(known, key, value);
}

/** A file (its last segment has a dot): never a page, so never sent to a slash path. */
function isFilePath(pathname: string): boolean {
  return (pathname.split('/').at(-1) ?? '').includes('.');
}

// Page paths always end in a slash; every other GET is sent there before any page work.
pages.use('*', appendTrailingSlash({ alwaysRedirect: true, skip: isFilePath }));

pages.get('*', async (c) => {
  const url = new URL(c.req.url);
  // Page paths end in a slash; a missing file (probes for .php, .env, …) costs no rendering.
  if (!url.pathname.endsWith('/')) return c.text('Not found', 404, { 'Cache-Control': 'public, max-age=300' });

  let repo: ContentRepository;
  try {
    repo = await ContentRepository.open(c.env.CONTENT);
  } catch (error) {
    if (error instanceof ContentNotPublishedError) return unavailablePage(c.req.header('Accept-Language') ?? null);
    throw error;
  }
  const routing = await repo.routing();
  const cookieLang = getCookie(c, LANG_COOKIE) ?? null;
  const lang = negotiateLanguage(
    { pathname: url.pathname, lngParam: url.searchParams.get('lng'), cookie: cookieLang, acceptLanguage: c.req.header('Accept-Language') ?? null },
    routing.languages,
    routing.defaultLang,
  );

  // A language this agency does not publish in (its site is French and Dutch, the link says /en/):
  // its home in the visitor's language instead of a page that cannot exist.
  const pathLang = url.pathname.split('/')[1];
  if (isLang(pathLang) && !routing.languages.includes(pathLang)) {
    c.header('Vary', 'Accept-Language, Cookie');
    return c.redirect(`/${lang}/`, 302);
  }

  if (url.pathname !== '/' && isOriginalPathCandidate(url.pathname, routing)) {
    const listing = /^\/property\//i.test(url.pathname) ? await repo.listing(lang) : null;
    const twin = localizedTwinOf(url.pathname, lang, routing, listing);
    if (twin) {
      c.header('Vary', 'Accept-Language, Cookie');
      return c.redirect(`${twin}${url.search}`, 301);
    }
  }

  // A listing gone for good answers 410 at any of its addresses, without a detour.
  const moved = await movedPropertyPath(url.pathname, lang, routing, async (id) => {
    const card = (await repo.property<PropertyPageView>(lang, id))?.card;
    return card && !isGone(card.goneOn, utcDay(new Date())) ? card.path : null;
  });
  if (moved) return c.redirect(`${moved}${url.search}`, 301);

  // Redirect items of the menu (owner access, co-owner portal) answer a redirect when visited.
  const target = routing.paths[url.pathname];
  if (target?.kind === 'redirect' && target.location) return c.redirect(target.location, target.permanent ? 301 : 302);
  // The home search without JavaScript posts its buy/rent tab as ?goal=rent to the sale list.
  if (target?.kind === listKindOf('sale') && url.searchParams.get('goal') === 'rent') {
    const rent = Object.entries(routing.paths).find(([, t]) => t.kind === listKindOf('rent') && t.lang === target.lang)?.[0];
    if (rent) {
      url.searchParams.delete('goal');
      return c.redirect(`${rent}${url.search}`, 302);
    }
  }

  // One search, one address (and one kept page): places and keys in one order, whatever order they came in.
  // A comma written as it is or as %2C is the same search: only the order of what it says is redirected.
  const canonical = target?.kind.startsWith('list-') && url.search !== '' ? canonicalListQuery(url.searchParams) : null;
  if (canonical !== null && JSON.stringify([...new URLSearchParams(canonical)]) !== JSON.stringify([...url.searchParams])) {
    return c.redirect(`${url.pathname}${canonical ? `?${canonical}` : ''}`, 301);
  }

  const origin = siteOrigin(c.env);
  const nonce = c.get('nonce');
  const kept = cacheableUrl(url, (query) => ({ ...parseListSearch(query) }), url.search === '' ? undefined : await knownValues(repo, target?.kind, lang));
  const keptUrl = kept !== null && canonical ? `${url.pathname}?${canonical}` : kept;
  const today = utcDay(new Date());
  const drawnFrom = keptUrl === null ? null : await pageFingerprint({ repo, routing, lang, pathname: url.pathname, search: parseListSearch(Object.fromEntries(url.searchParams)), today });
  // The fallback key: every publish and every midnight render every page anew.
  const fingerprint = drawnFrom !== null && c.env.PAGE_CACHE_KEY === 'version' ? `${repo.version} ${today}` : drawnFrom;
  const cacheKey: PageCacheKey | null =
    fingerprint === null || keptUrl === null
      ? null
      : { fingerprint, build: `${c.env.CF_VERSION_METADATA?.id ?? ''} ${CLIENT_BUILD}`, origin, lang, url: keptUrl, captchaSiteKey: c.env.TURNSTILE_SITE_KEY };
  const etag = cacheKey ? pageKeyEtag(cacheKey) : null;
  // The bench measures rendering itself with this header, so it never reads the cache.
  const measuringRender = c.req.header(BENCH_RENDER_HEADER) !== undefined;
  const coloCache = c.env.PAGE_CACHE === 'isolate' ? null : coloPageCache(dataCentreStore());
  // The page the client holds is the one its data would render now: no render, not even a copy.
  const confirmed = etag !== null && !measuringRender && matchesEtag(c.req.header('If-None-Match'), etag);
  const fromIsolate = confirmed || measuringRender || !cacheKey ? null : renderedPages.get(cacheKey);
  // Another isolate of this data centre may have rendered it: its copy, kept here too.
  const fromColo = confirmed || fromIsolate || measuringRender || !cacheKey || !coloCache ? null : await coloCache.get(cacheKey);
  if (fromColo && cacheKey) renderedPages.set(cacheKey, fromColo);
  const cached = fromIsolate ?? fromColo;
  let response: Response;
  if (confirmed) {
    response = new Response(null, { status: 304, headers: { ETag: etag } });
  } else if (cached) {
    response = cachedPageResponse(cached, nonce);
  } else {
    const content = serverContentLoader(repo, routing, origin, c.env);
    response = await renderPage(c.req.raw, { content, negotiatedLang: lang }, nonce, {
      version: repo.version,
      ifNoneMatch: c.req.header('If-None-Match') ?? null,
      etag,
    });
    // A route loader that failed (a content key missing from the live version) is an outage, not a page:
    // the error page answers 503 with Retry-After instead of the router's 500.
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new Error(`page ${url.pathname} could not be rendered (${response.status}) with content ${repo.version}`);
    }
    // Pages with live data (testimonials) change without a new content version: rendered each time.
    if (cacheKey && !measuringRender && !content.usedLiveData && isCacheableStatus(response.status) && response.body) {
      const [toVisitor, toCache] = response.body.tee();
      const rendered = response;
      c.executionCtx.waitUntil(
        capturePage(rendered.status, rendered.headers, toCache, nonce)
          .then((page) => {
            renderedPages.set(cacheKey, page);
            return coloCache?.set(cacheKey, page);
          })
          .catch((error: unknown) => console.error('page not cached', error)),
      );
      response = new Response(toVisitor, { status: rendered.status, headers: rendered.headers });
    }
  }
  // A 304 carries the same Vary, caching and language headers as the page it confirms.
  const headers = response.headers;
  const prefixed = routing.languages.some((l) => url.pathname.startsWith(`/${l}/`));
  // Only un-prefixed paths are negotiated (language cookie, then Accept-Language).
  if (!prefixed) headers.append('Vary', 'Accept-Language, Cookie');
  headers.set('Cache-Control', 'no-cache');
  headers.set('Content-Language', lang);
  headers.set('X-Content-Version', repo.version);
  // Tells operators (and the tests) where the page came from: this isolate, the data centre, or a render.
  headers.set('Server-Timing', `page;desc="${response.status === 304 ? 'confirmed' : fromIsolate ? 'cached' : fromColo ? 'colo' : 'rendered'}"`);
  if (prefixed && cookieLang !== lang) {
    headers.append('Set-Cookie', generateCookie(LANG_COOKIE, lang, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'Lax', secure: url.protocol === 'https:' }));
  }
  return response;
});
