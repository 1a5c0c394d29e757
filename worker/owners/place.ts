/**
 * Where an owner request is and how its pages are drawn: the owner pages hang below a
 * login page of the path table (`/fr/login/`, `/fr/login/portail/`, …) and are real pages
 * of the site (layout, language switcher, hydration), never cached, never indexed.
 */
import { type Context } from 'hono';
import { isLang, type Lang } from '../../domain/lang.ts';
import type { RoutingBundle } from '../../domain/bundles.ts';
import type { FormState, PageBody, PageData } from '../../domain/page-data.ts';
import { OWNER_SEGMENTS, ownerPath, parseOwnerPath, type OwnerSection } from '../../domain/rules/owner-paths.ts';
import type { AppEnv, Bindings } from '../env.ts';
import { ContentNotPublishedError, ContentRepository } from '../live/repository.ts';
import { resolvePage } from '../pages/resolve.ts';
import { renderPage } from '../ssr/render.tsx';
import { ownedPropertyIds } from './store.ts';
import { type Session } from './session.ts';
import { portalView } from './stats.ts';
import { refreshOwnerFromCrm } from './crm-figures.ts';
import type { CrmEnv } from '../crm/configured.ts';
import { brusselsDay } from './calendar.ts';
import { siteOrigin } from '../config/site-origin.ts';

export const MAX_BODY = 16 * 1024;
const SECTION_SEGMENTS = new Set(Object.values(OWNER_SEGMENTS).flatMap((bySection) => Object.values(bySection)));
/** Messages the portal shows once after a redirect, by the `done` query value. */
export const NOTICES: Record<string, string> = { password: 'PASSWORD_CHANGED' };

/** Where an owner request is: the published content, the page language and the login page it hangs below. */
export interface OwnerPlace {
  repo: ContentRepository;
  routing: RoutingBundle;
  lang: Lang;
  loginPath: string;
  section: OwnerSection | null;
  propertyId: number | null;
  origin: string;
}

/** A cheap first look (no I/O): could this path be a page of the owner flow? */
export function mightBeOwnerPath(pathname: string, section: boolean): boolean {
  const parts = pathname.split('/').filter(Boolean);
  if (!pathname.endsWith('/') || parts.length < 2 || !isLang(parts[0])) return false;
  if (!section) return true;
  const last = /^\d+$/.test(parts.at(-1) ?? '') ? parts.at(-2) : parts.at(-1);
  return last !== undefined && SECTION_SEGMENTS.has(last);
}

/** The owner place of `pathname`, or null when it is not below a login page of the path table. */
export async function placeOf(c: Context<AppEnv>, pathname: string): Promise<OwnerPlace | null> {
  const lang = pathname.split('/')[1];
  if (!isLang(lang)) return null;
  const parsed = parseOwnerPath(pathname, lang);
  const loginPath = parsed?.loginPath ?? pathname;
  let repo: ContentRepository;
  try {
    repo = await ContentRepository.open(c.env.CONTENT);
  } catch (error) {
    if (error instanceof ContentNotPublishedError) return null;
    throw error;
  }
  const routing = await repo.routing();
  const target = routing.paths[loginPath];
  if (target?.kind !== 'login' || target.lang !== lang) return null;
  return { repo, routing, lang, loginPath, section: parsed?.section ?? null, propertyId: parsed?.propertyId ?? null, origin: siteOrigin(c.env) };
}

/** The page data of an owner page: the login page's head, twins and breadcrumb, moved to `path`. */
export async function ownerPage(
  place: OwnerPlace,
  section: OwnerSection,
  body: PageBody,
  options: { propertyId?: number | null; crumb?: string; status?: PageData['status']; formState?: FormState } = {},
): Promise<PageData> {
  const { repo, routing, lang, loginPath, origin } = place;
  const [base, site] = await Promise.all([resolvePage({ repo, routing, origin, lang, pathname: loginPath, search: {} }), repo.site(lang)]);
  const t = (key: string) => site.dict[key] ?? key;
  const titleKey = section === 'portal' ? 'OWNER_PORTAL' : section === 'forgot' ? 'FORGOT_PASSWORD' : 'RESET_PASSWORD';
  const path = ownerPath(loginPath, lang, section, options.propertyId);
  const twins: Partial<Record<Lang, string>> = {};
  for (const [l, twin] of Object.entries(base.twins)) if (isLang(l) && twin) twins[l] = ownerPath(twin, l, section, options.propertyId);
  const alternates: Partial<Record<Lang, string>> = {};
  for (const [l, twin] of Object.entries(twins)) if (isLang(l) && twin) alternates[l] = `${origin}${twin}`;
  const defaultTwin = twins[routing.defaultLang];
  const portalCrumb = { label: t('OWNER_PORTAL'), path: ownerPath(loginPath, lang, 'portal') };
  const breadcrumb = [...base.breadcrumb, section === 'portal' ? portalCrumb : { label: t(titleKey), path }, ...(options.crumb ? [{ label: options.crumb, path }] : [])];
  return {
    ...body,
    head: {
      ...base.head,
      title: `${options.crumb ?? t(titleKey)} | ${site.agency.name}`,
      canonical: `${origin}${path}`,
      alternates,
      xDefault: defaultTwin ? `${origin}${defaultTwin}` : null,
      noindex: true,
      image: null,
    },
    twins,
    breadcrumb,
    status: options.status ?? 200,
    preview: false,
    ...(options.formState ? { formState: options.formState } : {}),
  };
}

