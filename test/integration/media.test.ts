import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from './support.ts';

/** A valid 8×8 PNG, small enough to inline. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC'), (c) => c.charCodeAt(0));

beforeAll(async () => {
  await env.FILES.put('demo/1/1.png', PNG, { httpMetadata: { contentType: 'image/png' } });
  await env.FILES.put('uploads/cv/secret.png', PNG, { httpMetadata: { contentType: 'image/png' } });
});

describe('media', () => {
  it('serves the original when no width is asked', async () => {
    const response = await request('/media/demo/1/1.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it.each(['555', '600', '99999'])('width=%s is snapped and delivered as WebP, cached, with security headers', async (width) => {
    const first = await request(`/media/demo/1/1.png?width=${width}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    await first.arrayBuffer();
    const second = await request(`/media/demo/1/1.png?width=${width}`);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('cache-control')).toMatch(/immutable/);
  });

  it.each(['/media/uploads/cv/secret.png', '/media/demo/1/missing.png', '/media/../uploads/cv/secret.png', '/media/demo/1/1.svg'])('%s is not served', async (path) => {
    const response = await request(path);
    expect(response.status).toBe(404);
  });

  it.each(['', '?width=600'])('a browser holding the image (%s) is answered 304 without the bytes', async (query) => {
    const first = await request(`/media/demo/1/1.png${query}`);
    const etag = first.headers.get('etag');
    await first.arrayBuffer();
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await request(`/media/demo/1/1.png${query}`, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toMatch(/immutable/);
  });
});
