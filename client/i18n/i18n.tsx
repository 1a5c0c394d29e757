import { createContext, useContext, type ReactNode } from 'react';
import rosetta from 'rosetta';
import type { Lang } from '../../content/lang.ts';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface I18n {
  lang: Lang;
  t: Translate;
}

/**
 * A translator over one language's dictionary. Missing keys show the key itself so a
 * gap is visible in review instead of rendering an empty string.
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

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ value, children }: { value: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The active language and its translator; every visible string goes through `t`. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
