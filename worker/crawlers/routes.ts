import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../env.ts';
import { ContentNotPublishedError, ContentRepository } from '../live/repository.ts';
import { utcDay } from '../../domain/rules/gone.ts';
import { buildSitemap, publishedAtOfVersion, type Sitemap } from './sitemap.ts';
import { robotsTxt } from './robots.ts';
import { siteOrigin } from '../config/site-origin.ts';
import * as z from 'zod/mini';
import { validated } from '../validated.ts';

/** /sitemap.xml, /sitemap-N.xml and /robots.txt, computed once per content version and origin. */
export const seo = new Hono<AppEnv>();

/** Crawlers fetch these often; an hour at the edge, revalidated by the version ETag after (Hono's etag answers the 304). */
const CACHE = 'public, max-age=3600';

async function openRepo(store: KVNamespace): Promise<ContentRepository | null> {
  try {
    return await ContentRepository.open(store);
  } catch (error) {
    if (error instanceof ContentNotPublishedError) return null;
    throw error;
  }
}

async function sitemapOf(repo: ContentRepository, origin: string): Promise<Sitemap> {
  const [routing, bundle] = await Promise.all([repo.routing(), repo.sitemap()]);
  const today = utcDay(new Date());
  const publishedAt = publishedAtOfVersion(repo.version) ?? (await repo.manifest()).publishedAt;
  // Gone listings drop out on their day, so the day is part of the key.
  return repo.derived(`sitemap:${origin}:${today}`, () => buildSitemap(bundle ?? { entries: [] }, { origin, defaultLang: routing.defaultLang, publishedAt, today }));
}

// Browsers ask /favicon.ico for every document without an icon link (a PDF, robots.txt) and
// crawlers ask it of every site: the site's icon, not a 404 in the console and the logs.
seo.get('/favicon.ico', (c) => c.redirect('/static/favicon.svg', 301));

seo.get('/robots.txt', etag(), async (c) => {
  const repo = await openRepo(c.env.CONTENT);
  const origin = siteOrigin(c.env);
  if (!repo) return c.text(`User-agent: *\nDisallow:\n\nSitemap: ${origin}/sitemap.xml\n`, 200, { 'Cache-Control': 'no-cache' });
  const routing = await repo.routing();
  const body = repo.derived(`robots:${origin}`, () => robotsTxt(routing, origin));
  return c.text(body, 200, { 'Cache-Control': CACHE, ETag: `W/"${repo.version}"` });
});

seo.get(
  '/:file{sitemap(?:-[0-9]+)?\\.xml}',
  validated('param', z.object({ file: z.string().check(z.regex(/^sitemap(?:-[0-9]{1,6})?\.xml$/)) }), (c) => c.text('Not found', 404)),
  etag(),
  async (c) => {
    const repo = await openRepo(c.env.CONTENT);
    if (!repo) return c.text('No content is published yet.', 503, { 'Retry-After': '60' });
    const sitemap = await sitemapOf(repo, siteOrigin(c.env));
    const { file } = c.req.valid('param');
    const part = /^sitemap-(\d+)\.xml$/.exec(file)?.[1];
    const body = part === undefined ? sitemap.root : sitemap.parts[Number(part) - 1];
    if (body === undefined) return c.text('Not found', 404);
    // Gone listings drop out on their day: the day is part of the tag.
    return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE, ETag: `W/"${repo.version}-${utcDay(new Date())}"` });
  },
);
