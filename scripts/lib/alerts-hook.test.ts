import { describe, expect, it } from 'vitest';
import { askForAlerts } from './alerts-hook.ts';

describe('askForAlerts', () => {
  it('posts to /alerts/run with the bearer secret and reads how many mails were queued', async () => {
    const seen: { url: string; auth: string | null; method: string | undefined }[] = [];
    const fetcher = (async (url: URL, init?: RequestInit) => {
      seen.push({ url: String(url), auth: new Headers(init?.headers).get('Authorization'), method: init?.method });
      return Response.json({ queued: 3 });
    }) as unknown as typeof fetch;
    expect(await askForAlerts('http://127.0.0.1:8787', 'secret-token', fetcher)).toEqual({ ok: true, queued: 3 });
    expect(seen).toEqual([{ url: 'http://127.0.0.1:8787/alerts/run', auth: 'Bearer secret-token', method: 'POST' }]);
  });

  it.each([
    ['a refusal', (async () => new Response('{}', { status: 403 })) as unknown as typeof fetch, 'answered 403'],
    ['no answer', (async () => Promise.reject(new Error('ECONNREFUSED'))) as unknown as typeof fetch, 'did not answer (ECONNREFUSED)'],
  ])('says why on %s', async (_what, fetcher, why) => {
    const result = await askForAlerts('http://127.0.0.1:8787', 't', fetcher);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.why).toContain(why);
  });
});
