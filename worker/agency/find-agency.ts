import type { AgencyRow, PlatformTable } from './platform-table.ts';

/** Whose site a request is for, decided from its URL's host and the platform table alone. */
export type AgencyMatch =
  /** The deployment's own agency (SITE_ORIGIN and SITE_ALIASES), or any host when there is no table. */
  | { kind: 'home' }
  | { kind: 'guest'; agency: AgencyRow; origin: string; aliases: string[] }
  /** An alias of a guest agency: the same path on its own origin. */
  | { kind: 'alias'; location: string }
  /** No agency answers for this host: the platform's plain 404, nothing rendered, cached or mailed. */
  | { kind: 'unknown' };

/**
 * A guest agency's origin: its hostname with the scheme and port of the home origin, so a
 * local run (`http://127.0.0.1:8787`) serves `http://agence-b.localhost:8787` and a deployment
 * (`https://www.home.be`) serves `https://www.agence-b.be`.
 */
export function guestOrigin(homeOrigin: string, hostname: string): string {
  const home = new URL(homeOrigin);
  return `${home.protocol}//${hostname}${home.port ? `:${home.port}` : ''}`;
}

/**
 * The agency a URL is for. The home agency keeps its own host checks (site-host.ts), so a
 * deployment without a table answers exactly as before; with a table, a host that is
 * neither home nor a listed agency is unknown.
 */
export function findAgency(table: PlatformTable | null, homeOrigin: string, homeAliases: string[], url: URL): AgencyMatch {
  if (!table || isHomeHost(homeOrigin, homeAliases, url)) return { kind: 'home' };
  const host = url.host.toLowerCase();
  for (const agency of table.agencies) {
    const origin = guestOrigin(homeOrigin, agency.hostname);
    const aliases = agency.aliases.map((alias) => new URL(guestOrigin(homeOrigin, alias)).host);
    if (host === new URL(origin).host) return { kind: 'guest', agency, origin, aliases };
    if (aliases.includes(host)) return { kind: 'alias', location: `${origin}${url.pathname}${url.search}` };
  }
  return { kind: 'unknown' };
}

/** True for the deployment's own host or one of its aliases: no table is needed to serve it. */
export function isHomeHost(homeOrigin: string, homeAliases: string[], url: URL): boolean {
  const host = url.host.toLowerCase();
  return host === new URL(homeOrigin).host || homeAliases.includes(host);
}
