/**
 * Rendered pages kept in the isolate's memory, keyed by everything a page is a function
 * of (docs/decisions/009, 027). Rendering React costs ~5–15 ms of CPU per page; a page that
 * was already rendered from the same data (its fingerprint), build, origin, language and
 * URL costs a copy of its bytes. The only per-response part of a page is its CSP nonce, so a page is
 * kept as the byte runs between nonces and the new response's nonce is put back between
 * them.
 */

import { fingerprint } from '../../domain/rules/fingerprint.ts';
import { concatBytes } from '../../domain/rules/concat-bytes.ts';

/** One rendered page, ready to be served again with another nonce. */
export interface CachedPage {
  status: number;
  /** Response headers of the render, without Set-Cookie (cookies are per visitor). */
  headers: [string, string][];
  /** The page's bytes split where its nonce was: parts.length - 1 nonces go between them. */
  parts: Uint8Array[];
  /** The page's weak ETag, so a hit still answers If-None-Match with 304. */
  etag: string | null;
}

/** What a page is a function of (decisions 009 and 027). */
export interface PageCacheKey {
  /** The fingerprint of the data the page is drawn from (page-fingerprint.ts), the day where the page shows it. */
  fingerprint: string;
  /**
   * The deployment and its client build: a page names its hashed scripts, and the data
   * centre's copy outlives a deployment (an isolate's does not), so a new deployment must
   * never be handed pages that point at the previous one's files.
   */
  build: string;
  origin: string;
  lang: string;
  /** Path and query string exactly as requested. */
  url: string;
  /** The deployment's Turnstile site key: forms show the widget only when there is one. */
  captchaSiteKey: string;
}

/** The cache key as one string; newlines cannot occur in a URL, an origin or a fingerprint. */
export function pageCacheKey(key: PageCacheKey): string {
  return [key.fingerprint, key.build, key.origin, key.lang, key.url, key.captchaSiteKey].join('\n');
}

/**
 * The weak ETag of a kept page: its key's fingerprint, so it changes exactly when the page
 * would be rendered anew, and a crawler's conditional request after a publish that left the
 * page alone is answered 304 without rendering. Weak: every response has its own nonce.
 */
export function pageKeyEtag(key: PageCacheKey): string {
  return `W/"${fingerprint(pageCacheKey(key))}"`;
}

/** The query keys of list pages whose values form a closed set of pages the site links to. */
const CACHED_QUERY_KEYS = new Set(['page', 'sort', 'view', 'type', 'city', 'min', 'max', 'beds', 'hub', 'mins']);

/**
 * The URL a page is kept under, or null when it is not kept: only a path with no query or
 * with list parameters the site itself writes (each once, each value exactly as the list
 * reads it back, each a value that exists: a town or type of the catalogue, a price step
 * of the filter form, a page the list has). A made-up parameter, a repeated one, a bad or
 * unknown value or a free-text search renders the page without keeping it, so no request
 * can make the cache hold what the site never links to. The origin is the configured one,
 * never a Host header.
 */
export function cacheableUrl(url: URL, parse: (query: Record<string, string>) => Record<string, unknown>, known: (key: string, value: string) => boolean = () => true): string | null {
  if (url.search === '') return url.pathname;
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!CACHED_QUERY_KEYS.has(key) || key in query || !known(key, value)) return null;
    query[key] = value;
  }
  const parsed = parse(query);
  for (const [key, value] of Object.entries(query)) if (parsed[key] === undefined || String(parsed[key]) !== value) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * Only pages that exist are kept: a page, or a listing gone for good (410, one per listing
 * the site once had). A 404 is rendered each time: its paths are whatever anyone types.
 */
export function isCacheableStatus(status: number): boolean {
  return status === 200 || status === 410;
}

const encoder = new TextEncoder();

