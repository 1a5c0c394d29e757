import { isLang, type Lang } from '../lang.ts';
import { goalOf, type Goal } from './goal.ts';

/** Letters that NFD does not decompose into a base letter plus marks (Œudeghien, Straße, IJzer). */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ĳ: 'ij',
  ı: 'i',
};

/**
 * Builds a URL slug from names: 'Braine-l’Alleud', 'Villa' → 'braine-l-alleud-villa'.
 * Why: article, category and property paths must be stable, readable ASCII.
 * Names are joined with spaces, accents stripped (NFD, combining marks removed), a few ligatures spelled
 * out, lowercased. Every run of other characters (spaces, punctuation, symbols, emoji) becomes ONE hyphen
 * rather than nothing, so 'Sint-Niklaas' stays 'sint-niklaas' and '2+1' does not become '21'.
 * null, undefined and non-finite numbers are skipped; the result has no leading or trailing hyphen.
 */
export function slugify(...names: ReadonlyArray<string | number | null | undefined>): string {
  return names
    .filter((name) => typeof name === 'string' || (typeof name === 'number' && Number.isFinite(name)))
    .map(String)
    .join(' ')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłþĳı]/g, (letter) => TRANSLITERATION[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Joins path segments into '/a/b/', always with a trailing slash.
 * Why: every site path ends in a slash; one builder avoids '//' and missing slashes.
 * Segments are trimmed and split on '/', empty ones are dropped; no segments give '/'. No encoding: pass slugs.
 */
export function toPath(...segments: ReadonlyArray<string | number | null | undefined>): string {
  const parts = segments
    .filter((segment) => segment !== null && segment !== undefined)
    .flatMap((segment) => String(segment).split('/'))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.length === 0 ? '/' : `/${parts.join('/')}/`;
}

/** The localized first path segment of a property detail, per language and goal. */
export const GOAL_SEGMENTS = {
  nl: { sale: 'te-koop', rent: 'te-huur' },
  fr: { sale: 'a-vendre', rent: 'a-louer' },
  en: { sale: 'for-sale', rent: 'for-rent' },
  de: { sale: 'zu-verkaufen', rent: 'zu-vermieten' },
} as const satisfies Record<Lang, Record<Goal, string>>;

export interface PropertyPathInput {
  lang: string;
  /** CRM Goal: 0 sale, anything else rent. */
  goal: unknown;
  city: string | null | undefined;
  /** TypeDescription, or MainTypeName when that is empty. */
  type: string | null | undefined;
  id: string | number | null | undefined;
}

/**
 * The localized detail path '/{lang}/{te-koop|…}/{city}/{type}/{id}/'.
 * Why: links, canonical URLs, hreflang twins and the sitemap must all build the same path.
 * null when the language is unknown, city or type slugify to nothing, or the id is not a positive integer,
 * because a path with a missing segment would route to a different page.
 */
export function propertyPath(input: PropertyPathInput): string | null {
  const { lang, id } = input;
  if (!isLang(lang)) return null;
  const idText = typeof id === 'number' ? String(id) : (id ?? '').trim();
  if (!/^[1-9]\d*$/.test(idText) || !Number.isSafeInteger(Number(idText))) return null;
  const city = slugify(input.city);
  const type = slugify(input.type);
  if (city === '' || type === '') return null;
  return toPath(lang, GOAL_SEGMENTS[lang][goalOf(input.goal)], city, type, idText);
}
