import * as z from 'zod';
import { IsoTimestamp, Lang, Phone, PublishStatus, Slug, Translatable, TranslatableText, UrlOrPath, opt } from './primitives.ts';

// ───────────────────────────── articles, team ─────────────────────────────

/** Category tree item (ID, ParentID, Name, WebID) for articles. */
export const ArticleCategory = z.strictObject({
  id: z.number().int(),
  parentId: z.number().int().nullable().default(null),
  name: TranslatableText,
  /** CRM web id when the category mirrors a CRM category, else null. */
  WebID: opt(z.string()),
  /** Path segment override; by default the path is built from the name. */
  slug: Translatable(Slug).prefault({}),
  sort: z.number().int().default(0),
  status: PublishStatus.default('Published'),
});
export type ArticleCategory = z.infer<typeof ArticleCategory>;

export const Article = z.strictObject({
  id: z.number().int(),
  categoryId: z.number().int(),
  status: PublishStatus.default('Published'),
  sort: z.number().int().default(0),
  title: TranslatableText,
  summary: TranslatableText.prefault({}),
  /** Simple HTML: p, h2, h3, ul, ol, li, a, strong, em, br. */
  body: TranslatableText.prefault({}),
  image: opt(UrlOrPath),
  /** Path segment override; by default the path is built from the title. */
  slug: Translatable(Slug).prefault({}),
  createDate: IsoTimestamp.optional(),
});
export type Article = z.infer<typeof Article>;

export const TeamMember = z.strictObject({
  id: z.number().int(),
  name: z.string().min(1),
  role: TranslatableText,
  languages: z.array(Lang).min(1),
  phone: Phone,
  email: z.email(),
  photo: UrlOrPath,
  sort: z.number().int().default(0),
  /** Personal IPI number of an accredited agent. */
  ipiNumber: z.string().optional(),
  status: PublishStatus.default('Published'),
});
export type TeamMember = z.infer<typeof TeamMember>;