/** The login page itself with an error or input kept, as resolvePage gives it otherwise. */
export async function loginPage(place: OwnerPlace, formState?: FormState): Promise<PageData> {
  const { repo, routing, lang, loginPath, origin } = place;
  const base = await resolvePage({ repo, routing, origin, lang, pathname: loginPath, search: {} });
  return formState ? { ...base, formState } : base;
}

/**
 * Renders `data` at its path through the route tree, so an owner page is a real page of
 * the site (layout, language switcher, hydration); never cached, never indexed.
 */
export async function render(c: Context<AppEnv>, place: OwnerPlace, data: PageData, status: number, cookies: (string | null)[] = []): Promise<Response> {
  const { repo, routing, origin } = place;
  const path = new URL(data.head.canonical).pathname;
  const content = {
    site: (l: Lang) => repo.site(l),
    page: async (l: Lang, p: string, search: Record<string, unknown>) => (l === place.lang && p === path ? data : resolvePage({ repo, routing, origin, lang: l, pathname: p, search })),
  };
  // The page's own URL keeps its query (?sent=1, ?done=…): the browser hydrates what the server rendered without asking again.
  const own = new URL(c.req.url);
  const url = c.req.method === 'GET' && own.pathname === path ? own : new URL(path, c.req.url);
  const rendered = await renderPage(new Request(url, { headers: c.req.raw.headers }), { content, negotiatedLang: place.lang }, c.get('nonce'));
  const response = new Response(rendered.body, { status, headers: rendered.headers });
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('Content-Language', place.lang);
  response.headers.set('X-Robots-Tag', 'noindex');
  for (const cookie of cookies) if (cookie) response.headers.append('Set-Cookie', cookie);
  return response;
}

export function redirect(location: string, cookies: (string | null)[] = []): Response {
  const response = new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  for (const cookie of cookies) if (cookie) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** The portal page data for a session, or null when the property asked for is not the owner's. */
export async function portalPage(env: CrmEnv & Pick<Bindings, 'DB'>, place: OwnerPlace, session: Session, propertyId: number | null, noticeKey: string | null): Promise<PageData | null> {
  const db = env.DB;
  // The CRM's figures when it keeps them, read at most every few minutes; the last ones when it does not answer.
  const figures = await refreshOwnerFromCrm(env, session.owner, new Date());
  const owned = await ownedPropertyIds(db, session.owner.id);
  if (propertyId !== null && !owned.includes(propertyId)) return null;
  const cards = await place.repo.listing(place.lang);
  const portal = await portalView(db, {
    ownerId: session.owner.id,
    ownerName: session.owner.name || session.owner.username,
    owned,
    selected: propertyId,
    cards,
    today: brusselsDay(),
    notesLang: (await place.repo.routing()).defaultLang,
    noticeKey,
    figures,
  });
  const chosen = propertyId === null ? undefined : portal.properties.find((p) => p.id === propertyId);
  const crumb = chosen ? [chosen.title, chosen.city].filter(Boolean).join(' – ') || `#${chosen.id}` : undefined;
  return ownerPage(place, 'portal', { kind: 'owner-portal', portal }, { propertyId, ...(crumb ? { crumb } : {}) });
}

/** The not-found page at `path`: what an owner sees for a property id that is not theirs. */
export async function notFoundData(place: OwnerPlace, path: string): Promise<PageData> {
  const site = await place.repo.site(place.lang);
  const t = (key: string) => site.dict[key] ?? key;
  return {
    kind: 'not-found',
    what: 'page',
    listPath: null,
    head: {
      title: `${t('PAGE_NOT_FOUND')} | ${site.agency.name}`,
      description: t('PAGE_NOT_FOUND_TEXT'),
      canonical: `${place.origin}${path}`,
      alternates: {},
      xDefault: null,
      noindex: true,
      image: null,
    },
    breadcrumb: [],
    twins: {},
    status: 404,
    preview: false,
  };
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}
