/**
 * Every link of the site, followed: from each page of the sitemap, recursively, every
 * `href` and `src` (srcset too) on the site's own host is fetched, and each answer of 400 or
 * more is a broken link, named with the page that carries it. Links to other hosts are
 * counted, not fetched: the checks run offline. Google's linkinator does the crawling.
 */
import { LinkChecker, LinkState } from 'linkinator';

export interface LinkReport {
  pages: number;
  checked: number;
  skipped: number;
  broken: { url: string; status: number | undefined; page: string | undefined }[];
  ms: number;
}

export interface LinkOptions {
  concurrency?: number;
  /**
   * 'one': a photo is checked once, as stored, for all its sizes, which the media route makes
   * from that object (a cold site transforms each size once: minutes on two cores). 'all' by default.
   */
  imageSizes?: 'all' | 'one';
  /**
   * One language's pages only ('/fr/'): the other languages' pages, drawn by the same
   * templates, are counted as skipped, not rendered. All of them by default.
   */
  language?: string;
}

export async function checkSiteLinks(origin: string, options: LinkOptions = {}): Promise<LinkReport> {
  const started = Date.now();
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  // The sitemap names the canonical host; the crawl stays on the one it was given.
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => `${origin}${new URL(m[1] ?? '/').pathname}`)
    .filter((page) => !options.language || page.startsWith(`${origin}${options.language}`));
  const own = (url: string) => url === origin || url.startsWith(`${origin}/`);
  const otherLanguage = (url: string) => options.language !== undefined && /^\/[a-z]{2}\//.test(url.slice(origin.length)) && !url.startsWith(`${origin}${options.language}`);

  const result = await new LinkChecker().check({
    path: options.language ? pages : [`${origin}/`, ...pages],
    recurse: true,
    concurrency: options.concurrency ?? 16,
    timeout: 30_000,
    linksToSkip: async (url) => !own(url) || otherLanguage(url),
    // The stored photo itself stands for its sizes: one fetch each, no transform.
    ...(options.imageSizes === 'one' ? { urlRewriteExpressions: [{ pattern: /^(.*\/media\/[^?#]+)\?.*$/, replacement: '$1' }] } : {}),
  });
  return {
    pages: pages.length,
    checked: result.links.filter((l) => l.state !== LinkState.SKIPPED).length,
    skipped: result.links.filter((l) => l.state === LinkState.SKIPPED).length,
    broken: result.links.filter((l) => l.state === LinkState.BROKEN).map((l) => ({ url: l.url, status: l.status, page: l.parent })),
    ms: Date.now() - started,
  };
}
