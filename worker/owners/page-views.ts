/**
 * Page views of a property, for the owner statistics (a booked viewing is a "visit", in
 * worker/visits/): a property detail page counts once per visitor per day. The visitor is a hash of their address with a random salt that
 * changes every day and is deleted with the day's rows, so no cookie is needed and
 * nobody can be followed from one day to the next. Bots are not counted.
 */
import { networkOf } from '../../domain/rules/network.ts';
import { createMiddleware } from 'hono/factory';
import { isbot } from 'isbot';
import { isLang, type Lang } from '../../domain/lang.ts';
import type { AppEnv } from '../env.ts';
import { toBase64Url } from './password.ts';
import { brusselsDay } from './calendar.ts';

/**
 * The property id of a property detail path `/{lang}/{goal}/{city}/{type}/{id}/` (the
 * shape resolvePage gives property paths), with its language; null for any other path.
 */
export function propertyOfPath(pathname: string): { lang: Lang; id: number } | null {
  const match = /^\/([a-z]{2})\/[^/]+\/[^/]+\/[^/]+\/(\d{1,12})\/$/.exec(pathname);
  if (!match || !isLang(match[1])) return null;
  const id = Number(match[2]);
  return id > 0 ? { lang: match[1], id } : null;
}

/** People only: no crawler, no link preview, no prefetch the visitor never saw. */
export function isCountable(headers: Headers): boolean {
  const ua = headers.get('User-Agent') ?? '';
  if (ua === '' || isbot(ua)) return false;
  const purpose = `${headers.get('Sec-Purpose') ?? ''} ${headers.get('Purpose') ?? ''}`;
  return !/prefetch|prerender/i.test(purpose);
}

// Per database: each agency's visitors are hashed with its own salt, never linkable across agencies.
let memos = new WeakMap<D1Database, { day: string; salt: string }>();

/** Today's salt: made by the first visit of the day, which also forgets yesterday's visitors. */
async function saltOf(db: D1Database, day: string): Promise<string> {
  const memo = memos.get(db);
  if (memo?.day === day) return memo.salt;
  const fresh = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const inserted = await db.prepare('INSERT OR IGNORE INTO visit_salts (day, salt) VALUES (?, ?)').bind(day, fresh).run();
  if (inserted.meta.changes === 1) {
    await db.batch([db.prepare('DELETE FROM visit_salts WHERE day < ?').bind(day), db.prepare('DELETE FROM visit_seen WHERE day < ?').bind(day)]);
  }
  const row = await db.prepare('SELECT salt FROM visit_salts WHERE day = ?').bind(day).first<{ salt: string }>();
  const salt = row?.salt ?? fresh;
  memos.set(db, { day, salt });
  return salt;
}

/** The visitor of today: a salted hash, never the address itself. */
export async function visitorHash(salt: string, ip: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\n${networkOf(ip)}`));
  return toBase64Url(new Uint8Array(digest).slice(0, 16));
}

/**
 * Views this isolate already knows D1 has for today, so a visitor paging back and forth
 * costs no D1 write. D1's visit_seen stays the truth: a view missing here is checked there.
 */
const seenHere: { day: string; views: Set<string> } = { day: '', views: new Set() };
const SEEN_HERE_MAX = 50_000;

/** Counts one view of a property page unless this visitor was counted for it today. */
export async function recordPageView(db: D1Database, view: { propertyId: number; lang: Lang; ip: string }, now: Date = new Date()): Promise<boolean> {
  const day = brusselsDay(now);
  const visitor = await visitorHash(await saltOf(db, day), view.ip);
  const viewKey = `${visitor} ${view.propertyId}`;
  if (seenHere.day !== day || seenHere.views.size >= SEEN_HERE_MAX) {
    seenHere.day = day;
    seenHere.views.clear();
  }
  if (seenHere.views.has(viewKey)) return false;
  const seen = await db.prepare('INSERT OR IGNORE INTO visit_seen (day, visitor, property_id) VALUES (?, ?, ?)').bind(day, visitor, view.propertyId).run();
  seenHere.views.add(viewKey);
  if (seen.meta.changes !== 1) return false;
  await db
    .prepare('INSERT INTO property_visits (property_id, day, lang, visits) VALUES (?, ?, ?, 1) ON CONFLICT (property_id, day, lang) DO UPDATE SET visits = visits + 1')
    .bind(view.propertyId, day, view.lang)
    .run();
  return true;
}

/** For tests: forget the memoised salt and the views seen here, as a new isolate would. */
export function forgetSalt(): void {
  memos = new WeakMap();
  seenHere.day = '';
  seenHere.views.clear();
}

/** Runs `work` after the response is sent (waitUntil); a failure is logged as `what`, never shown. */
export function later(c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } }, work: Promise<unknown>, what = 'visit not counted'): void {
  const logged = work.catch((error: unknown) => console.error(what, error));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context (a direct app.request in a script): the promise still runs.
  }
}

export interface CountPageViewsOptions {
  /** Records one view; by default in D1, once per visitor, property and day. */
  record?: (db: D1Database, view: { propertyId: number; lang: Lang; ip: string }) => Promise<boolean>;
}

/**
 * Counts property detail pages answered by the worker, after the response is made: the
 * D1 writes run in waitUntil and never delay the page. Only a page of the site that
 * exists counts (200, or 304 for a kept copy); a withdrawn property answers 404 or 410.
 */
export const countPageViews = (options: CountPageViewsOptions = {}) => {
  const { record } = { record: recordPageView, ...options };
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    // A 304 is a view too: a browser back the next day revalidates the page it kept.
    if (c.req.method !== 'GET' || (c.res.status !== 200 && c.res.status !== 304) || !c.res.headers.has('X-Content-Version')) return;
    const property = propertyOfPath(c.req.path);
    if (!property || !isCountable(c.req.raw.headers)) return;
    later(c, record(c.env.DB, { propertyId: property.id, lang: property.lang, ip: c.req.header('CF-Connecting-IP') ?? 'local' }));
  });
};
