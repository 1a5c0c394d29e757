/**
 * No body is read past its bound: a stream that would be 80 MB is cut off after the limit,
 * on every route that reads a body, and the alert management path counts its posts before
 * it looks up a token. Through the real worker.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/index.ts';
import { publish } from './support.ts';

const ORIGIN = 'https://vitrine.test';
const CHUNK = 64 * 1024;

/** A body that would stream `total` bytes, counting what the worker actually pulled. */
function hugeBody(total: number) {
  const pulled = { bytes: 0 };
  const chunk = new Uint8Array(CHUNK).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      pulled.bytes += CHUNK;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'User-Agent': 'Mozilla/5.0 Chrome/141', 'CF-Connecting-IP': '198.51.100.77', ...headers },
  };
  const response = await app.request(`${ORIGIN}${path}`, init, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

beforeAll(async () => {
  await publish();
});

describe('bodies bounded before they are read', () => {
  it.each([
    ['a page view', '/api/visits', 'text/plain'],
    ['an alert change with any token', `/alerts/manage/${'ab'.repeat(32)}/`, 'application/x-www-form-urlencoded'],
    ['an owner login', '/fr/login/', 'application/x-www-form-urlencoded'],
    ['a visit cancellation', `/visits/${'cd'.repeat(32)}/cancel/`, 'application/x-www-form-urlencoded'],
    ['a newsletter confirmation', `/newsletter/confirm/${'ef'.repeat(32)}/`, 'application/x-www-form-urlencoded'],
  ])('%s streaming 80 MB is refused after the limit', async (_what, path, type) => {
    const { stream, pulled } = hugeBody(80 * 1024 * 1024);
    const response = await post(path, stream, { 'Content-Type': type, 'CF-Connecting-IP': `198.51.100.${path.length}` });
    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(4 * CHUNK);
  });

  it('a body that announces its size over the limit is refused without a byte read', async () => {
    const { stream, pulled } = hugeBody(80 * 1024 * 1024);
    const response = await post('/api/visits', stream, { 'Content-Type': 'text/plain', 'Content-Length': String(80 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(CHUNK);
  });

  it('a small page view still counts (the control)', async () => {
    const response = await post('/api/visits', '/fr/a-vendre/ciney/maison/2071/', { 'Content-Type': 'text/plain' });
    expect(response.status).toBe(204);
  });
});

describe('the alert management path', () => {
  it('counts posts per address before any token is looked up: the eleventh in a minute is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await post(`/alerts/manage/${'0f'.repeat(32)}/`, 'alert=all&action=delete', { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '198.51.100.200' });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
