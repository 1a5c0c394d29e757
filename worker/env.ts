/** Per-request values the middleware set: the CSP nonce of this response. */
export interface RequestVariables {
  nonce: string;
}

/** Hono generics shared by every sub-app: generated bindings plus per-request values. */
export interface AppEnv {
  Bindings: Env;
  Variables: RequestVariables;
}
