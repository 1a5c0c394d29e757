import { describe, expect, it } from 'vitest';
import { pullCatalogue } from './crm-pull.ts';

const feed =
  (status: number, body: string): ((input: string, init?: RequestInit) => Promise<Response>) =>
  async () =>
    new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

describe('crm:sync --pull', () => {
  it('reads the complete list through the adapter table', async () => {
    expect(await pullCatalogue({ CRM_ADAPTER: 'feed', CRM_FEED_URL: 'https://crm.test/export.json' }, feed(200, '[{"ID":1}]'))).toEqual({ ok: true, records: [{ ID: 1 }] });
  });

  it.each([
    ['no adapter', {}, feed(200, '[]'), /CRM_ADAPTER must be one of feed, omnicasa, whise/],
    ['an unknown adapter', { CRM_ADAPTER: 'apimo', CRM_FEED_URL: 'https://x' }, feed(200, '[]'), /one of/],
    ['no URL', { CRM_ADAPTER: 'feed' }, feed(200, '[]'), /CRM_FEED_URL/],
    ['an error answer', { CRM_ADAPTER: 'feed', CRM_FEED_URL: 'https://x' }, feed(500, 'down'), /could not be read: the feed answered 500/],
    ['no list', { CRM_ADAPTER: 'feed', CRM_FEED_URL: 'https://x' }, feed(200, '{}'), /no list of records/],
    ['a CRM that pushes by webhook', { CRM_ADAPTER: 'sweepbright', CRM_FEED_URL: 'https://x' }, feed(200, '[]'), /cannot be listed: it announces each listing by webhook/],
  ])('says why with %s', async (_what, source, fetcher, reason) => {
    const result = await pullCatalogue(source, fetcher);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
