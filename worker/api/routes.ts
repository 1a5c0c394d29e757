import { Hono } from 'hono';
import { isLang } from '../../domain/lang.ts';
import type { AppEnv } from '../env.ts';
import { ContentRepository } from '../content/repository.ts';
import { hasLiveData } from '../pages/resolve.ts';
import { serverContentLoader, siteWithCaptcha } from '../content/loader.ts';
import { parseDictionaryPath } from '../../domain/i18n/dictionaries.ts';
import { isFresh, versionEtag } from './etag.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { ownerPageJson } from '../owners/pages.ts';

/** JSON the browser asks for on client-side navigations; the same data SSR renders. */
export const api = new Hono<AppEnv>();

const MAX_PATH = 512;

api.get('/site/:lang', async (c) => {
  const lang = c.req.param('lang');
  const repo = await ContentRepository.open(c.env.CONTENT);
  const routing = await repo.routing();
  if (!isLang(lang) || !routing.languages.includes(lang)) return c.json({ error: 'unknown-language' }, 404);
  // The captcha key is deployment configuration: a new key is a new bundle. 'layout': the
  // answer no longer holds the dictionary, so a copy cached with it is not confirmed.
  const etag = versionEtag(`${repo.version}-layout${c.env.TURNSTILE_SITE_KEY ? `-${c.env.TURNSTILE_SITE_KEY}` : ''}`);
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', etag);
  if (isFresh(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  const { dict: _dict, ...layout } = await siteWithCaptcha(repo, lang, c.env.TURNSTILE_SITE_KEY);
  return c.json(layout);
});

/** A dictionary's bytes are fixed by its URL (content version and language): cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

// One language's dictionary in one content version (client/i18n/dictionaries.ts): pages
// preload it in their <head> and hydrate with it; it is no longer inside every page.
api.get('/dictionary/:version/:lang', async (c) => {
  // The live version's dictionary is exempt from the API limit (pages must hydrate); any
  // other name costs a KV read, so asking for made-up versions is limited like any API call.
  const ip = c.req.header('CF-Connecting-IP');
  if (ip && !ContentRepository.holds(c.req.param('version'))) {
    const { success } = await c.env.API_LIMITER.limit({ key: `api:${ip}` });
    if (!success) return c.json({ error: 'TOO_MANY_REQUESTS' }, 429, { 'Retry-After': '60', 'Cache-Control': 'no-store' });
  }
  const named = parseDictionaryPath(`/api/dictionary/${c.req.param('version')}/${c.req.param('lang')}`);
  // A version not published (yet, in this location) may be there on the next try: never cached.
  const missing = () => c.json({ error: 'unknown-dictionary' }, 404, { 'Cache-Control': 'no-store' });
  if (!named) return missing();
  const etag = `"dictionary-${named.version}-${named.lang}"`;
  if (isFresh(c.req.header('If-None-Match'), etag)) return c.body(null, 304, { ETag: etag, 'Cache-Control': IMMUTABLE });
  const json = await ContentRepository.dictionaryJson(c.env.CONTENT, named.version, named.lang);
  if (json === null) return missing();
  return c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8', ETag: etag, 'Cache-Control': IMMUTABLE });
});

api.get('/page', async (c) => {
  // The owner pages' data depends on the session: theirs to answer.
  const ownerPage = await ownerPageJson(c);
  if (ownerPage) return ownerPage;
  const path = c.req.query('path') ?? '';
  const langParam = c.req.query('lang') ?? '';
  if (!path.startsWith('/') || path.length > MAX_PATH || path.includes('//')) return c.json({ error: 'bad-path' }, 400);
  const repo = await ContentRepository.open(c.env.CONTENT);
  const routing = await repo.routing();
  const lang = isLang(langParam) && routing.languages.includes(langParam) ? langParam : routing.defaultLang;
  const search: Record<string, string> = {};
  for (const [key, value] of new URL(c.req.url).searchParams) if (key !== 'path' && key !== 'lang') search[key] = value;
  const etag = versionEtag(repo.version);
  c.header('Cache-Control', 'no-cache');
  // Only a page that was given the ETag sends it back; a live page never is.
  if (isFresh(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  const origin = siteOrigin(c.env);
  const data = await serverContentLoader(repo, routing, origin, c.env.DB, c.env.TURNSTILE_SITE_KEY).page(lang, path, search);
  if (!hasLiveData(data)) c.header('ETag', etag);
  return c.json(data, data.status === 404 ? 404 : 200);
});
