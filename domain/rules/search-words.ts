/**
 * A list's search in words: what a saved search names on the list, on its confirmation
 * pages and in its mails, so a visitor knows exactly what they asked for. Type and place
 * names come from the catalogue (`names`); a value the catalogue does not know is left out
 * of mails, where a visitor's words must not read as the agency's.
 */
import type { Translate } from '../i18n/translator.ts';
import { FEATURES, isMunicipalityKey, placesOf, type ListSearch } from '../search.ts';
import { formatEuro } from './price.ts';
import { durationWords } from './travel-words.ts';

export const FEATURE_LABELS: Record<(typeof FEATURES)[number], string> = { garden: 'FEATURE_GARDEN', parking: 'FEATURE_PARKING', terrace: 'FEATURE_TERRACE', new: 'FEATURE_NEW' };

export interface SearchNames {
  type: (value: string) => string | null;
  place: (value: string) => string | null;
  /** The visitor's own words (`q`): shown back on their page, never put in a mail. */
  freeText: boolean;
  /** Abroad, sales and rents are two lists: the words say which. */
  abroad: boolean;
  /** A hub of the site's travel times by its id (the site's first when the search names none). */
  hub?: (value: string | undefined) => string | null;
}

/** A place of `?city=` in words: a town, a postcode's towns, or a whole municipality. */
export function placeInWords(value: string, names: Pick<SearchNames, 'place'>, t: Translate): string | null {
  const name = names.place(value);
  if (name === null) return null;
  return isMunicipalityKey(value) ? t('CITY_ALL_SECTIONS', { name }) : name;
}

export function searchInWords(s: ListSearch, names: SearchNames, t: Translate): string[] {
  const words: (string | null)[] = [];
  if (names.abroad) words.push(t(s.goal === 'rent' ? 'FOR_RENT' : 'FOR_SALE'));
  if (s.type) words.push(names.type(s.type));
  if (s.city) {
    const places = placesOf(s.city).map((place) => placeInWords(place, names, t));
    words.push(places.filter((p) => p !== null).join(', ') || null);
  }
  if (s.q && names.freeText) words.push(`« ${s.q} »`);
  if (s.min !== undefined) words.push(t('ALERT_PRICE_MIN', { amount: formatEuro(s.min) }));
  if (s.max !== undefined) words.push(t('ALERT_PRICE_MAX', { amount: formatEuro(s.max) }));
  if (s.beds) words.push(t('ALERT_BEDS', { count: s.beds }));
  if (s.area !== undefined) words.push(`${t('AREA_MIN')} ${s.area} m²`);
  if (s.land !== undefined) words.push(`${t('LAND_MIN')} ${s.land} m²`);
  if (s.epc) words.push(`${t('EPC_LABEL')} ${t('EPC_AT_LEAST', { label: s.epc.toUpperCase() })}`);
  for (const f of FEATURES) if (s[f] === 1) words.push(t(FEATURE_LABELS[f]));
  if (s.noflood === 1) words.push(t('FLOOD_FILTER'));
  if (s.near) {
    const place = names.place(s.near);
    if (place !== null) words.push(t('NEAR_WITHIN', { km: s.km ?? 5, place }));
  }
  if (s.mins !== undefined) {
    const hub = names.hub?.(s.hub) ?? null;
    if (hub !== null) words.push(t('TRAVEL_AT_MOST', { hub, duration: durationWords(s.mins, t) }));
  }
  if (s.bbox) words.push(t('ALERT_MAP_AREA'));
  return words.filter((w): w is string => w !== null && w !== '');
}
