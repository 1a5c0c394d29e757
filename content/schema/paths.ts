import * as z from 'zod';
import { LANGS } from '../../domain/lang.ts';
import { FormName, Lang, TranslatableText, TranslationKey } from './primitives.ts';
import { MenuKind } from './menu.ts';

// ───────────────────────────── path table ─────────────────────────────

export const OriginalPath = z.string().regex(/^\/(?:[A-Za-z0-9-]+\/)*$/, "expected a path like '/contact-demand/'");
export const LocalizedPath = z.string().regex(/^\/(?:nl|fr|en|de)\/(?:[a-z0-9-]+\/)*$/, "expected a path like '/fr/merci/contact-me/'");

export const Breadcrumb = z.strictObject({ label: TranslatableText, path: OriginalPath });
export type Breadcrumb = z.infer<typeof Breadcrumb>;

export const UrlMapEntry = z
  .strictObject({
    original: OriginalPath,
    nl: LocalizedPath.optional(),
    fr: LocalizedPath.optional(),
    en: LocalizedPath.optional(),
    de: LocalizedPath.optional(),
    type: z.enum(['page', 'article', 'feedback', 'login']),
    breadcrumb: z.array(Breadcrumb).default(() => []),
    /** What the page renders (free-valuation form, policy article, login…). */
    kind: MenuKind.optional(),
    /** Article shown on the page (policies, intros). */
    articleId: z.number().int().optional(),
    /** Form whose thank-you page this is (type feedback). */
    feedback: FormName.optional(),
    /** Dictionary key of the thank-you message (type feedback). */
    messageKey: TranslationKey.optional(),
    /** Paths the page had before (per language, as /de/privacy-statement/): each answers 301 to today's, so no link or ranking is lost. */
    formerly: z.array(LocalizedPath).default(() => []),
  })
  .superRefine((entry, ctx) => {
    for (const lang of LANGS) {
      const path = entry[lang];
      if (path !== undefined && !path.startsWith(`/${lang}/`)) {
        ctx.addIssue({ code: 'custom', path: [lang], message: `must start with /${lang}/` });
      }
    }
    if (entry.type === 'feedback' && !entry.feedback) {
      ctx.addIssue({ code: 'custom', path: ['feedback'], message: 'required for type feedback' });
    }
  });
export type UrlMapEntry = z.infer<typeof UrlMapEntry>;

// ───────────────────────────── translations ─────────────────────────────

export const Dictionary = z.record(TranslationKey, z.string());
export type Dictionary = z.infer<typeof Dictionary>;
/** One flat dictionary per language (translations/<lang>.json); placeholders use {{name}}. */
export const Translations = z.partialRecord(Lang, Dictionary);
export type Translations = z.infer<typeof Translations>;
