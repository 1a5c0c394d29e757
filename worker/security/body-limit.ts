/**
 * Every body is bounded before it is read. A route that reads a body it then refuses (an
 * unknown alert token, a page view of 80 MB) would otherwise hold the whole of it in the
 * isolate's memory first. Routes with their own, larger limit (forms with files) are named
 * in `exempt`; hono's bodyLimit counts Content-Length and, without it, the bytes streamed.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env.ts';
import { refusal } from '../pages/message-page.tsx';

export interface BoundedBodyOptions {
  maxSize?: number;
  /** Paths that set their own limit before their body is read. */
  exempt?: (path: string) => boolean;
}

export function boundedBody(options: BoundedBodyOptions = {}): MiddlewareHandler<AppEnv> {
  const { maxSize, exempt } = { maxSize: 64 * 1024, exempt: () => false, ...options };
  const limit = bodyLimit({ maxSize, onError: (c) => refusal(c, 413, 'BODY_TOO_LARGE', 'REQUEST_TOO_LONG') });
  return async (c, next) => (exempt(c.req.path) ? next() : limit(c, next));
}
