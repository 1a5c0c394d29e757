/**
 * A saved search in the words of its owner's language, for its mails and its manage page;
 * and the translator of a site bundle that those use.
 */
import type { RoutingBundle, SiteBundle } from '../../domain/bundles.ts';
import { createTranslator, type Translate } from '../../domain/i18n/translator.ts';
import { isLang } from '../../domain/lang.ts';
import { formatEuro } from '../../domain/rules/price.ts';
import type { AlertCriteria } from './criteria.ts';
import { slugify } from '../../domain/rules/slug.ts';

/**
 * "À vendre · Maisons · Namur · jusqu’à € 300.000 · 3+ chambres": a saved search in words, from values the catalogue knows only: its list, a category's
 * name, a town as the listings name it, prices and bedrooms the site formats. A town the
 * catalogue does not have, and free text, are left out: the description reaches mails the
 * agency sends to whatever address was typed, and a visitor's words (a domain name, a
 * phrase) must not read as the agency's.
 */
export function describeAlert(criteria: AlertCriteria, site: SiteBundle, routing: RoutingBundle, t: Translate, places: ReadonlyMap<string, string>): string {
  const list =
    Object.values(routing.paths)
      .find((p) => p.kind === criteria.kind && p.lang === site.lang)
      ?.breadcrumb.at(-1)?.label ?? t(criteria.kind === 'list-rent' ? 'FOR_RENT' : 'FOR_SALE');
  const s = criteria.search;
  const parts = [
    list,
    s.type ? (site.categories.find((c) => c.webId === s.type)?.name ?? null) : null,
    s.city ? (places.get(s.city) ?? places.get(slugify(s.city)) ?? null) : null,
    s.q ? (places.get(s.q.trim()) ?? places.get(slugify(s.q)) ?? null) : null,
    s.min !== undefined ? t('ALERT_PRICE_MIN', { amount: formatEuro(s.min) }) : null,
    s.max !== undefined ? t('ALERT_PRICE_MAX', { amount: formatEuro(s.max) }) : null,
    s.beds ? t('ALERT_BEDS', { count: s.beds }) : null,
    s.bbox ? t('ALERT_MAP_AREA') : null,
  ];
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ');
}

export function translatorFor(site: SiteBundle): Translate {
  return createTranslator(isLang(site.lang) ? site.lang : 'fr', site.dict).t;
}
