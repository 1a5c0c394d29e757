import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { rateLimit } from './rate-limit.ts';
import type { AppEnv } from '../env.ts';

/** A limiter allowing `limit` requests per key, as the Workers binding does within its period. */
function limiter(limit: number): { binding: RateLimit; keys: string[] } {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  return {
    keys,
    binding: {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return { success: (counts.get(key) ?? 0) <= limit };
      },
    } as RateLimit,
  };
}

function appWith(options: Parameters<typeof rateLimit>[0]) {
  const app = new Hono<AppEnv>();
  app.use('*', rateLimit(options));
  app.get('*', (c) => c.text('ok'));
  return app;
}

const from = (ip: string) => ({ headers: { 'CF-Connecting-IP': ip } });

describe('rateLimit', () => {
  it('counts by the client’s edge address by default and answers a JSON 429 with Retry-After over the limit', async () => {
    const counter = limiter(2);
    const app = appWith({ limiter: () => counter.binding });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.request('/x', from('198.51.100.1'))).status);
    const refused = await app.request('/x', from('198.51.100.1'));
    expect(statuses).toEqual([200, 200, 429]);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(await refused.json()).toEqual({ error: 'TOO_MANY_REQUESTS' });
    expect((await app.request('/x', from('198.51.100.2'))).status).toBe(200);
  });

  it('uses the key and the answer it is given; a null key is not counted', async () => {
    const counter = limiter(1);
    const app = appWith({ limiter: () => counter.binding, key: (c) => (c.req.path === '/free' ? null : `page:${c.req.path}`), refuse: (c) => c.text('slow down', 429) });
    await app.request('/a');
    expect(await (await app.request('/a')).text()).toBe('slow down');
    expect((await app.request('/free')).status).toBe(200);
    expect((await app.request('/free')).status).toBe(200);
    expect(counter.keys).toEqual(['page:/a', 'page:/a']);
  });
});
