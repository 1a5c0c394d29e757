/**
 * What a page address names, read from the routing alone: a menu page, a property or a
 * project by id, or something else (favourites, not found). The resolver and the page's
 * fingerprint read addresses the same way, so a kept page is keyed by the page it is.
 */
import type { PathTarget, RoutingBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';

export type PageAddress = { kind: 'menu'; target: PathTarget } | { kind: 'property'; id: number } | { kind: 'project'; id: number } | { kind: 'other' };

/** A property path: /{lang}/{sale or rent segment}/{town}/{type}/{id}/. */
export function matchPropertyPath(routing: RoutingBundle, lang: Lang, parts: string[]): number | null {
  if (parts.length !== 5 || parts[0] !== lang) return null;
  const segment = parts[1];
  if (segment !== routing.listSegments.sale[lang] && segment !== routing.listSegments.rent[lang]) return null;
  const id = Number(parts[4]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A project path: /{lang}/{projects segment}/{name}/{id}/. */
export function matchProjectPath(routing: RoutingBundle, lang: Lang, parts: string[]): number | null {
  if (parts.length !== 4 || parts[0] !== lang || parts[1] !== routing.projectSegments[lang]) return null;
  const id = Number(parts[3]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The menu page of a path in `lang` (the root is the language's home). */
export function menuTargetOf(routing: RoutingBundle, lang: Lang, pathname: string): PathTarget | null {
  const target = routing.paths[pathname === '/' ? `/${lang}/` : pathname];
  return target && target.lang === lang ? target : null;
}

export function matchPageAddress(routing: RoutingBundle, lang: Lang, pathname: string): PageAddress {
  const target = menuTargetOf(routing, lang, pathname);
  if (target) return { kind: 'menu', target };
  const parts = pathname.split('/').filter(Boolean);
  const property = matchPropertyPath(routing, lang, parts);
  if (property !== null) return { kind: 'property', id: property };
  const project = matchProjectPath(routing, lang, parts);
  if (project !== null) return { kind: 'project', id: project };
  return { kind: 'other' };
}
