/**
 * /robots.txt: everything may be crawled except the owner portal and the forms'
 * thank-you pages (private or meaningless without a submission); names the sitemap.
 * The owner pages (portal, password forms) live below the login path, so the login page
 * itself is allowed (`$` anchors it) and everything below it is not.
 */
import { type PathTarget, type RoutingBundle } from '../../domain/bundles.ts';
import { pageKind } from '../../domain/page-kinds.ts';

/** Page kinds no crawler should fetch (their `private` fact). The login stays crawlable so its noindex is seen. */
const isPrivate = (target: PathTarget | undefined) => target !== undefined && pageKind(target.kind).private;

function parentOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length > 1 ? `/${parts.slice(0, -1).join('/')}/` : path;
}

/**
 * The Disallow paths: for each private page its parent folder when that folder is not a
 * page of its own (so '/fr/merci/' covers every thank-you page), else the page itself.
 * Why: short rules that keep working when a form is added, without hiding a real page.
 */
export function disallowedPaths(routing: RoutingBundle): string[] {
  const out = new Set<string>();
  const publicPaths = new Set(
    Object.entries(routing.paths)
      .filter(([, t]) => !isPrivate(t))
      .map(([p]) => p),
  );
  for (const [path, target] of Object.entries(routing.paths)) {
    if (!isPrivate(target)) continue;
    for (const candidate of [path, target.original]) {
      const parent = parentOf(candidate);
      const coversPublic = [...publicPaths].some((p) => p.startsWith(parent)) || Object.keys(routing.originals).some((o) => o.startsWith(parent) && !isPrivateOriginal(o, routing));
      out.add(coversPublic || parent === '/' ? candidate : parent);
    }
  }
  return [...out].sort();
}

function isPrivateOriginal(original: string, routing: RoutingBundle): boolean {
  const twin = Object.values(routing.originals[original] ?? {}).find((p) => typeof p === 'string');
  return twin !== undefined && isPrivate(routing.paths[twin]);
}

/** Login pages: crawlable themselves (their noindex must be read), private below. */
export function loginPaths(routing: RoutingBundle): string[] {
  return Object.entries(routing.paths)
    .filter(([, t]) => t.kind === 'login')
    .map(([p]) => p)
    .sort();
}

/** The robots.txt body for `origin`. */
export function robotsTxt(routing: RoutingBundle, origin: string): string {
  const logins = loginPaths(routing);
  const lines = ['User-agent: *', ...logins.map((p) => `Allow: ${p}$`), ...[...disallowedPaths(routing), ...logins].sort().map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return lines.join('\n');
}
