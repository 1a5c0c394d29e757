import type { SecurityVariables } from './security/headers.ts';

/** Hono generics shared by every sub-app: generated bindings plus per-request values. */
export interface AppEnv {
  Bindings: Env;
  Variables: SecurityVariables;
}
