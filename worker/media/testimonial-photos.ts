import { Hono } from 'hono';
import { etag } from 'hono/etag';
import * as z from 'zod/mini';
import { validated } from '../validated.ts';
import type { AppEnv } from '../env.ts';
import { approvedPhotoKey } from '../testimonials/store.ts';

/** The photo of an approved testimonial; nothing is served while it waits for moderation. */
export const testimonials = new Hono<AppEnv>();

testimonials.get(
  '/testimonials/:id/photo',
  validated('param', z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/)) }), (c) => c.text('Not found', 404)),
  etag(),
  async (c) => {
    const key = await approvedPhotoKey(c.env.DB, c.req.valid('param').id);
    const object = key ? await c.env.FILES.get(key) : null;
    if (!object) return c.text('Not found', 404);
    const type = object.httpMetadata?.contentType ?? 'application/octet-stream';
    // Only the image types the upload check accepts are ever stored here.
    if (!/^image\/(jpeg|png|webp)$/.test(type)) return c.text('Not found', 404);
    return new Response(object.body, { headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600', 'Content-Disposition': 'inline', ETag: object.httpEtag } });
  },
);
