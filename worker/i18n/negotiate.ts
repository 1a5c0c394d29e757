import { isLang, type Lang } from '../../domain/lang.ts';

export const LANG_COOKIE = 'lang';

/** Parses Accept-Language into languages by preference (q-values honoured, region dropped). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((x) => x.lang && x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((x) => x.lang);
}

export interface NegotiationInput {
  pathname: string;
  lngParam: string | null;
  cookie: string | null;
  acceptLanguage: string | null;
}

/**
 * A path prefix that is a used language wins; otherwise `?lng`, the
 * language cookie, Accept-Language, then the configured default.
 */
export function negotiateLanguage(input: NegotiationInput, used: readonly Lang[], fallback: Lang): Lang {
  const usable = (v: unknown): v is Lang => isLang(v) && used.includes(v);
  const prefix = input.pathname.split('/')[1];
  if (usable(prefix)) return prefix;
  const param = input.lngParam?.toLowerCase();
  if (usable(param)) return param;
  const cookie = input.cookie?.toLowerCase();
  if (usable(cookie)) return cookie;
  for (const lang of acceptedLanguages(input.acceptLanguage)) if (usable(lang)) return lang;
  return fallback;
}
