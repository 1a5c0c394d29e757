/**
 * The site's one public origin. Every absolute URL the worker writes (mails, canonical
 * links, sitemaps, JSON-LD, reset links) comes from SITE_ORIGIN, never from the request:
 * a Host header is whatever the client or a proxy passing it through says it is.
 */

/** Thrown when the deployment has no usable SITE_ORIGIN: the worker refuses to start. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** SITE_ORIGIN as a bare origin (`https://www.example.be`), or a ConfigurationError saying what to set. */
export function siteOrigin(env: { SITE_ORIGIN?: string }): string {
  const raw = (env.SITE_ORIGIN ?? '').trim();
  if (raw === '') throw new ConfigurationError('SITE_ORIGIN is not set: put the public origin (https://www.example.be) in [vars] of wrangler.toml; `npm start` sets it for local runs.');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(`SITE_ORIGIN is not a URL: ${JSON.stringify(raw)}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw.replace(/\/$/, '')) {
    throw new ConfigurationError(`SITE_ORIGIN must be an origin alone, like https://www.example.be (got ${JSON.stringify(raw)})`);
  }
  return url.origin;
}

/** Hosts that are the site under another name (the bare domain, a local alias): redirected to SITE_ORIGIN. */
export function siteAliases(env: { SITE_ALIASES?: string }): string[] {
  return (env.SITE_ALIASES ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}
