/**
 * Documents offered for download: where they may live, what they are, how their size reads.
 * Only PDF files under the site's media are offered: the media route serves them with their
 * type, and nothing a CRM names elsewhere becomes a link on the site.
 */
import type { Lang } from '../lang.ts';

/** The media key of a downloadable document: a PDF under a public prefix. */
export const DOCUMENT_KEY = /^(demo|projects|documents)\/[a-z0-9/_-]{1,120}\.pdf$/;

/** The R2 key of a document address on the site ('/media/demo/2074/plans.pdf'), or null when it is not one. */
export function documentKey(url: string | null | undefined): string | null {
  if (!url?.startsWith('/media/')) return null;
  const key = url.slice('/media/'.length);
  return DOCUMENT_KEY.test(key) ? key : null;
}

/** The format a visitor reads next to the name. */
export function documentFormat(url: string): string {
  return (/\.([a-z0-9]{1,5})$/i.exec(url)?.[1] ?? '').toUpperCase();
}

/** A file size as the language writes it: '1,2 Mo', '1.2 MB', '850 kB'. */
export function fileSize(bytes: number, lang: Lang): string {
  const mb = bytes / 1_000_000;
  const [value, unit] = mb >= 1 ? [mb, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte'];
  return new Intl.NumberFormat(`${lang}-BE`, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
