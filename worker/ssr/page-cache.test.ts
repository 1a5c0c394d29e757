import { describe, expect, it } from 'vitest';
import {
  cacheableUrl,
  cachedPageResponse,
  capturePage,
  isCacheableStatus,
  joinWithNonce,
  PageCache,
  pageCacheKey,
  pageKeyEtag,
  splitOnNonce,
  type CachedPage,
  type PageCacheKey,
} from './page-cache.ts';
import { parseListSearch } from '../../domain/search.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('splitOnNonce and joinWithNonce', () => {
  it.each([
    ['no nonce at all', '<p>€ 285.000</p>', 'abc+/=='],
    ['one nonce', '<script nonce="abc+/==">x</script>', 'abc+/=='],
    ['nonces at both ends', 'abc+/==<meta nonce="abc+/=="/>abc+/==', 'abc+/=='],
    ['adjacent nonces', 'abc+/==abc+/==', 'abc+/=='],
    ['a prefix of the nonce is not the nonce', 'abc+/= abc+/==', 'abc+/=='],
    ['multi-byte text around it', 'Étranger « € » abc+/== Düsseldorf', 'abc+/=='],
    ['empty page', '', 'abc+/=='],
    ['a nonce of one letter repeated, found left to right without overlap', 'aaaaaaa', 'aaa'],
    ['a nonce that repeats its own start', 'xabababyabab', 'abab'],
    ['a page shorter than the nonce', 'ab', 'abc+/=='],
    [
      'a real page with its nonce in every script',
      `<head><script nonce="Zq3x9Kp2Lm8vWc4tRb7yHn==">a</script></head>${'<li>Zq3x9 nonce</li>'.repeat(200)}<script nonce="Zq3x9Kp2Lm8vWc4tRb7yHn==">b</script>`,
      'Zq3x9Kp2Lm8vWc4tRb7yHn==',
    ],
  ])('%s: the page comes back with the new nonce everywhere the old one was', (_, page, nonce) => {
    const parts = splitOnNonce(encode(page), nonce);
    expect(parts).toHaveLength(page.split(nonce).length);
    expect(decode(joinWithNonce(parts, 'NEW'))).toBe(page.split(nonce).join('NEW'));
    expect(decode(joinWithNonce(parts, nonce))).toBe(page);
  });
});

describe('isCacheableStatus', () => {
  it.each([
    [200, true],
    [404, false],
    [410, true],
    [301, false],
    [304, false],
    [422, false],
    [500, false],
    [503, false],
  ])('%i → %s', (status, expected) => {
    expect(isCacheableStatus(status)).toBe(expected);
  });
});

function page(bytes: number): CachedPage {
  return { status: 200, headers: [['content-type', 'text/html']], parts: [new Uint8Array(bytes)], etag: null };
}

function key(url: string, fingerprint = 'f1'): PageCacheKey {
  return { fingerprint, build: 'deploy-1 /static/app.A.js /static/app.A.css', origin: 'https://vitrine.test', lang: 'fr', url, captchaSiteKey: '' };
}

describe('pageCacheKey', () => {
  it('differs when any part differs', () => {
    const base = key('/fr/a-vendre/');
    const variants: PageCacheKey[] = [
      { ...base, fingerprint: 'f2' },
      { ...base, build: 'deploy-2 /static/app.A.js /static/app.A.css' },
      { ...base, origin: 'https://other.test' },
      { ...base, lang: 'nl' },
      { ...base, url: '/fr/a-vendre/?page=2' },
      { ...base, captchaSiteKey: '1x00000000000000000000AA' },
    ];
    for (const variant of variants) {
      expect(pageCacheKey(variant)).not.toBe(pageCacheKey(base));
      expect(pageKeyEtag(variant)).not.toBe(pageKeyEtag(base));
    }
    expect(pageKeyEtag({ ...base })).toBe(pageKeyEtag(base));
    expect(pageKeyEtag(base)).toMatch(/^W\/"[\w-]{12}"$/);
  });
});

describe('PageCache', () => {
  it('keeps pages within its byte budget, forgetting the least recently used first', () => {
    const cache = new PageCache(300);
    cache.set(key('/a/'), page(100));
    cache.set(key('/b/'), page(100));
    cache.set(key('/c/'), page(100));
    expect(cache.get(key('/a/'))).not.toBeNull();
    cache.set(key('/d/'), page(100));
    expect(cache.get(key('/b/'))).toBeNull();
    expect(cache.get(key('/a/'))).not.toBeNull();
    expect(cache.get(key('/c/'))).not.toBeNull();
    expect(cache.get(key('/d/'))).not.toBeNull();
    expect(cache.totalBytes).toBe(300);
  });

  it('never keeps a page larger than the whole budget', () => {
    const cache = new PageCache(100);
    cache.set(key('/big/'), page(101));
    expect(cache.get(key('/big/'))).toBeNull();
    expect(cache.totalBytes).toBe(0);
  });

  it('replacing a page counts its bytes once', () => {
    const cache = new PageCache(1000);
    cache.set(key('/a/'), page(100));
    cache.set(key('/a/'), page(200));
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe(200);
  });

  it('a page of other data does not empty it: the new key is kept beside the old pages', () => {
    const cache = new PageCache(1000);
    cache.set(key('/a/', 'f1'), page(100));
    cache.set(key('/b/', 'f2'), page(100));
    expect(cache.get(key('/a/', 'f1'))).not.toBeNull();
    expect(cache.get(key('/a/', 'f2'))).toBeNull();
    expect(cache.get(key('/b/', 'f2'))).not.toBeNull();
    expect(cache.size).toBe(2);
  });
});

describe('capturePage and cachedPageResponse', () => {
  it('serves the captured page with the new nonce, its status and headers, never its cookies', async () => {
    const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', ETag: 'W/"v1.x"' });
    headers.append('Set-Cookie', 'lang=fr');
    const body = new Response('<html><script nonce="OLD">1</script><p>Étranger</p></html>').body;
    if (!body) throw new Error('no body');
    const captured = await capturePage(404, headers, body, 'OLD');
    const response = cachedPageResponse(captured, 'NEW');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(captured.etag).toBe('W/"v1.x"');
    expect(await response.text()).toBe('<html><script nonce="NEW">1</script><p>Étranger</p></html>');
  });
});

describe('cacheableUrl', () => {
  const parse = (q: Record<string, string>) => parseListSearch(q) as Record<string, unknown>;
  it.each([
    ['/fr/a-vendre/', '/fr/a-vendre/'],
    ['/fr/a-vendre/?sort=price-asc&page=2', '/fr/a-vendre/?sort=price-asc&page=2'],
    ['/fr/a-vendre/?type=1&city=5000&min=100000&max=300000&beds=2&view=map', '/fr/a-vendre/?type=1&city=5000&min=100000&max=300000&beds=2&view=map'],
    ['/fr/a-vendre/?junk=1', null],
    ['/fr/a-vendre/?utm_source=x', null],
    ['/fr/a-vendre/?sort=nope', null],
    ['/fr/a-vendre/?page=0', null],
    ['/fr/a-vendre/?page=02', null],
    ['/fr/a-vendre/?page=2&page=3', null],
    ['/fr/a-vendre/?q=namur', null],
    ['/fr/a-vendre/?min=1e5', null],
  ])('%s → %s', (path, kept) => {
    expect(cacheableUrl(new URL(path, 'https://vitrine.test'), parse)).toBe(kept);
  });
});
