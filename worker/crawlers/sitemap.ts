/**
 * /sitemap.xml (sitemaps.org with xhtml:link alternates, as Google reads hreflang from
 * sitemaps): every indexable page once per language it exists in, each naming all its
 * twins and x-default. Past MAX_URLS_PER_FILE URLs the sitemap becomes an index of
 * /sitemap-N.xml files.
 */
import type { SitemapBundle, SitemapEntry } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { isGone } from '../../domain/rules/gone.ts';

/**
 * URLs per file. The protocol allows 50,000 and 50 MB; every URL here carries one
 * xhtml:link per language, so files stay well under the size limit and quick to fetch.
 */
export const MAX_URLS_PER_FILE = 5000;

export interface SitemapOptions {
  origin: string;
  defaultLang: Lang;
  /** ISO time the content version was published: lastmod of pages without their own date. */
  publishedAt: string;
  /** Today as YYYY-MM-DD (UTC): listings gone by then are left out. */
  today: string;
  maxUrlsPerFile?: number;
}

/** The sitemap as served: one urlset, or an index plus numbered urlsets. */
export interface Sitemap {
  /** The body of /sitemap.xml. */
  root: string;
  /** Bodies of /sitemap-1.xml … when the root is an index; empty otherwise. */
  parts: string[];
}

/** The publish time encoded in a version name such as 20261122T064412Z-1a2b3c4d, as ISO. */
export function publishedAtOfVersion(version: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(version);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
}

/** XML text and attribute escaping for the five special characters. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[ch] ?? ''};`);
}

/**
 * A W3C datetime no later than `cap`, or `cap` when `value` is missing or unreadable.
 * Why: a lastmod in the future (a CRM clock ahead) or garbage makes crawlers distrust them all.
 */
export function lastmodOf(value: string | null, cap: string): string {
  const parsed = value ? Date.parse(value) : Number.NaN;
  const capped = Number.isNaN(parsed) ? Date.parse(cap) : Math.min(parsed, Date.parse(cap));
  return new Date(capped).toISOString().replace(/\.000Z$/, 'Z');
}

/** The `<url>` elements of one entry: one per language twin, each listing every twin. */
function urlsOf(entry: SitemapEntry, options: SitemapOptions): string[] {
  const twins = Object.entries(entry.twins).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  const lastmod = lastmodOf(entry.lastmod, options.publishedAt);
  const links = twins.map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(options.origin + path)}"/>`);
  const xDefault = entry.xDefault ?? entry.twins[options.defaultLang];
  if (xDefault && twins.length > 1) links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(options.origin + xDefault)}"/>`);
  const alternates = twins.length > 1 ? links.join('') : '';
  const paths = twins.map(([, path]) => path);
  // A separate x-default page ('/') is a page of its own, with the same cluster of links.
  if (entry.xDefault && !paths.includes(entry.xDefault)) paths.unshift(entry.xDefault);
  return paths.map((path) => `<url><loc>${escapeXml(options.origin + path)}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`);
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlset(urls: string[]): string {
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Builds the whole sitemap of a content version. Why one pass: it is computed once per
 * version, origin and day and then served from isolate memory.
 * A page's language twins always land in the same file.
 */
export function buildSitemap(bundle: SitemapBundle, options: SitemapOptions): Sitemap {
  const max = options.maxUrlsPerFile ?? MAX_URLS_PER_FILE;
  const files: string[][] = [[]];
  for (const entry of bundle.entries) {
    if (isGone(entry.goneOn, options.today)) continue;
    const urls = urlsOf(entry, options);
    const current = files.at(-1) ?? [];
    if (current.length > 0 && current.length + urls.length > max) files.push(urls);
    else current.push(...urls);
  }
  if (files.length === 1) return { root: urlset(files[0] ?? []), parts: [] };
  const lastmod = lastmodOf(options.publishedAt, options.publishedAt);
  const index = files.map((_, i) => `<sitemap><loc>${escapeXml(`${options.origin}/sitemap-${i + 1}.xml`)}</loc><lastmod>${lastmod}</lastmod></sitemap>`);
  return {
    root: `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index.join('\n')}\n</sitemapindex>\n`,
    parts: files.map(urlset),
  };
}
