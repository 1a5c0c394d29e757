import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './retry-policy.ts';

/** The notification consumer's retry policy lives in wrangler.toml; the worker only retries. */
describe('wrangler.toml: the notify queue', () => {
  const toml = readFileSync('wrangler.toml', 'utf8');
  const consumer = /\[\[queues\.consumers\]\]([\s\S]*?)(?=\n\[|$)/.exec(toml)?.[1] ?? '';

  it('retries a failed e-mail for over an hour, then keeps it in a dead-letter queue that has its own consumer', () => {
    expect(consumer).toMatch(/queue = "vitrine-notify"/);
    const tries = Number(/max_retries = (\d+)/.exec(consumer)?.[1]);
    const waited = Array.from({ length: tries }, (_, i) => retryDelaySeconds(i + 1)).reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThan(3600);
    expect(consumer).toMatch(/dead_letter_queue = "vitrine-notify-dlq"/);
    expect(toml).toMatch(/\[\[queues\.consumers\]\]\s*\nqueue = "vitrine-notify-dlq"/);
  });

  it('has the rate limits the worker calls', () => {
    for (const name of ['FORM_LIMITER', 'LOGIN_LIMITER', 'API_LIMITER']) expect(toml).toContain(`name = "${name}"`);
  });
});

describe('retryDelaySeconds', () => {
  it.each([
    [1, 20],
    [2, 40],
    [3, 80],
    [4, 160],
    [5, 320],
    [6, 640],
    [7, 900],
    [10, 900],
  ])('after delivery %i the next try waits %i s', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});
