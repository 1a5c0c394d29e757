import { readFileSync } from 'node:fs';

/**
 * The wrangler dev flags that give a local run its public origin. The worker answers only
 * for SITE_ORIGIN and builds every absolute URL from it; locally that is the loopback
 * address and port, and `localhost` on the same port is an alias sent there.
 */
export function localOriginVars(port: string | number): string[] {
  return ['--var', `SITE_ORIGIN:http://127.0.0.1:${port}`, '--var', `SITE_ALIASES:localhost:${port}`];
}

/** Where `npm start` notes the address it serves on, for operator commands run beside it. */
export const LOCAL_SITE_FILE = '.wrangler/vitrine-local-site';

/** The running local site: $PORT when set, else what npm start noted, else wrangler's 8787. */
export function localSite(port = process.env.PORT, read: (file: string) => string | null = readIfThere): string {
  if (port) return `http://127.0.0.1:${port}`;
  const noted = read(LOCAL_SITE_FILE)?.trim();
  return noted && /^http:\/\/127\.0\.0\.1:\d+$/.test(noted) ? noted : 'http://127.0.0.1:8787';
}

function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
