/**
 * The alerts a form asks for: "alert me" on a list page saves that list's search; the
 * demand register ("keep me informed") saves one per property type it names, on the sale
 * or rent list, with its price and bedroom bounds. All pending until the address confirms.
 */
import { type RoutingBundle } from '../../domain/bundles.ts';
import { listKindOf } from '../../domain/page-kinds.ts';
import type { AlertFrequency } from '../../domain/forms/schemas.ts';
import type { Lang } from '../../domain/lang.ts';
import { listHref } from '../../domain/search.ts';
import { criteriaOfList, type AlertCriteria } from './criteria.ts';
import { requestAlert } from './store.ts';
import { randomHex } from '../security/secrets.ts';

export interface AskedAlert {
  criteria: AlertCriteria;
  url: string;
  frequency: AlertFrequency;
}

/** The alert "alert me" asks for: the search of a list page of this site, in the page's language; [] when it names none. */
export function searchAlerts(fields: Record<string, unknown>, routing: RoutingBundle, lang: Lang): AskedAlert[] {
  const saved = typeof fields.list === 'string' ? criteriaOfList(fields.list, routing) : null;
  if (!saved || saved.lang !== lang) return [];
  const frequency = fields.frequency === 'daily' || fields.frequency === 'weekly' ? fields.frequency : 'instant';
  return [{ criteria: saved.criteria, url: saved.url, frequency }];
}

/** The alerts "keep me informed" asks for: one per property type, on the sale or rent list, with its bounds; [] when the site has no such list. */
export function demandAlerts(fields: Record<string, unknown>, routing: RoutingBundle, lang: Lang): AskedAlert[] {
  const kind = listKindOf(fields.goal === 'rent' ? 'rent' : 'sale');
  const path = Object.entries(routing.paths).find(([, t]) => t.kind === kind && t.lang === lang)?.[0];
  if (!path) return [];
  // The same type twice is one alert.
  const types = Array.isArray(fields.types) ? [...new Set(fields.types.filter((t): t is string => typeof t === 'string'))] : [];
  const bound = (v: unknown) => (typeof v === 'number' && v > 0 ? v : undefined);
  return (types.length ? types : [undefined]).map((type) => {
    const search = Object.fromEntries(
      Object.entries({ type, min: bound(fields.minPrice), max: bound(fields.maxPrice), beds: bound(fields.minBedrooms) }).filter(([, v]) => v !== undefined),
    ) as AlertCriteria['search'];
    return { criteria: { kind, search }, url: listHref(path, search), frequency: 'instant' as const };
  });
}

/** Stores the asked alerts as pending, under one confirmation. */
export async function saveAskedAlerts(db: D1Database, email: string, lang: Lang, asked: AskedAlert[], consentText: string): Promise<void> {
  const token = randomHex(32);
  for (const alert of asked) await requestAlert(db, { email, lang, criteria: alert.criteria, url: alert.url, frequency: alert.frequency, consentText }, new Date(), token);
}
