/**
 * The address of a page of the site a form may answer on: a language, a path, and the
 * page's own query (a list's filters, a selection of favourites), so a form answered
 * without JavaScript comes back on the very page it was sent from. Nothing else: no
 * scheme, no host, no fragment.
 */
export const SITE_PAGE_ADDRESS = /^\/[a-z]{2}\/[a-z0-9/_-]*(?:\?[A-Za-z0-9=&%,._~+-]{0,500})?$/;

/** `address` with `key=value` set in its query. */
export function withQueryParam(address: string, key: string, value: string): string {
  const url = new URL(address, 'https://site.invalid');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}
