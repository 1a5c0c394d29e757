import { MODULE_POSITIONS } from '../../domain/bundles.ts';
import { MENU_KINDS } from '../../domain/page-kinds.ts';
import * as z from 'zod';
import { CssColor, ImageRef, IsoTimestamp, LinkTarget, PathSegment, PublicText, PublishStatus, Translatable, TranslatableText, UrlOrPath, opt } from './primitives.ts';

// ───────────────────────────── modules and menu ─────────────────────────────

export const LIST_SORTS = ['date-desc', 'date-asc', 'price-asc', 'price-desc', 'type-asc', 'type-desc', 'city-asc', 'city-desc'] as const;
export const ListSort = z.enum(LIST_SORTS);
export type ListSort = z.infer<typeof ListSort>;

/** The CRM's Goal: 0 is for sale, any other value for rent (exports use 1). */
export const Goal = z.number().int().min(0);
export type Goal = z.infer<typeof Goal>;

/**
 * What a module shows. id per type:
 * - property-list: null (filter selects) · project-list: null or a project ID
 * - article: an article id · category: an article-category id
 * - contact: a form name (FORM_NAMES)
 * - testimonials: null (the approved testimonials, up to maxItems)
 * A module with view 'ons-team-view' shows its related article as intro, then the team
 * members (up to maxItems).
 */
export const ModuleRelation = z.strictObject({
  type: z.enum(['property-list', 'article', 'category', 'project-list', 'contact', 'testimonials']),
  id: z.union([z.string(), z.number(), z.null()]).default(null),
  filter: z
    .strictObject({
      goal: Goal.optional(),
      sort: ListSort.optional(),
      webIds: z.array(z.string()).optional(),
      countryId: z.number().int().optional(),
    })
    .optional(),
});
export type ModuleRelation = z.infer<typeof ModuleRelation>;

export const Module = z.strictObject({
  id: z.number().int(),
  title: TranslatableText.prefault({}),
  titleSize: z.enum(['h1', 'h2']).default('h2'),
  /** HTML allowed. */
  description: TranslatableText.prefault({}),
  description2: TranslatableText.prefault({}),
  /**
   * Where on its page the module stands: 'topRow' full width above the page's own text (under
   * its banner or title), 'contentRow' in the page's body after its text, 'bottomRow' last,
   * after the links to the page's sub-pages. On the home page: above the three tiles, then after them.
   */
  position: z.enum(MODULE_POSITIONS).default('contentRow'),
  /**
   * Its width in columns of 12 wherever `col` does not say: from a tablet up. A phone keeps a
   * module full width unless `col.sm` says otherwise (half of 390 px is not readable).
   */
  span: z.number().int().min(1).max(12).default(12),
  col: z.strictObject({ sm: z.number().int().min(1).max(12).optional(), md: z.number().int().min(1).max(12).optional(), lg: z.number().int().min(1).max(12).optional() }).prefault({}),
  sort: z.number().int().default(0),
  view: z.enum(['single-view', 'news-view', 'ons-team-view', '']).default(''),
  class: z.string().default(''),
  backgroundType: z.enum(['color', '']).default(''),
  colorBackground: z.string().default(''),
  image: opt(UrlOrPath),
  images: z.array(ImageRef).default(() => []),
  status: PublishStatus.default('Published'),
  numberItemOfRow: z.number().int().min(1).max(12).default(4),
  maxItems: z.number().int().min(1).default(4),
  isHasSubcategories: z.boolean().default(false),
  relations: ModuleRelation,
});
export type Module = z.infer<typeof Module>;

export const MenuKind = z.enum(MENU_KINDS);
export type MenuKind = z.infer<typeof MenuKind>;

export const PageMetadata = z.strictObject({
  pageTitle: z.string().optional(),
  metadataTitle: z.string().optional(),
  metadataDescription: z.string().optional(),
  ogTitle: z.string().optional(),
  ogDescription: z.string().optional(),
  ogImage: UrlOrPath.optional(),
  twitterTitle: z.string().optional(),
  twitterDescription: z.string().optional(),
  twitterImage: UrlOrPath.optional(),
});
export type PageMetadata = z.infer<typeof PageMetadata>;

export const MenuParams = z
  .strictObject({
    title: PublicText.prefault({ public: true }),
    description: PublicText.prefault({}),
    /** HTML allowed. */
    content: PublicText.prefault({}),
    metadata: Translatable(PageMetadata).prefault({}),
    isActiveSEO: z.boolean().default(true),
    image: UrlOrPath.optional(),
    /** The page's own logo, in the header instead of the agency's on this page (a sub-brand, a light logo over a see-through banner). */
    logo: UrlOrPath.optional(),
    modules: z.array(Module).default(() => []),
    /** A row of links under the page's title: `subMenu`, or the page's own sub-pages when it is empty. */
    isHaveSubMenu: z.boolean().default(false),
    subMenu: z.array(z.strictObject({ label: TranslatableText, link: LinkTarget })).default(() => []),
    /** The header stays at the top of the window once the visitor scrolls past 30 px, on this page. */
    showFixedMenu: z.boolean().default(false),
    noReferrerNoFollow: z.boolean().default(false),
    css: z.string().optional(),
    type: z.literal('module').optional(),
    /** A redirect item opens redirectUrl (in a new tab when external). */
    redirect: z.boolean().default(false),
    redirectUrl: LinkTarget.optional(),
    showBreadCrumb: z.boolean().default(true),
    showPageBanner: z.boolean().default(false),
    bannerTitle: TranslatableText.optional(),
    bannerDescription: TranslatableText.optional(),
    bannerVideo: UrlOrPath.optional(),
    /** A 'gallery' banner's photos, shown in turn (the page's `image` first when it has one). */
    bannerImages: z.array(ImageRef).default(() => []),
    bannerType: z.enum(['image', 'video', 'color', 'gallery', 'none']).optional(),
    bannerColor: CssColor.optional(),
    /** The header lies over the banner, see-through, until the visitor scrolls. */
    bannerTransparent: z.boolean().optional(),
  })
  .superRefine((params, ctx) => {
    if (params.redirect && !params.redirectUrl) {
      ctx.addIssue({ code: 'custom', path: ['redirectUrl'], message: 'required when redirect is true' });
    }
  });
export type MenuParams = z.infer<typeof MenuParams>;

export const MenuPage = z.strictObject({
  id: z.number().int(),
  parentId: z.number().int().nullable().default(null),
  name: z.string().min(1),
  /** Path segment per language, without slashes; '' for home. */
  path: Translatable(PathSegment),
  /** Full paths the page had before (/de/for-sale/): each answers 301 to today's, so no link or ranking is lost. */
  formerly: z.array(z.string().regex(/^\/[a-z]{2}\/(?:[a-z0-9-]+\/)+$/, 'a full path as /de/for-sale/')).default(() => []),
  status: PublishStatus.default('Published'),
  createDate: IsoTimestamp,
  modifyDate: IsoTimestamp,
  sort: z.number().int().default(0),
  kind: MenuKind.default('module'),
  get childMenus(): z.ZodDefault<z.ZodArray<typeof MenuPage>> {
    return z.array(MenuPage).default(() => []);
  },
  params: MenuParams.prefault({}),
});
export type MenuPage = z.infer<typeof MenuPage>;
