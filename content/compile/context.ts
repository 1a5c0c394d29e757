/** What every compile step shares: the source being compiled, the default language, translation of translatable text. */
import type { PictureView } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { type ContentSource, type PublicText, type TranslatableText } from '../schema.ts';

export type Twins = Partial<Record<Lang, string>>;

export interface Ctx {
  source: ContentSource;
  langs: Lang[];
  defaultLang: Lang;
}

/** Text in `lang`, falling back to the default language so a menu never shows a hole. */
/**
 * A text in the page's language. Never a PublicText: text the agency marks not public must
 * pass through publicText, and the compiler refuses it here (`public?: never`).
 */
export function tr(text: (TranslatableText & { public?: never }) | undefined, lang: Lang, ctx: Ctx): string {
  return text?.[lang] || text?.[ctx.defaultLang] || '';
}

/** Text the agency marked public, in the page's language; null when it is not public (or empty). */
export function publicText(text: PublicText | undefined, lang: Lang, ctx: Ctx): string | null {
  if (!text?.public) return null;
  return text[lang] || text[ctx.defaultLang] || null;
}

export function homePath(lang: Lang): string {
  return `/${lang}/`;
}

export function pictureOf(photo: { Url: string; Width: number; Height: number; Name: string } | undefined): PictureView | null {
  return photo ? { url: photo.Url, width: photo.Width, height: photo.Height, name: photo.Name } : null;
}
