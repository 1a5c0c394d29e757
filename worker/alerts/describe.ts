/**
 * A saved search in the words of its owner's language, for its mails and its manage page;
 * and the translator of a site bundle that those use.
 */
import { type RoutingBundle, type SiteBundle } from '../../domain/bundles.ts';
import { listGoalOf } from '../../domain/page-kinds.ts';
import { createTranslator, type Translate } from '../../domain/i18n/translator.ts';
import { isLang } from '../../domain/lang.ts';
import { searchInWords } from '../../domain/rules/search-words.ts';
import type { AlertCriteria } from './criteria.ts';
import { slugify } from '../../domain/rules/slug.ts';

/**
 * "À vendre · Maisons · Namur (toute la commune) · jusqu’à € 300.000 · 3+ chambres": a saved
 * search in words, from values the catalogue knows only: its list, a category's name, places
 * as the listings name them, figures the site formats. A place the catalogue does not have,
 * and free text, are left out: the description reaches mails the agency sends to whatever
 * address was typed, and a visitor's words (a domain name, a phrase) must not read as the agency's.
 */
export function describeAlert(criteria: AlertCriteria, site: SiteBundle, routing: RoutingBundle, t: Translate, places: ReadonlyMap<string, string>): string {
  const list =
    Object.values(routing.paths)
      .find((p) => p.kind === criteria.kind && p.lang === site.lang)
      ?.breadcrumb.at(-1)?.label ?? t(listGoalOf(criteria.kind) === 'rent' ? 'FOR_RENT' : 'FOR_SALE');
  const s = criteria.search;
  const abroad = listGoalOf(criteria.kind) === 'abroad';
  const place = (value: string) => places.get(value) ?? places.get(slugify(value)) ?? null;
  // A hub by the name the site gives it in this language (the site's first when the search names none).
  const hub = (value: string | undefined) => (site.transit?.hubs.find((h) => h.id === value) ?? site.transit?.hubs[0])?.name ?? null;
  const words = searchInWords(s, { type: (value) => site.categories.find((c) => c.webId === value)?.name ?? null, place, freeText: false, abroad, hub }, t);
  // A town typed in the search box is named when the catalogue has it: the list's own name for it.
  const typedPlace = s.q ? (places.get(s.q.trim()) ?? places.get(slugify(s.q))) : undefined;
  return [list, ...words.slice(0, abroad ? 1 : 0), ...(typedPlace ? [typedPlace] : []), ...words.slice(abroad ? 1 : 0)].join(' · ');
}
export function translatorFor(site: SiteBundle): Translate {
  return createTranslator(isLang(site.lang) ? site.lang : 'fr', site.dict).t;
}
