import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { approvedPhotoKey } from './store.ts';

/** The photo of an approved testimonial; nothing is served while it waits for moderation. */
export const testimonials = new Hono<AppEnv>();

testimonials.get('/testimonials/:id/photo', async (c) => {
  const id = c.req.param('id');
  if (!/^[0-9a-f-]{36}$/.test(id)) return c.text('Not found', 404);
  const key = await approvedPhotoKey(c.env.DB, id);
  const object = key ? await c.env.FILES.get(key) : null;
  if (!object) return c.text('Not found', 404);
  const type = object.httpMetadata?.contentType ?? 'application/octet-stream';
  // Only the image types the upload check accepts are ever stored here.
  if (!/^image\/(jpeg|png|webp)$/.test(type)) return c.text('Not found', 404);
  return new Response(object.body, { headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600', 'Content-Disposition': 'inline' } });
});
