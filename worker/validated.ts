/**
 * Every input a route reads (path, query, form or JSON body) passes through `zValidator`
 * first, and the handler reads only `c.req.valid(target)`. This binds the refusal to the
 * app's own context, so a refusal can answer as the route does (a localized page or
 * JSON): Hono cannot infer the app's bindings in a hook written apart from its route.
 */
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { zValidator, type Hook } from '@hono/zod-validator';
import type * as z from 'zod/mini';
import type { AppEnv } from './env.ts';
import { refusal } from './pages/message-page.tsx';

export type Refuse = (c: Context<AppEnv>, issues: readonly z.core.$ZodIssue[], posted: unknown) => Response | Promise<Response>;

export function validated<Target extends keyof ValidationTargets, Schema extends z.core.$ZodType>(target: Target, schema: Schema, refuse: Refuse) {
  return zValidator<Schema, Target, AppEnv, string, Hook<z.infer<Schema>, AppEnv, string, Target, object, Schema>>(target, schema, (result, c) =>
    result.success ? undefined : refuse(c, result.error.issues, result.data),
  );
}

/**
 * The same check, and the answer in one place: `accept` gets the typed output. For routes
 * chosen at request time (the owner forms below content-defined paths), where a route's
 * own `c.req.valid()` cannot carry the schema's type.
 */
export function validatedThen<Target extends keyof ValidationTargets, Schema extends z.core.$ZodType>(
  target: Target,
  schema: Schema,
  refuse: Refuse,
  accept: (c: Context<AppEnv>, valid: z.infer<Schema>) => Response | Promise<Response>,
) {
  return zValidator<Schema, Target, AppEnv, string, Hook<z.infer<Schema>, AppEnv, string, Target, object, Schema>>(target, schema, (result, c) =>
    result.success ? accept(c, result.data) : refuse(c, result.error.issues, result.data),
  );
}

/**
 * Forms post as forms (url-encoded, or multipart with files), with JavaScript or without;
 * any other body is refused unread, with the reason, before a validator would parse it.
 */
export const formBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = (c.req.header('Content-Type') ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded' || (type === 'multipart/form-data' && /boundary=/i.test(c.req.header('Content-Type') ?? ''))) return await next();
  return await refusal(c, 415, 'REQUEST_NOT_A_FORM');
};
