import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The notification consumer's retry policy lives in wrangler.toml; the worker only retries. */
describe('wrangler.toml: the notify queue', () => {
  const toml = readFileSync('wrangler.toml', 'utf8');
  const consumer = /\[\[queues\.consumers\]\]([\s\S]*?)(?=\n\[|$)/.exec(toml)?.[1] ?? '';

  it('retries a failed e-mail several times, then keeps it in a dead-letter queue', () => {
    expect(consumer).toMatch(/queue = "vitrine-notify"/);
    expect(Number(/max_retries = (\d+)/.exec(consumer)?.[1])).toBeGreaterThanOrEqual(3);
    expect(consumer).toMatch(/dead_letter_queue = "vitrine-notify-dlq"/);
  });

  it('has the rate limits the worker calls', () => {
    for (const name of ['FORM_LIMITER', 'LOGIN_LIMITER', 'API_LIMITER']) expect(toml).toContain(`name = "${name}"`);
  });
});
