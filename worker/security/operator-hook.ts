/**
 * The operator's hooks (match alerts now, sweep the outbox now) answer only the bearer of
 * the publish hook's secret, compared in constant time; without a secret of 16 characters
 * or more configured, they answer no one.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { sameSecret } from './secrets.ts';

export const operatorHook = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const secret = c.env.PUBLISH_HOOK_TOKEN ?? '';
    const given = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
    if (secret.length < 16 || !(await sameSecret(given, secret))) return c.json({ error: 'forbidden' }, 403);
    await next();
  });
