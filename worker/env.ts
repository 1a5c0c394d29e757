import type { QueueBindings } from './queues/messages.ts';

/** The bindings as the worker uses them: the generated `Env`, its queues typed by what they carry. */
export type Bindings = Omit<Env, keyof QueueBindings> &
  QueueBindings & {
    /** The platform's key that seals each agency's CRM credentials in the platform table (a secret; unset, guests have no CRM pull). */
    PLATFORM_KEY?: string;
  };

/** Per-request values the middleware set: the CSP nonce of this response. */
export interface RequestVariables {
  nonce: string;
}

/** Hono generics shared by every sub-app: generated bindings plus per-request values. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: RequestVariables;
}
