import rosetta from 'rosetta';
import type { Lang } from '../lang.ts';

/** A message by its dictionary key, with `{{name}}` parameters filled in. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface I18n {
  lang: Lang;
  t: Translate;
}

/**
 * A translator over one language's dictionary. Missing keys show the key itself so a
 * gap is visible in review instead of rendering an empty string. The same translator
 * serves the React app, the worker's mails and the CLIs.
 */
export function createTranslator(lang: Lang, dict: Record<string, string>): I18n {
  const r = rosetta<Record<string, string>>({ [lang]: dict });
  r.locale(lang);
  const t: Translate = (key, params) => {
    const value = r.t(key, params);
    return value === '' ? key : value;
  };
  return { lang, t };
}
