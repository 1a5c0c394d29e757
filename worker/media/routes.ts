import { sharedWithMail } from './shared-with-mail.ts';
import { servedDocument } from './documents.ts';
import { DOCUMENT_KEY } from '../../domain/rules/documents.ts';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../env.ts';
import * as z from 'zod/mini';
import { deliveredSize } from '../../domain/rules/images.ts';
import { validated } from '../validated.ts';

/** A size asked for in whole pixels (any size is snapped to a delivered one); anything else is a broken address, answered as one. */
const pixels = z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)));
/** `format=jpeg`: for mails, since some desktop Outlook versions show no WebP. */
const mediaQuery = z.object({ width: pixels, height: pixels, format: z.optional(z.enum(['jpeg'])) });

/**
 * Public media (demo photos, team portraits, banners, and the PDF documents of listings) from R2, resized through the
 * Images binding to the widths of the image rules and delivered as WebP (JPEG for mails),
 * cached with the Cache API, revalidated by the R2 object's ETag. Uploads live under another prefix and are never served here.
 */
export const media = new Hono<AppEnv>();

const PUBLIC_KEY = /^(demo|team|site|projects|articles|crm-photos)\/[a-z0-9/_-]{1,120}\.(jpg|jpeg|png|webp)$/;
const LONG_CACHE = 'public, max-age=2592000, immutable';

media.use('*', sharedWithMail());

// Documents (PDF plans, brochures) are served as they are, by ranges; the rest is images.
media.get('*', async (c, next) => {
  const key = c.req.path.replace(/^\/media\//, '');
  if (!key.endsWith('.pdf')) return next();
  if (!DOCUMENT_KEY.test(key)) return c.text('Not found', 404);
  return (await servedDocument(c, key)) ?? c.text('Not found', 404);
});

media.get(
  '/*',
  validated('query', mediaQuery, (c) => c.text('Not found', 404)),
  etag(),
  async (c) => {
    const key = c.req.path.replace(/^\/media\//, '');
    if (!PUBLIC_KEY.test(key)) return c.text('Not found', 404);
    // Any requested width is snapped to a delivered one, and a height keeps its proportion to
    // it: the CDN caches a few variants, not one per pixel.
    const asked = c.req.valid('query');
    const size = asked.width === undefined ? null : deliveredSize(asked.width, asked.height);
    const width = size?.width ?? null;
    const height = size?.height ?? null;
    const jpeg = asked.format === 'jpeg';
    const variant = width ? `?width=${width}${height ? `&height=${height}` : ''}${jpeg ? '&format=jpeg' : ''}` : '';
    const cacheKey = new Request(new URL(`/media/${key}${variant}`, c.req.url).toString());
    const cache = await caches.open('media');
    const hit = await cache.match(cacheKey);
    // A cached response's headers are immutable; later middleware adds security headers.
    if (hit) return new Response(hit.body, hit);

    const object = await c.env.FILES.get(key);
    if (!object) return c.text('Not found', 404);
    let response: Response | null = null;
    if (width) {
      try {
        const result = await c.env.IMAGES.input(object.body)
          .transform(height ? { width, height, fit: 'cover' } : { width, fit: 'scale-down' })
          .output({ format: jpeg ? 'image/jpeg' : 'image/webp', quality: 80 });
        response = new Response(result.image(), {
          headers: {
            'Content-Type': jpeg ? 'image/jpeg' : 'image/webp',
            'Cache-Control': LONG_CACHE,
            Vary: 'Accept',
            ETag: `"${object.etag}-w${width}${height ? `h${height}` : ''}${jpeg ? '-jpeg' : ''}"`,
          },
        });
      } catch (error) {
        // Resizing is an optimisation: on failure the original is served, never an error.
        console.warn('image resize failed', key, error);
      }
    }
    if (!response) {
      const original = width ? await c.env.FILES.get(key) : object;
      if (!original) return c.text('Not found', 404);
      const headers = new Headers();
      original.writeHttpMetadata(headers);
      headers.set('ETag', original.httpEtag);
      headers.set('Cache-Control', LONG_CACHE);
      response = new Response(original.body, { headers });
    }
    c.executionCtx.waitUntil(cache.put(cacheKey, response.clone()));
    return response;
  },
);
