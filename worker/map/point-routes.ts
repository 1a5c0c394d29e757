import { Hono } from 'hono';
import * as z from 'zod/mini';
import { LANGS } from '../../domain/lang.ts';
import { parseListSearch } from '../../domain/search.ts';
import type { AppEnv } from '../env.ts';
import { ContentRepository } from '../live/repository.ts';
import { validated } from '../validated.ts';
import { versionEtag } from '../ssr/etag.ts';
import { matchesEtag } from '../../domain/rules/etag-match.ts';
import { mapPointsFor } from '../pages/resolve-list.ts';

/**
 * The map's data: every listing of a list that matches its filters (the list page's own
 * query: type, town, price, bedrooms, area), with a position. Asked by the map when it
 * opens, never part of the page, so the list's first load does not carry it.
 */
export const mapPoints = new Hono<AppEnv>();

const listParams = z.object({ lang: z.enum(LANGS), goal: z.enum(['sale', 'rent', 'abroad']) });
// Any query is a search: an unknown or bad value is no filter, as on the list page.
const listQuery = z.pipe(
  z.record(z.string(), z.string()),
  z.transform((query: Record<string, string>) => parseListSearch(query)),
);

mapPoints.get(
  '/map-points/:lang/:goal',
  validated('param', listParams, (c) => c.json({ error: 'unknown-list' }, 404)),
  validated('query', listQuery, (c) => c.json({ error: 'bad-search' }, 400)),
  async (c) => {
    const { lang, goal } = c.req.valid('param');
    // Page, sort and view do not change which listings match: the map gets them all.
    const search = c.req.valid('query');
    const repo = await ContentRepository.open(c.env.CONTENT);
    const routing = await repo.routing();
    if (!routing.languages.includes(lang)) return c.json({ error: 'unknown-list' }, 404);
    const etag = versionEtag(`${repo.version}-map-${new Date().toISOString().slice(0, 10)}`);
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304, { ETag: etag });
    return c.json(await mapPointsFor(repo, lang, goal, search), 200, { ETag: etag, 'Cache-Control': 'no-cache' });
  },
);
