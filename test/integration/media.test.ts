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
  it.each(['width=abc', 'width=-3', 'width=1.5', 'width=300&height=x'])('a size that is no whole number of pixels (%s) is a broken address: 404', async (query) => {
    expect((await request(`/media/demo/1/1.png?${query}`)).status).toBe(404);
  });

  it('serves the original when no width is asked', async () => {
    const response = await request('/media/demo/1/1.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  const WEBP_BROWSER = { headers: { Accept: 'image/webp,image/apng,image/*,*/*;q=0.8' } };

  it.each(['555', '600', '99999'])('width=%s is snapped and delivered as WebP to a browser that takes it, cached, with security headers', async (width) => {
    const first = await request(`/media/demo/1/1.png?width=${width}`, WEBP_BROWSER);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('vary')).toContain('Accept');
    await first.arrayBuffer();
    const second = await request(`/media/demo/1/1.png?width=${width}`, WEBP_BROWSER);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('cache-control')).toMatch(/immutable/);
    // Shown in the site's mails, which webmail opens from its own origin.
    expect(second.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('delivers JPEG for mails when asked (format=jpeg), under its own cache entry; any other format is a broken address', async () => {
    const jpeg = await request('/media/demo/1/1.png?width=600&format=jpeg', WEBP_BROWSER);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    // Named in the address, the same for every Accept: nothing to vary on.
    expect(jpeg.headers.get('vary') ?? '').not.toContain('Accept');
    const bytes = new Uint8Array(await jpeg.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    const webp = await request('/media/demo/1/1.png?width=600', WEBP_BROWSER);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    await webp.arrayBuffer();
    expect((await request('/media/demo/1/1.png?width=600&format=gif')).status).toBe(404);
  });

  it.each<[string, string, Record<string, string>, string]>([
    ['format=webp', '?width=600&format=webp', {}, 'image/webp'],
    ['format=jpeg, whatever the Accept', '?width=600&format=jpeg', { Accept: 'image/avif,image/webp,*/*' }, 'image/jpeg'],
    ['format=webp without a width', '?format=webp', {}, 'image/webp'],
    ['an Accept of image/webp', '?width=400', { Accept: 'image/webp,*/*' }, 'image/webp'],
    ['an Accept of image/jpeg only (a link previewer)', '?width=400', { Accept: 'image/jpeg' }, 'image/jpeg'],
    ['no Accept at all', '?width=400', {}, 'image/jpeg'],
    ['webp refused with q=0', '?width=400', { Accept: 'image/webp;q=0, image/jpeg' }, 'image/jpeg'],
  ])('%s is delivered as %s', async (_what, query, headers, type) => {
    const response = await request(`/media/demo/1/1.png${query}`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (type === 'image/jpeg') expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    if (type === 'image/webp') expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe('WEBP');
  });

  it('format=avif, or an Accept that takes AVIF, is AVIF where the Images service writes it, and WebP otherwise, never an error', async () => {
    for (const init of [{}, { headers: { Accept: 'image/avif,image/webp,*/*' } }]) {
      const response = await request(`/media/demo/1/1.png?width=600${'headers' in init ? '' : '&format=avif'}`, init);
      expect(response.status).toBe(200);
      expect(['image/avif', 'image/webp']).toContain(response.headers.get('content-type'));
      const bytes = new Uint8Array(await response.arrayBuffer());
      const brand = String.fromCharCode(...bytes.subarray(4, 12));
      expect(response.headers.get('content-type') === 'image/avif' ? brand.startsWith('ftyp') : String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP').toBe(true);
    }
  });

  it('a phone’s variant (scale=1) keeps the image’s proportion, whatever height is asked', async () => {
    await env.FILES.put('demo/1/phone.png', await widePng(), { httpMetadata: { contentType: 'image/png' } });
    const response = await request('/media/demo/1/phone.png?width=600&height=250&scale=1', WEBP_BROWSER);
    expect(response.status).toBe(200);
    expect(webpSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 600, height: 450 });
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

  it('a height is honoured in the width’s proportion: a cropped WebP of exactly that size', async () => {
    await env.FILES.put('demo/1/wide.png', await widePng(), { httpMetadata: { contentType: 'image/png' } });
    const response = await request('/media/demo/1/wide.png?width=600&height=300', WEBP_BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(webpSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 600, height: 300 });
    const plain = await request('/media/demo/1/wide.png?width=600', WEBP_BROWSER);
    expect(webpSize(new Uint8Array(await plain.arrayBuffer()))).toEqual({ width: 600, height: 450 });
  });
});

/** The canvas size of a WebP file (lossy, lossless or extended). */
function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  const tag = String.fromCharCode(...bytes.subarray(12, 16));
  const u24 = (i: number) => (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8) | ((bytes[i + 2] ?? 0) << 16);
  if (tag === 'VP8X') return { width: u24(24) + 1, height: u24(27) + 1 };
  if (tag === 'VP8 ') return { width: ((bytes[26] ?? 0) | ((bytes[27] ?? 0) << 8)) & 0x3fff, height: ((bytes[28] ?? 0) | ((bytes[29] ?? 0) << 8)) & 0x3fff };
  if (tag === 'VP8L') {
    const b = (i: number) => bytes[21 + i] ?? 0;
    return { width: 1 + (((b(1) & 0x3f) << 8) | b(0)), height: 1 + (((b(3) & 0xf) << 10) | (b(2) << 2) | ((b(1) & 0xc0) >> 6)) };
  }
  return null;
}

/** An 800×600 PNG, drawn here so the test needs no fixture file. */
async function widePng(): Promise<Uint8Array> {
  const width = 800;
  const height = 600;
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([x % 256, y % 256, 128], y * (width * 3 + 1) + 1 + x * 3);
  const deflated = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Uint8Array) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflated), chunk('IEND', new Uint8Array())];
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}
