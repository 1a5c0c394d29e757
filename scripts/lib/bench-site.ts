/**
 * The site as the benches run it in Miniflare: the built worker, its bindings with bench
 * secrets, the client build as its assets, and rate limits far above any bench's own rate
 * (they measure rendering, not the limiter). Each bench adds its name, routes and KV.
 */
export function benchSite(scriptPath: string, compatibilityDate: string, origin: string) {
  return {
    modules: true,
    scriptPath,
    compatibilityDate,
    compatibilityFlags: ['nodejs_compat'],
    r2Buckets: ['FILES'],
    d1Databases: ['DB'],
    ratelimits: Object.fromEntries(['FORM_LIMITER', 'LOGIN_LIMITER', 'API_LIMITER'].map((name) => [name, { namespace_id: name, simple: { limit: 1_000_000, period: 60 as const } }])),
    bindings: {
      SITE_ORIGIN: origin,
      TURNSTILE_SITE_KEY: '',
      TOKEN_KEY: 'bench',
      PASSWORD_PEPPER: 'bench',
      TURNSTILE_SECRET: '',
      AGENCY_INBOX: 'x@example.be',
      MAIL_FROM: 'y@example.be',
    },
    assets: { directory: 'dist/client', binding: 'ASSETS', routerConfig: { has_user_worker: true } },
  };
}
