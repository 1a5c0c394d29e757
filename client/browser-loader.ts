import type { SiteBundle } from '../content/bundles.ts';
import type { Lang } from '../content/lang.ts';
import type { ContentLoader, PageData } from './page-data.ts';

function toQuery(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

function isSiteBundle(value: unknown): value is SiteBundle {
  return typeof value === 'object' && value !== null && 'dict' in value && 'lang' in value && 'menu' in value;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
  const data: T = await response.json();
  return data;
}

/**
 * The browser side of the content loader: asks the worker for the same data SSR used.
 * Site bundles are kept per language, so navigating only fetches the page.
 */
export function browserContentLoader(hydrated: () => unknown): ContentLoader {
  const sites = new Map<Lang, Promise<SiteBundle>>();
  return {
    site(lang) {
      // The bundle SSR sent along is reused: no request for the language already on screen.
      const initial = hydrated();
      if (!sites.has(lang) && isSiteBundle(initial) && initial.lang === lang) sites.set(lang, Promise.resolve(initial));
      let site = sites.get(lang);
      if (!site) {
        site = getJson<SiteBundle>(`/api/site/${lang}`);
        site.catch(() => sites.delete(lang));
        sites.set(lang, site);
      }
      return site;
    },
    page(lang, path, search) {
      const qs = toQuery(search);
      return getJson<PageData>(`/api/page?lang=${lang}&path=${encodeURIComponent(path)}${qs ? `&${qs}` : ''}`);
    },
  };
}
