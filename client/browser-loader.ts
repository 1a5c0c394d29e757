import type { SiteBundle, SiteView } from '../domain/bundles.ts';
import type { Lang } from '../domain/lang.ts';
import type { ContentLoader, PageData } from '../domain/page-data.ts';
import { dictionaryPath, isDictionary, joinSite, parseDictionaryPath, rememberDictionary, rememberedDictionary, type Dictionary } from '../domain/i18n/dictionaries.ts';
import { writeSearch } from '../domain/search.ts';

function isSiteView(value: unknown): value is SiteView {
  return typeof value === 'object' && value !== null && 'dictionaryVersion' in value && 'lang' in value && 'menu' in value;
}

/**
 * JSON from the worker. The JSON endpoints are limited per address and pages are not, so
 * with `documentUrl` a 429 (a visitor faster than the limit, or many behind one address)
 * loads that page as a document instead of failing the navigation.
 */
async function getJson<T>(url: string, documentUrl?: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (response.status === 429 && documentUrl !== undefined) {
    window.location.assign(documentUrl);
    return new Promise<never>(() => undefined);
  }
  if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
  const data: T = await response.json();
  return data;
}

const loading = new Map<string, Promise<Dictionary>>();

/**
 * One language's dictionary of one content version, fetched once per tab (and, its URL
 * being immutable, once per browser cache). A plain fetch, so the <head>'s preload of the
 * same URL answers it; a failed fetch is forgotten so the next call tries again.
 */
function loadDictionary(version: string, lang: Lang): Promise<Dictionary> {
  const known = rememberedDictionary(version, lang);
  if (known) return Promise.resolve(known);
  const path = dictionaryPath(version, lang);
  let pending = loading.get(path);
  if (!pending) {
    pending = fetch(path).then(async (response) => {
      if (!response.ok) throw new Error(`dictionary ${path}: HTTP ${response.status}`);
      const dict: unknown = await response.json();
      if (!isDictionary(dict)) throw new Error(`dictionary ${path}: not a dictionary`);
      rememberDictionary(version, lang, dict);
      return dict;
    });
    loading.set(path, pending);
    pending.then(
      () => loading.delete(path),
      () => loading.delete(path),
    );
  }
  return pending;
}

const RETRY_DELAYS_MS = [500, 2000];

/**
 * Loads the dictionary the server's page was rendered with (its <head> preloads it), so
 * hydration draws the same text. Tries three times over 2.5 s; false when it never came.
 */
async function pageDictionaryReady(): Promise<boolean> {
  const preload = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')]
    .map((link) => parseDictionaryPath(link.getAttribute('href') ?? ''))
    .find((found) => found !== null);
  // Only a page whose layout failed has none, and it has nothing to translate.
  if (!preload) return true;
  for (let attempt = 0; ; attempt++) {
    try {
      await loadDictionary(preload.version, preload.lang);
      return true;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        console.error('page left as served: its dictionary did not load', error);
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * The browser side of the content loader: asks the worker for the same data SSR used.
 * Site bundles are kept per language, so navigating only fetches the page; a language's
 * layout and its dictionary are two requests, the dictionary cached for good by its URL.
 */
export function browserContentLoader(hydrated: () => unknown): ContentLoader {
  const sites = new Map<Lang, Promise<SiteBundle>>();
  return {
    hydrationReady: pageDictionaryReady,
    site(lang) {
      // The layout SSR sent along is reused: no request for the language already on screen.
      const known = sites.get(lang);
      if (known) return known;
      const initial = hydrated();
      const view: Promise<unknown> = isSiteView(initial) && initial.lang === lang ? Promise.resolve(initial) : getJson<unknown>(`/api/site/${lang}`);
      const site = view.then(async (found) => {
        if (!isSiteView(found)) throw new Error(`no layout for ${lang}`);
        return joinSite(found, await loadDictionary(found.dictionaryVersion, lang));
      });
      site.catch(() => sites.delete(lang));
      sites.set(lang, site);
      return site;
    },
    page(lang, path, search) {
      const qs = writeSearch(search);
      return getJson<PageData>(`/api/page?lang=${lang}&path=${encodeURIComponent(path)}${qs ? `&${qs}` : ''}`, `${path}${qs ? `?${qs}` : ''}`);
    },
  };
}
