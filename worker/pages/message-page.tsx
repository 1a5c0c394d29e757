/**
 * Answers that are pages of the site: a form answered without JavaScript (errors kept, or
 * a message instead of the form), a refusal before the body is read, a confirmation. A
 * person without JavaScript reads a page in their language, never raw JSON; a script that
 * asks for JSON gets JSON.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGS, type Lang } from '../../domain/lang.ts';
import type { MessageDetail, PageData } from '../../domain/page-data.ts';
import type { AppEnv } from '../env.ts';
import { LANG_COOKIE, negotiateLanguage } from '../i18n/negotiate.ts';
import { ContentRepository } from '../live/repository.ts';
import { serverContentLoader } from './loader.ts';
import { renderPage } from '../ssr/render.tsx';
import { siteOrigin } from '../config/site-origin.ts';

/** A script (fetch with JSON) rather than a browser posting a form. */
export function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header('Content-Type') ?? '').includes('application/json') || (c.req.header('Accept') ?? '').startsWith('application/json');
}

/** A body that cannot be parsed (400), from another site (403), too large (413), not a form (415). */
export type Refused = 400 | 403 | 413 | 415 | 429;
/** What a refusal before the body is read says to a person, by status. */
const REFUSAL_MESSAGE: Record<Refused, string> = { 400: 'REQUEST_NOT_A_FORM', 403: 'FORBIDDEN_CROSS_SITE', 413: 'REQUEST_TOO_LARGE', 415: 'REQUEST_NOT_A_FORM', 429: 'TOO_MANY_REQUESTS' };

/**
 * A refusal before the body is read: JSON for scripts, and for a browser without
 * JavaScript a page of the site in the visitor's language rather than raw JSON.
 */
export function refusal(c: Context<AppEnv>, status: Refused, key: string, messageKey: string = REFUSAL_MESSAGE[status]): Response | Promise<Response> {
  if (status === 429) c.header('Retry-After', '60');
  if (wantsJson(c)) return c.json({ error: key }, status);
  return renderMessage(c, visitorLang(c), 'REQUEST_REFUSED_TITLE', messageKey, status);
}

/** The visitor's language before any body is read: the page they came from, their cookie, their browser. */
export function visitorLang(c: Context<AppEnv>): Lang {
  const from = refererPath(c, null);
  return negotiateLanguage({ pathname: from ?? '/', lngParam: null, cookie: getCookie(c, LANG_COOKIE) ?? null, acceptLanguage: c.req.header('Accept-Language') ?? null }, LANGS, 'fr');
}

/** The same-origin page a post came from, or `otherwise`. */
export function refererPath<T extends string | null>(c: Context<AppEnv>, otherwise: T): string | T {
  try {
    const url = new URL(c.req.header('Referer') ?? '');
    return url.origin === new URL(c.req.url).origin && /^\/[a-z]{2}\/[a-z0-9/_-]*$/.test(url.pathname) ? url.pathname : otherwise;
  } catch {
    return otherwise;
  }
}

/**
 * Renders `path` as a page with its data adjusted (errors kept, a message instead), so a
 * form answered without JavaScript is a real page of the site, in the visitor's language.
 */
export async function renderAdjusted(c: Context<AppEnv>, lang: Lang, path: string, status: number, adjust: (page: PageData) => PageData): Promise<Response> {
  const repo = await ContentRepository.open(c.env.CONTENT);
  const routing = await repo.routing();
  const base = serverContentLoader(repo, routing, siteOrigin(c.env), c.env);
  const content = { site: base.site, page: async (l: Lang, p: string, search: Record<string, unknown>) => adjust(await base.page(l, p, search)) };
  const response = await renderPage(new Request(new URL(path, c.req.url), { headers: c.req.raw.headers }), { content, negotiatedLang: lang }, c.get('nonce'));
  return new Response(response.body, { status, headers: response.headers });
}

export function renderMessage(c: Context<AppEnv>, lang: Lang, titleKey: string, messageKey: string, status: 200 | 404 | Refused, action?: { path: string; labelKey: string }, detail?: MessageDetail) {
  const pageStatus = status === 404 ? 404 : 200;
  return renderAdjusted(c, lang, `/${lang}/`, status, (home) => ({
    kind: 'message',
    titleKey,
    messageKey,
    ...(action ? { action } : {}),
    ...(detail ? { detail } : {}),
    head: { ...home.head, noindex: true },
    twins: {},
    breadcrumb: [],
    status: pageStatus,
    preview: false,
  }));
}

/** A cross-site post, refused before anything is read: JSON for the API and for scripts, a page for a person. */
export function crossSiteRefusal(c: Context<AppEnv>): Response | Promise<Response> {
  if (c.req.path.startsWith('/api/')) return c.json({ error: 'FORBIDDEN' }, 403);
  return refusal(c, 403, 'FORBIDDEN');
}
