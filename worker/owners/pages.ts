/**
 * The owner pages a browser asks for: forgot password, reset, portal and logout below the
 * login page, and the same data as JSON for client-side navigation. The site's page route
 * and its page API call these first, so each route is defined once.
 */
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { ownerPath } from '../../domain/rules/owner-paths.ts';
import type { AppEnv } from '../env.ts';
import { clearedCookie, currentSession, sessionOrGone } from './session.ts';
import { NOTICES, mightBeOwnerPath, placeOf, ownerPage, loginPage, render, redirect, portalPage, notFoundData } from './place.ts';

/**
 * The few query values the owner pages read, through one schema: these pages are chosen at
 * request time (their paths come from the content), so no route chain can name a validator.
 * A value that does not fit is as if it were absent.
 */
const ownerQuery = z.object({
  sent: z.optional(z.string().check(z.maxLength(1))),
  property: z.optional(z.string().check(z.maxLength(20))),
  done: z.optional(z.string().check(z.maxLength(40))),
  path: z.optional(z.string().check(z.maxLength(512))),
});

function queryOf(c: Context<AppEnv>): z.infer<typeof ownerQuery> {
  const parsed = ownerQuery.safeParse(c.req.query());
  return parsed.success ? parsed.data : {};
}

/** The owner page at the request's path, or null when the path is not one (the site's page route asks first). */
export async function ownerPageResponse(c: Context<AppEnv>): Promise<Response | null> {
  const pathname = c.req.path;
  if (!mightBeOwnerPath(pathname, true)) return null;
  const place = await placeOf(c, pathname);
  if (!place?.section) return null;
  switch (place.section) {
    case 'forgot':
      return render(c, place, await ownerPage(place, 'forgot', { kind: 'owner-forgot', sent: queryOf(c).sent === '1' }), 200);
    case 'reset': {
      // The token is in the link's fragment, which never reaches a server or a Referer: the
      // page's script moves it into the form (without JavaScript the owner pastes the code).
      // A query string (an old link's ?token=) is dropped from the address bar unused.
      if (new URL(c.req.url).search !== '') {
        const clean = redirect(ownerPath(place.loginPath, place.lang, 'reset'));
        clean.headers.set('Referrer-Policy', 'same-origin');
        return clean;
      }
      const response = await render(c, place, await ownerPage(place, 'reset', { kind: 'owner-reset', token: '', valid: true }), 200);
      // No Referer leaves the site from this page. Not 'no-referrer': browsers then send
      // `Origin: null` with the form's POST, which the same-origin check must refuse.
      response.headers.set('Referrer-Policy', 'same-origin');
      return response;
    }
    case 'logout':
      return redirect(place.loginPath);
    case 'portal': {
      const session = await sessionOrGone(c);
      if (session === 'gone') return render(c, place, await loginPage(place, { form: 'owner-login', values: {}, errors: [{ field: '', key: 'PERSON_NOT_FOUND' }] }), 401, [clearedCookie()]);
      if (!session) return redirect(place.loginPath, [clearedCookie()]);
      // The property chooser is a GET form: its choice becomes the property's own path.
      const chosen = queryOf(c).property;
      if (chosen !== undefined && place.propertyId === null) {
        const id = /^\d{1,12}$/.test(chosen) ? Number(chosen) : null;
        return redirect(ownerPath(place.loginPath, place.lang, 'portal', id), [session.renewal]);
      }
      const data = await portalPage(c.env, place, session, place.propertyId, NOTICES[queryOf(c).done ?? ''] ?? null);
      if (!data) return render(c, place, await notFoundData(place, pathname), 404, [session.renewal]);
      return render(c, place, data, 200, [session.renewal]);
    }
  }
}

export function json(c: Context<AppEnv>, body: unknown, status: 200 | 400 | 401 | 404, cookies: (string | null)[] = []): Response {
  const response = c.json(body, status, { 'Cache-Control': 'private, no-store' });
  for (const cookie of cookies) if (cookie) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** Owner pages the browser navigates to client-side get the same data SSR would render. */

/** Owner pages the browser navigates to client-side get the same data SSR would render; null for any other path. */
export async function ownerPageJson(c: Context<AppEnv>): Promise<Response | null> {
  const path = queryOf(c).path ?? '';
  if (path.length > 512 || !mightBeOwnerPath(path, true)) return null;
  const place = await placeOf(c, path);
  if (!place?.section) return null;
  if (place.section === 'forgot') return json(c, await ownerPage(place, 'forgot', { kind: 'owner-forgot', sent: false }), 200);
  if (place.section === 'reset') return json(c, await ownerPage(place, 'reset', { kind: 'owner-reset', token: '', valid: true }), 200);
  const session = await currentSession(c);
  // Signed out (or another device logged out): the login page, whose form says where to post.
  if (!session) return json(c, await loginPage(place), 200, [clearedCookie()]);
  const data = await portalPage(c.env, place, session, place.section === 'portal' ? place.propertyId : null, null);
  if (!data) return json(c, await notFoundData(place, path), 404, [session.renewal]);
  return json(c, data, 200, [session.renewal]);
}
