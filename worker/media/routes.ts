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
/**
 * `format`: the one a page, a mail or a link preview asks for (`jpeg` for mails and
 * `og:image`, since some desktop Outlook versions and link previewers show no WebP); without
 * it the browser's Accept header decides: AVIF, then WebP, then JPEG. `scale=1`: a phone's
 * variant, which keeps the image's own proportion at the delivered width (no height).
 */
const mediaQuery = z.object({ width: pixels, height: pixels, format: z.optional(z.enum(['jpeg', 'webp', 'avif', 'auto'])), scale: z.optional(z.literal('1')) });

type Delivered = 'avif' | 'webp' | 'jpeg';
const CONTENT_TYPES: Record<Delivered, 'image/avif' | 'image/webp' | 'image/jpeg'> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** The media types an Accept header takes (a q of 0 refuses one), lower case. */
function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (type && !(q && Number(q.slice(2)) === 0)) types.add(type);
  }
  return types;
}

/** The format a request gets: the one it names, or the best its Accept header names (a wildcard names none). */
export function deliveredFormat(asked: string | undefined, accept: string | undefined): { format: Delivered; negotiated: boolean } {
  if (asked === 'jpeg' || asked === 'webp' || asked === 'avif') return { format: asked, negotiated: false };
  const types = acceptedTypes(accept);
  return { format: types.has('image/avif') ? 'avif' : types.has('image/webp') ? 'webp' : 'jpeg', negotiated: true };
}

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
    const size = asked.width === undefined ? null : deliveredSize(asked.width, asked.scale === '1' ? undefined : asked.height);
    const width = size?.width ?? null;
    const height = size?.height ?? null;
    const { format, negotiated } = deliveredFormat(asked.format, c.req.header('Accept'));
    // Without a size the original is served as it is stored, unless a format is asked for by name.
    const transform = width !== null || (!negotiated && asked.format !== undefined);
    const variant = transform ? `?${width ? `width=${width}${height ? `&height=${height}` : ''}&` : ''}as=${format}` : '';
    const cacheKey = new Request(new URL(`/media/${key}${variant}`, c.req.url).toString());
    const cache = await caches.open('media');
    const hit = await cache.match(cacheKey);
    // A cached response's headers are immutable; later middleware adds security headers.
    if (hit) return new Response(hit.body, hit);

    const object = await c.env.FILES.get(key);
    if (!object) return c.text('Not found', 404);
    let response: Response | null = null;
    if (transform) {
      // AVIF where the Images service can write it; WebP otherwise, never an error.
      for (const output of format === 'avif' ? (['avif', 'webp'] as const) : [format]) {
        try {
          const source = output === format ? object.body : (await c.env.FILES.get(key))?.body;
          if (!source) break;
          const input = c.env.IMAGES.input(source);
          const resized = width ? input.transform(height ? { width, height, fit: 'cover' } : { width, fit: 'scale-down' }) : input;
          const result = await resized.output({ format: CONTENT_TYPES[output], quality: 80 });
          response = new Response(result.image(), {
            headers: {
              'Content-Type': CONTENT_TYPES[output],
              'Cache-Control': LONG_CACHE,
              // Chosen by the Accept header: a cache must keep one copy per Accept.
              ...(negotiated ? { Vary: 'Accept' } : {}),
              ETag: `"${object.etag}-w${width ?? 0}${height ? `h${height}` : ''}-${output}"`,
            },
          });
          break;
        } catch (error) {
          // Resizing is an optimisation: on failure the original is served, never an error.
          console.warn('image resize failed', key, output, error);
        }
      }
    }
    if (!response) {
      const original = transform ? await c.env.FILES.get(key) : object;
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
