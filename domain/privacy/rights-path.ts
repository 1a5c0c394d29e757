/**
 * Where a visitor exercises their rights, in their language: one page per language (as every
 * page of the site has), the form posting to the language-neutral `/privacy/`.
 */
import type { Lang } from '../lang.ts';

export const RIGHTS_PATHS: Record<Lang, string> = {
  fr: '/fr/mes-donnees/',
  nl: '/nl/mijn-gegevens/',
  en: '/en/my-data/',
  de: '/de/meine-daten/',
};
