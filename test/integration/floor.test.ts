import { describe, expect, it } from 'vitest';
import { request } from './support.ts';
import { clientAssets } from '../../worker/ssr/assets.ts';

describe('the floor page', () => {
  it('streams React and TanStack Router alone: its own script, the site’s stylesheet, a list page’s cards, never indexed or kept', async () => {
    const response = await request('/bench/floor/');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const nonce = /script-src 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? 'none';
    expect(html).toContain(`<script type="module" src="${clientAssets.floor}" async="" nonce="${nonce}">`);
    expect(html).not.toContain(clientAssets.js);
    expect(html).toContain(`href="${clientAssets.css}"`);
    expect(html.match(/<li class="card">/g)?.length).toBe(12);
  });
});
