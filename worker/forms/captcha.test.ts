import { describe, expect, it } from 'vitest';
import { verifyCaptcha } from './captcha.ts';

const answer =
  (body: unknown, status = 200): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status });

describe('verifyCaptcha (Turnstile siteverify mocked)', () => {
  it.each([
    ['no secret: captcha is off', undefined, 'tok', answer({ success: false }), 'ok'],
    ['a good token', 'secret', 'tok', answer({ success: true }), 'ok'],
    ['a rejected token', 'secret', 'tok', answer({ success: false }), 'invalid'],
    ['no token', 'secret', '', answer({ success: true }), 'missing'],
    ['a token that is not text', 'secret', 42, answer({ success: true }), 'missing'],
    ['siteverify answers 500: fail closed', 'secret', 'tok', answer({ success: true }, 500), 'invalid'],
    ['siteverify answers garbage: fail closed', 'secret', 'tok', async () => new Response('<html>'), 'invalid'],
    ['siteverify unreachable: fail closed', 'secret', 'tok', async () => Promise.reject(new TypeError('network')), 'invalid'],
  ] as const)('%s', async (_, secret, token, fetcher, expected) => {
    expect(await verifyCaptcha(secret, token, '192.0.2.1', fetcher)).toBe(expected);
  });

  it('fails closed when siteverify is too slow', async () => {
    const slow: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError'))));
    expect(await verifyCaptcha('secret', 'tok', '192.0.2.1', slow)).toBe('invalid');
  }, 10_000);
});
