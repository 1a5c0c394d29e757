import type { CardView, RoutingBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';

/**
 * Where an original (un-localized) path — `/For-sale/`, `/property/{id}/`, `/contact-demand/` — lives in `lang`, or null.
 * '/property/{id}/' needs the listing; the bare for-sale and for-rent paths also match
 * on their last segment.
 */
export function localizedTwinOf(pathname: string, lang: Lang, routing: RoutingBundle, listing: CardView[] | null): string | null {
  const lower = pathname.toLowerCase();
  const direct = routing.originals[lower];
  if (direct) return direct[lang] ?? direct[routing.defaultLang] ?? null;
  const property = /^\/property\/(\d{1,12})\/$/.exec(lower);
  if (property && listing) {
    const id = Number(property[1]);
    return listing.find((c) => c.id === id)?.path ?? null;
  }
  const last = lower.split('/').filter(Boolean).at(-1);
  if (last === 'for-sale' || last === 'for-rent') {
    const twin = routing.originals[`/${last}/`];
    if (twin) return twin[lang] ?? null;
  }
  return null;
}

/** True when `pathname` looks like an original path this module may redirect. */
export function isOriginalPathCandidate(pathname: string, routing: RoutingBundle): boolean {
  const first = pathname.split('/')[1] ?? '';
  return !routing.languages.some((l) => l === first);
}

/**
 * Property URLs are keyed by the CRM id: /{lang}/{sale|rent}/{town}/{type}/{id}/. When the
 * CRM changes the town, the type or the goal, the old URL is still this property: the
 * current path, for a 301, or null when the path is already it or names no listed property.
 */
export async function movedPropertyPath(pathname: string, lang: Lang, routing: RoutingBundle, pathOf: (id: number) => Promise<string | null>): Promise<string | null> {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length !== 5 || parts[0] !== lang) return null;
  if (parts[1] !== routing.listSegments.sale[lang] && parts[1] !== routing.listSegments.rent[lang]) return null;
  const id = Number(parts[4]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const current = await pathOf(id);
  return current && current !== pathname ? current : null;
}