/**
 * Positions of `needle` in `haystack`, non-overlapping, left to right. Horspool's skip
 * table: the nonce's first byte is a letter the page is full of, so a search that stops at
 * each one checked most of the page byte by byte; this one jumps most of a nonce's length.
 */
function occurrences(haystack: Uint8Array, needle: Uint8Array): number[] {
  const found: number[] = [];
  const n = needle.length;
  if (n === 0) return found;
  const skip = new Uint32Array(256).fill(n);
  for (let j = 0; j < n - 1; j++) skip[needle[j] ?? 0] = n - 1 - j;
  const lastByte = needle[n - 1];
  let i = 0;
  while (i + n <= haystack.length) {
    const end = haystack[i + n - 1] ?? 0;
    if (end === lastByte) {
      let j = n - 2;
      while (j >= 0 && haystack[i + j] === needle[j]) j--;
      if (j < 0) {
        found.push(i);
        i += n;
        continue;
      }
    }
    i += skip[end] ?? n;
  }
  return found;
}

/** Splits a rendered page on its nonce: the byte runs between the nonce's occurrences. */
export function splitOnNonce(page: Uint8Array, nonce: string): Uint8Array[] {
  const needle = encoder.encode(nonce);
  const parts: Uint8Array[] = [];
  let start = 0;
  // Views, not copies: the parts together are the whole page, which they keep alive anyway.
  for (const at of occurrences(page, needle)) {
    parts.push(page.subarray(start, at));
    start = at + needle.length;
  }
  parts.push(page.subarray(start));
  return parts;
}

/** The page's bytes with `nonce` between its parts. */
export function joinWithNonce(parts: Uint8Array[], nonce: string): Uint8Array<ArrayBuffer> {
  const needle = encoder.encode(nonce);
  let length = needle.length * (parts.length - 1);
  for (const part of parts) length += part.length;
  const page = new Uint8Array(length);
  let offset = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      page.set(needle, offset);
      offset += needle.length;
    }
    page.set(part, offset);
    offset += part.length;
  });
  return page;
}

/** Reads a whole body into one byte array. */
async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  return concatBytes(chunks, length);
}

/** Captures a rendered page (its body read to the end) for the cache. */
export async function capturePage(status: number, headers: Headers, body: ReadableStream<Uint8Array>, nonce: string): Promise<CachedPage> {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name.toLowerCase() !== 'set-cookie') kept.push([name, value]);
  });
  return { status, headers: kept, parts: splitOnNonce(await readAll(body), nonce), etag: headers.get('ETag') };
}

/** A response for a cached page, with this response's nonce. */
export function cachedPageResponse(page: CachedPage, nonce: string): Response {
  return new Response(joinWithNonce(page.parts, nonce), { status: page.status, headers: page.headers });
}

function sizeOf(page: CachedPage): number {
  let bytes = 0;
  for (const part of page.parts) bytes += part.length;
  return bytes;
}

/**
 * A least-recently-used map of pages bounded by their total bytes. A publish does not empty
 * it: a page whose data changed is asked for under a new key, and its old copy ages out.
 */
export class PageCache {
  private readonly pages = new Map<string, { page: CachedPage; bytes: number }>();
  private bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.pages.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** Forgets every page: what a new isolate of the same data centre starts with (tests). */
  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  get(key: PageCacheKey): CachedPage | null {
    const id = pageCacheKey(key);
    const entry = this.pages.get(id);
    if (!entry) return null;
    // Map order is insertion order: re-inserting marks the entry as the most recently used.
    this.pages.delete(id);
    this.pages.set(id, entry);
    return entry.page;
  }

  set(key: PageCacheKey, page: CachedPage): void {
    const bytes = sizeOf(page);
    if (bytes > this.maxBytes) return;
    const id = pageCacheKey(key);
    const previous = this.pages.get(id);
    if (previous) {
      this.pages.delete(id);
      this.bytes -= previous.bytes;
    }
    this.pages.set(id, { page, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }
}
