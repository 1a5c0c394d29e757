/**
 * Rendered pages shared by every isolate of a data centre: the Workers Cache API. The
 * isolate's own cache (page-cache.ts) holds what this isolate rendered; a data centre runs
 * many isolates, each would render the same page again. Here a page is rendered once per
 * data centre and fingerprint of its data, and any isolate of it serves the copy.
 *
 * A stored page is the bytes between its nonces, back to back, with their lengths in a
 * header: no marker inside the HTML that a text could imitate. The key holds everything
 * the page is a function of (PageCacheKey), under the site's own origin, so a
 * publish that changes a page's data simply asks for another key; old ones expire.
 */
import { joinWithNonce, pageCacheKey, type CachedPage, type PageCacheKey } from './page-cache.ts';

/** The slice of the Cache API a page cache needs (tests can count calls). */
export interface PageStore {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/**
 * The data centre's default cache. The worker compiles with the DOM library too (it renders
 * the client's components), whose CacheStorage type has no `default`: hence the cast.
 */
export function dataCentreStore(): PageStore {
  return (caches as unknown as { default: PageStore }).default;
}

const PARTS_HEADER = 'X-Page-Parts';
const STATUS_HEADER = 'X-Page-Status';
const ETAG_HEADER = 'X-Page-Etag';
/** A week: a key changes when the page's data does, so an unchanged page stays warm through publishes. */
const KEEP_SECONDS = 7 * 86_400;

function keyRequest(key: PageCacheKey): Request {
  return new Request(`${key.origin}/.page-cache/${encodeURIComponent(pageCacheKey(key))}`);
}

/** The stored form of a page: 200 (the Cache API's own rules differ per status), lengths and real status in headers. */
export function storedResponse(page: CachedPage): Response {
  const headers = new Headers(page.headers);
  // The page's own ETag answers If-None-Match; the Cache API would answer those itself.
  headers.delete('ETag');
  if (page.etag) headers.set(ETAG_HEADER, page.etag);
  headers.set(PARTS_HEADER, page.parts.map((part) => part.length).join(','));
  headers.set(STATUS_HEADER, String(page.status));
  headers.set('Cache-Control', `public, max-age=${KEEP_SECONDS}`);
  // The runs back to back: the nonce-free page.
  return new Response(joinWithNonce(page.parts, ''), { status: 200, headers });
}

/** A page back from its stored form; null when the stored copy is not one (other writer, truncated). */
export async function pageFromStored(response: Response): Promise<CachedPage | null> {
  const lengths = (response.headers.get(PARTS_HEADER) ?? '').split(',').map(Number);
  const status = Number(response.headers.get(STATUS_HEADER));
  const body = new Uint8Array(await response.arrayBuffer());
  if (!Number.isInteger(status) || status < 200 || status > 599 || lengths.some((n) => !Number.isInteger(n) || n < 0) || lengths.reduce((a, b) => a + b, 0) !== body.length) return null;
  const parts: Uint8Array[] = [];
  let offset = 0;
  for (const length of lengths) {
    parts.push(body.subarray(offset, offset + length));
    offset += length;
  }
  const etag = response.headers.get(ETAG_HEADER);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    // The Cache API adds its own headers (cf-cache-status, age, …); the page had Cache-Control set by the route.
    if ([PARTS_HEADER, STATUS_HEADER, ETAG_HEADER].some((own) => own.toLowerCase() === lower) || lower === 'cache-control' || lower === 'cf-cache-status' || lower === 'age') return;
    headers.push([name, value]);
  });
  if (etag) headers.push(['ETag', etag]);
  return { status, headers, parts, etag };
}

/** The data centre's page cache over a Cache API store. Failures are misses: the page is rendered. */
export function coloPageCache(store: PageStore) {
  return {
    async get(key: PageCacheKey): Promise<CachedPage | null> {
      try {
        const hit = await store.match(keyRequest(key));
        return hit ? await pageFromStored(hit) : null;
      } catch (error) {
        console.error('colo page cache unreadable', error);
        return null;
      }
    },
    async set(key: PageCacheKey, page: CachedPage): Promise<void> {
      await store.put(keyRequest(key), storedResponse(page));
    },
  };
}
