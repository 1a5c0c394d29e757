import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { sameOriginOnly } from './same-origin.ts';

const app = new Hono();
app.on('POST', '*', sameOriginOnly({ refuse: (c) => c.text('cross-site', 403), exempt: (path) => path.startsWith('/hook/') }));
app.post('*', (c) => c.text('done'));

const post = (path: string, headers: Record<string, string>) => app.request(`https://site.test${path}`, { method: 'POST', headers });

describe('sameOriginOnly', () => {
  it.each([
    ['the site’s own page (Origin and Sec-Fetch-Site)', '/forms/x', { Origin: 'https://site.test', 'Sec-Fetch-Site': 'same-origin' }, 200],
    ['an old browser with the site’s Origin only', '/forms/x', { Origin: 'https://site.test' }, 200],
    ['another site’s Origin', '/forms/x', { Origin: 'https://evil.example' }, 403],
    ['a cross-site fetch with the right Origin forged', '/forms/x', { Origin: 'https://site.test', 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['no Origin and no Sec-Fetch-Site', '/forms/x', {}, 403],
    ['an exempt path from elsewhere', '/hook/run', { Origin: 'https://evil.example' }, 200],
  ])('%s → %i', async (_what, path, headers, status) => {
    expect((await post(path, headers)).status).toBe(status);
  });

  it('exempts nothing by default', async () => {
    const strict = new Hono();
    strict.on('POST', '*', sameOriginOnly({ refuse: (c) => c.text('no', 403) }));
    strict.post('*', (c) => c.text('done'));
    expect((await strict.request('https://site.test/hook/run', { method: 'POST', headers: { Origin: 'https://evil.example' } })).status).toBe(403);
  });
});
