import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

/** Public media (demo photos, team portraits) from R2; uploads live under another prefix and never here. */
export const media = new Hono<AppEnv>();

const PUBLIC_KEY = /^(demo|team|site)\/[a-z0-9/_-]{1,120}\.(jpg|jpeg|png|webp|svg)$/;

media.get('/*', async (c) => {
  const key = c.req.path.replace(/^\/media\//, '');
  if (!PUBLIC_KEY.test(key)) return c.text('Not found', 404);
  const object = await c.env.FILES.get(key);
  if (!object) return c.text('Not found', 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800');
  if (c.req.header('If-None-Match') === object.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
});
