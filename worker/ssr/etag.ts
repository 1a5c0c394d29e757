/**
 * ETags of HTML pages. A page is a function of the content version, the client build it
 * links to, the URL, the negotiated language and the data its loader returned (which
 * includes live data such as testimonials and the 410 state of a listing), so a hash of
 * exactly those is its ETag. Weak, because every response carries a fresh CSP nonce:
 * the bytes differ, the page does not (docs/decisions/006).
 */

/** Base64url of the first 16 bytes of SHA-256: short, and collisions are not a concern. */
async function digest(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const b of hash.subarray(0, 16)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface PageEtagInput {
  version: string;
  /** Hashed file names of the client build the HTML links to. */
  build: string;
  lang: string;
  /** Path and query string as requested. */
  url: string;
  /** What the page's loader returned. */
  data: unknown;
}

/** The weak ETag of one rendered page, e.g. W/"20261122T064412Z-1a2b3c4d.Yx3…". */
export async function pageEtag(input: PageEtagInput): Promise<string> {
  const hash = await digest([input.version, input.build, input.lang, input.url, JSON.stringify(input.data)].join('\n'));
  return `W/"${input.version}.${hash}"`;
}

/**
 * JSON answers that depend only on the URL and the content version take the version as
 * their ETag: a browser revalidating after a publish gets the new data, otherwise a 304.
 */
export function versionEtag(version: string): string {
  return `"${version}"`;
}
