/**
 * The wrangler dev flags that give a local run its public origin. The worker answers only
 * for SITE_ORIGIN and builds every absolute URL from it; locally that is the loopback
 * address and port, and `localhost` on the same port is an alias sent there.
 */
export function localOriginVars(port: string | number): string[] {
  return ['--var', `SITE_ORIGIN:http://127.0.0.1:${port}`, '--var', `SITE_ALIASES:localhost:${port}`];
}
