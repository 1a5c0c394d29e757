/**
 * Small rules of the page head shared by every page kind: social-card images and
 * Open Graph locales.
 */
import type { Lang } from '../../domain/lang.ts';
import type { HeadData } from '../../domain/page-data.ts';
import { deliveredWidth, imageUrl } from '../../domain/rules/images.ts';

/** Width social networks want for large cards (Facebook, LinkedIn, X: 1200 px). */
export const SOCIAL_CARD_WIDTH = 1200;

/** Open Graph locales: the agency is Belgian, English is British. */
const OG_LOCALES: Record<Lang, string> = { nl: 'nl_BE', fr: 'fr_BE', en: 'en_GB', de: 'de_BE' };

/** The Open Graph locale (language_TERRITORY) of a site language. */
export function ogLocale(lang: Lang): string {
  return OG_LOCALES[lang];
}

/**
 * A social-card image through our /media resizer, absolute, with the size it will have.
 * Why: networks fetch og:image once and cache it; the original can be megabytes, and a
 * width/height lets them lay the card out before fetching. The resizer scales down only,
 * to the delivered width the request snaps to, so the size is computed the same way.
 */
export function socialImage(origin: string, source: { url: string; width?: number | null; height?: number | null }, alt: string): HeadData['image'] {
  const url = source.url.trim();
  if (url === '') return null;
  // JPEG: some link previewers (and older mail clients) show no WebP.
  const resized = imageUrl(url, { width: SOCIAL_CARD_WIDTH, format: 'jpeg' });
  const absolute = /^https?:\/\//i.test(resized) ? resized : `${origin}${resized.startsWith('/') ? '' : '/'}${resized}`;
  const delivered = deliveredWidth(SOCIAL_CARD_WIDTH) ?? SOCIAL_CARD_WIDTH;
  const { width, height } = source;
  if (!width || !height) return { url: absolute, width: null, height: null, alt };
  const shown = Math.min(width, delivered);
  return { url: absolute, width: shown, height: Math.round((height * shown) / width), alt };
}
