import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { siteHostOnly } from './site-host.ts';

const app = new Hono<{ Bindings: { SITE_ORIGIN?: string; SITE_ALIASES?: string } }>();
app.use('*', siteHostOnly());
app.all('*', (c) => c.text('page'));
const env = { SITE_ORIGIN: 'https://www.agency.test', SITE_ALIASES: 'agency.test' };

describe('siteHostOnly', () => {
  it.each([
    ['the site’s host', 'GET', 'https://www.agency.test/fr/', 200, null],
    ['another host', 'GET', 'https://attacker.example/fr/', 421, null],
    ['another host posting', 'POST', 'https://attacker.example/fr/login/', 421, null],
    ['an alias: sent to the same path on the site', 'GET', 'https://agency.test/fr/?x=1', 308, 'https://www.agency.test/fr/?x=1'],
    ['an alias posting: no redirect of a body', 'POST', 'https://agency.test/forms/x', 421, null],
  ])('%s', async (_what, method, url, status, location) => {
    const response = await app.request(url, { method }, env);
    expect([response.status, response.headers.get('Location')]).toEqual([status, location]);
    if (status === 421) expect(await response.text()).not.toContain('page');
  });
});
