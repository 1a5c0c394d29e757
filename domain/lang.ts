/** The four language slots of the site; German exists but is used less. */
export const LANGS = ['nl', 'fr', 'en', 'de'] as const;

export type Lang = (typeof LANGS)[number];

/** Type guard so a path segment or header value can be trusted as a language. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
