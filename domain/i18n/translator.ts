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

/** A language's plural category by count, asked of Intl once per count: a list page asks it for every card and place. */
function memoizedRules(lang: Lang): Pick<Intl.PluralRules, 'select'> {
  const rules = new Intl.PluralRules(lang);
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

/**
 * A translator over one language's dictionary. Missing keys show the key itself so a
 * gap is visible in review instead of rendering an empty string. A numeric `count`
 * parameter picks the plural form (see `pluralKey`). The same translator serves the React
 * app, the worker's mails and the CLIs.
 */
export function createTranslator(lang: Lang, dict: Record<string, string>): I18n {
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
