import rosetta from 'rosetta';
import type { Lang } from '../lang.ts';

/** A message by its dictionary key, with `{{name}}` parameters filled in. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface I18n {
  lang: Lang;
  t: Translate;
}

/**
 * The key that holds a count's wording in this language: `KEY_one`, `KEY_other` (and
 * `KEY_few`, `KEY_many` … where a language has them), chosen by the language's plural
 * rules — French says "0 chambre, 1 chambre", Dutch "0 slaapkamers, 1 slaapkamer" — then
 * `KEY_other`, then `KEY` itself for a message without plural forms.
 */
export function pluralKey(dict: Record<string, string>, rules: Pick<Intl.PluralRules, 'select'>, key: string, count: number): string {
  for (const candidate of [`${key}_${rules.select(count)}`, `${key}_other`]) if (candidate in dict) return candidate;
  return key;
}

/**
 * A language's plural category by count, asked of Intl once per count and language for the
 * isolate's life: a list page asks it for every card and place, and creating the rules or
 * asking them is a call into ICU each time.
 */
const rulesByLang = new Map<Lang, Pick<Intl.PluralRules, 'select'>>();
function memoizedRules(lang: Lang): Pick<Intl.PluralRules, 'select'> {
  let memoized = rulesByLang.get(lang);
  if (!memoized) {
    memoized = countedRules(new Intl.PluralRules(lang));
    rulesByLang.set(lang, memoized);
  }
  return memoized;
}

function countedRules(rules: Intl.PluralRules): Pick<Intl.PluralRules, 'select'> {
  const known = new Map<number, Intl.LDMLPluralRule>();
  return {
    select(count: number) {
      let category = known.get(count);
      if (category === undefined) {
        category = rules.select(count);
        if (known.size < 1000) known.set(count, category);
      }
      return category;
    },
  };
}

/** Translators by dictionary: a dictionary is kept once per language and words' version, and every page asks for its translator. */
const translators = new WeakMap<Record<string, string>, Map<Lang, I18n>>();

/**
 * A translator over one language's dictionary. Missing keys show the key itself so a
 * gap is visible in review instead of rendering an empty string. A numeric `count`
 * parameter picks the plural form (see `pluralKey`). The same translator serves the React
 * app, the worker's mails and the CLIs. It holds no state a call changes, so the one made
 * for a dictionary object serves every later caller of the same object.
 */
export function createTranslator(lang: Lang, dict: Record<string, string>): I18n {
  let byLang = translators.get(dict);
  if (!byLang) {
    byLang = new Map();
    translators.set(dict, byLang);
  }
  let i18n = byLang.get(lang);
  if (!i18n) {
    i18n = translatorOf(lang, dict);
    byLang.set(lang, i18n);
  }
  return i18n;
}

function translatorOf(lang: Lang, dict: Record<string, string>): I18n {
  const r = rosetta<Record<string, string>>({ [lang]: dict });
  r.locale(lang);
  const rules = memoizedRules(lang);
  const t: Translate = (key, params) => {
    const chosen = typeof params?.count === 'number' ? pluralKey(dict, rules, key, params.count) : key;
    const value = r.t(chosen, params);
    return value === '' ? key : value;
  };
  return { lang, t };
}
