import { describe, expect, it } from 'vitest';
import { pageFromStored, storedResponse } from './colo-cache.ts';
import type { CachedPage } from './page-cache.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const page: CachedPage = {
  status: 410,
  headers: [
    ['Content-Type', 'text/html; charset=utf-8'],
    ['ETag', 'W/"abc"'],
  ],
  parts: [encode('<script nonce="'), encode('">x</script><p>é</p><style nonce="'), encode('"></style>')],
  etag: 'W/"abc"',
};

describe('a page stored for the data centre comes back as it was kept', () => {
  it('the same status, parts, ETag and headers; the store sees a 200 it may keep a week', async () => {
    const stored = storedResponse(page);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('cache-control')).toBe('public, max-age=604800');
    expect(stored.headers.get('etag')).toBeNull();
    const back = await pageFromStored(stored);
    expect(back?.status).toBe(410);
    expect(back?.etag).toBe('W/"abc"');
    expect(back?.parts.map((p) => new TextDecoder().decode(p))).toEqual(page.parts.map((p) => new TextDecoder().decode(p)));
    expect(new Headers(back?.headers).get('content-type')).toBe('text/html; charset=utf-8');
    expect(new Headers(back?.headers).get('cache-control')).toBeNull();
  });

  it.each([
    ['a body shorter than its parts', (h: Headers) => h.set('X-Page-Parts', '15,40,11')],
    ['no parts header', (h: Headers) => h.delete('X-Page-Parts')],
    ['a negative length', (h: Headers) => h.set('X-Page-Parts', '-1,50,10')],
    ['no status', (h: Headers) => h.delete('X-Page-Status')],
  ])('%s is no page (rendered instead)', async (_, spoil) => {
    const stored = storedResponse(page);
    const headers = new Headers(stored.headers);
    spoil(headers);
    expect(await pageFromStored(new Response(await stored.arrayBuffer(), { headers }))).toBeNull();
  });
});
