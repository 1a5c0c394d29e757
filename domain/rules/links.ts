/**
 * A link is external when it contains '//', 'http', 'tel:' or 'mailto:'.
 * External links open in a new tab; everything else is routed client-side.
 */
export function isExternalLink(href: string | null | undefined): boolean {
  if (!href) return false;
  return href.includes('//') || href.includes('http') || href.includes('tel:') || href.includes('mailto:');
}

/** Same-origin path for client routing, or null when the link must leave the app. */
export function internalPath(href: string | null | undefined): string | null {
  if (!href || isExternalLink(href)) return null;
  return href.startsWith('/') ? href : `/${href}`;
}
