import { parseListSearch, queryOf } from '../../domain/search.ts';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import * as z from 'zod/mini';
import { isLang, LANGS } from '../../domain/lang.ts';
import type { AppEnv } from '../env.ts';
import { ContentRepository } from '../live/repository.ts';
import { serverContentLoader, siteWithCaptcha } from '../pages/loader.ts';
import { DICTIONARY_VERSION } from '../../domain/i18n/dictionaries.ts';
import { versionEtag } from '../ssr/etag.ts';
import { matchesEtag } from '../../domain/rules/etag-match.ts';
import { validated } from '../validated.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { ownerPageJson } from '../owners/pages.ts';

/** JSON the browser asks for on client-side navigations; the same data SSR renders. */
export const api = new Hono<AppEnv>();

const MAX_PATH = 512;

const knownLang = z.object({ lang: z.enum(LANGS) });

api.get(
  '/site/:lang',
  validated('param', knownLang, (c) => c.json({ error: 'unknown-language' }, 404)),
  etag(),
  async (c) => {
    const { lang } = c.req.valid('param');
    const repo = await ContentRepository.open(c.env.CONTENT);
    const routing = await repo.routing();
    if (!routing.languages.includes(lang)) return c.json({ error: 'unknown-language' }, 404);
    const { dict: _dict, ...layout } = await siteWithCaptcha(repo, lang, c.env.TURNSTILE_SITE_KEY);
    // Keyed by the layout's fingerprint: a publish that leaves it alone is answered 304.
    // The captcha key is deployment configuration: a new key is a new bundle. 'layout': the
    // answer no longer holds the dictionary, so a copy cached with it is not confirmed.
    const version = `${routing.fingerprints.layout[lang] ?? repo.version}-layout${c.env.TURNSTILE_SITE_KEY ? `-${c.env.TURNSTILE_SITE_KEY}` : ''}`;
    return c.json(layout, 200, { 'Cache-Control': 'no-cache', ETag: versionEtag(version) });
  },
);

/** A dictionary's bytes are fixed by its URL (version of its words and language): cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A version not published (yet, in this location) may be there on the next try: never cached. */
const NO_DICTIONARY = { error: 'unknown-dictionary' };

// One language's dictionary in one version of its words (domain/i18n/dictionaries.ts): pages
// preload it in their <head> and hydrate with it; it is no longer inside every page.
api.get(
  '/dictionary/:version/:lang',
  validated('param', z.object({ version: z.string().check(z.regex(DICTIONARY_VERSION)), lang: z.enum(LANGS) }), (c) => c.json(NO_DICTIONARY, 404, { 'Cache-Control': 'no-store' })),
  etag(),
  async (c) => {
    const { version, lang } = c.req.valid('param');
    const json = await ContentRepository.dictionaryJson(c.env.CONTENT, version, lang);
    if (json === null) return c.json(NO_DICTIONARY, 404, { 'Cache-Control': 'no-store' });
    return c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8', ETag: `"dictionary-${version}-${lang}"`, 'Cache-Control': IMMUTABLE });
  },
);

/** A page's data by its path; the rest of the query string is the page's own search (filters, sort, page). */
const pageQuery = z.object({
  path: z.string().check(
    z.maxLength(MAX_PATH),
    z.refine((path) => path.startsWith('/') && !path.includes('//')),
  ),
  lang: z.optional(z.string()),
});

api.get(
  '/page',
  validated('query', pageQuery, (c) => c.json({ error: 'bad-path' }, 400)),
  async (c) => {
    // The owner pages' data depends on the session: theirs to answer.
    const ownerPage = await ownerPageJson(c);
    if (ownerPage) return ownerPage;
    const { path, lang: asked } = c.req.valid('query');
    const repo = await ContentRepository.open(c.env.CONTENT);
    const routing = await repo.routing();
    const lang = isLang(asked) && routing.languages.includes(asked) ? asked : routing.defaultLang;
    // The page's own query, read once as the route tree reads it (lang and path are the API's).
    const { path: _path, lang: _lang, ...query } = queryOf(new URL(c.req.url).searchParams);
    const search = parseListSearch(query);
    const etag = versionEtag(repo.version);
    c.header('Cache-Control', 'no-cache');
    // Checked before the page is resolved, which is the work a 304 saves. Only a page that
    // was given the ETag sends it back; a live page never is.
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    const origin = siteOrigin(c.env);
    const loader = serverContentLoader(repo, routing, origin, c.env);
    const data = await loader.page(lang, path, search);
    // Live data (testimonials, slots, a booked visit) changes without a new content version: no version ETag.
    if (!loader.usedLiveData) c.header('ETag', etag);
    return c.json(data, data.status === 404 ? 404 : 200);
  },
);
