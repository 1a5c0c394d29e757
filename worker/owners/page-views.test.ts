import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { countPageViews } from './page-views.ts';

const PERSON = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
const PROPERTY = '/fr/a-vendre/namur/maison/2074/';

/** The middleware in front of pages that answer as the site does; what it records is kept. */
function site(status: number, versioned = true) {
  const recorded: { propertyId: number; lang: string; ip: string }[] = [];
  const app = new Hono<AppEnv>();
  app.use('*', countPageViews({ record: async (_db, view) => (recorded.push(view), true) }));
  app.get('*', () => new Response(status === 304 ? null : 'page', { status, headers: versioned ? { 'X-Content-Version': 'v1' } : {} }));
  app.post('*', (c) => c.body('page', 200, { 'X-Content-Version': 'v1' }));
  return { app, recorded };
}

const visit = (app: Hono<AppEnv>, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(`https://site.test${path}`, { method, headers: { 'User-Agent': PERSON, 'CF-Connecting-IP': '203.0.113.9', ...headers } }, { DB: {} });

describe('countPageViews', () => {
  it('records a person reading a property page, with its language and address', async () => {
    const { app, recorded } = site(200);
    await visit(app, PROPERTY);
    expect(recorded).toEqual([{ propertyId: 2074, lang: 'fr', ip: '203.0.113.9' }]);
  });

  it.each([
    ['a kept copy revalidated (304)', 304, {}, PROPERTY, 'GET', true],
    ['a withdrawn property (410)', 410, {}, PROPERTY, 'GET', false],
    ['a missing page (404)', 404, {}, PROPERTY, 'GET', false],
    ['a list page', 200, {}, '/fr/a-vendre/', 'GET', false],
    ['a crawler', 200, { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, PROPERTY, 'GET', false],
    ['a prefetch', 200, { 'Sec-Purpose': 'prefetch' }, PROPERTY, 'GET', false],
    ['a form posted on the page', 200, {}, PROPERTY, 'POST', false],
  ] as const)('%s counted: %s', async (_what, status, headers, path, method, counted) => {
    const { app, recorded } = site(status);
    await visit(app, path, headers, method);
    expect(recorded.length).toBe(counted ? 1 : 0);
  });

  it('leaves out an answer the site did not render from its content', async () => {
    const { app, recorded } = site(200, false);
    await visit(app, PROPERTY);
    expect(recorded).toEqual([]);
  });
});
