/**
 * Vitrine — the one schema of the agency's source content (content/<agency>/*.json).
 *
 * Every type is inferred from its schema (z.infer / z.input); nothing is written twice.
 * Property, project and category records keep the CRM's field names so that a
 * CRM export loads without translation; those objects strip unknown CRM fields. Content
 * written by hand (site, menu, modules, articles, team, path table) uses strict objects so
 * a typo in a field name is reported instead of silently ignored.
 *
 * Code-valued detail fields (HeatingType, Kitchen, Condition, …) hold stable codes; their
 * visible label is the dictionary key given by `codeLabelKey(prefix, code)` (e.g.
 * HEATING_HEAT_PUMP), and validateContent checks that the default dictionary has them.
 *
 * This module is isomorphic (no node imports): the worker, the client and the scripts
 * all import it. `import * as z from 'zod'` keeps the client bundle small.
 */
import * as z from 'zod';
import { LANGS } from '../domain/lang.ts';
import { FORM_NAMES as VISITOR_FORMS } from '../domain/forms/schemas.ts';

// ───────────────────────────── primitives ─────────────────────────────

export { LANGS };
export const Lang = z.enum(LANGS);
export type Lang = z.infer<typeof Lang>;

/** `{nl?, fr?, en?, de?}` of any value schema. */
export function Translatable<T extends z.ZodType>(value: T) {
  return z.strictObject({
    nl: value.optional(),
    fr: value.optional(),
    en: value.optional(),
    de: value.optional(),
  });
}
export type Translatable<T> = z.infer<ReturnType<typeof Translatable<z.ZodType<T>>>>;

export const TranslatableText = Translatable(z.string());
export type TranslatableText = z.infer<typeof TranslatableText>;

/** Per-language text plus a flag: shown only when `public` is true. */
export const PublicText = z.strictObject({
  public: z.boolean().default(false),
  ...TranslatableText.shape,
});
export type PublicText = z.infer<typeof PublicText>;

/** Optional CRM value: absent in the JSON → null in the parsed content. */
function opt<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}

export const IsoDate = z.iso.date({ error: 'expected an ISO date (YYYY-MM-DD)' });
export const IsoTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/, 'expected an ISO date or date-time');
/** An absolute http(s) URL or a root-relative path. */
export const UrlOrPath = z.string().regex(/^(?:https?:\/\/[^\s/]+[^\s]*|\/[^\s]*)$/, 'expected an http(s) URL or a path starting with /');
/** A link target of a top-bar item or menu redirect: URL, path, tel:, mailto: or #anchor. */
export const LinkTarget = z.string().regex(/^(?:https?:\/\/\S+|\/\S*|tel:\+?[\d ]+|mailto:\S+@\S+|#\S*)$/, 'expected a URL, a path, tel: or mailto:');
export const CssColor = z.string().regex(/^(?:#[0-9a-fA-F]{3,8}|rgba?\([^)]*\)|hsla?\([^)]*\)|[a-zA-Z]+)$/, 'expected a CSS colour');
/** Belgian/Luxembourg phone number as digits (formatted for display by the client). */
export const Phone = z.string().regex(/^\+?\d{8,15}$/, 'expected digits only, e.g. 081224567 or 0475123456');
export const Time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');
/** One path segment: lowercase ASCII words joined by hyphens ('' only for home). */
export const PathSegment = z.string().regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'expected a lowercase path segment without slashes, e.g. te-koop');
export const Slug = PathSegment.min(1, 'expected a non-empty path segment');
export const Zip = z.string().regex(/^(?:[A-Z]{1,2}-)?\d{4,5}$/, "expected a postcode like '5000' or 'L-1611'");
export const Money = z.number().nonnegative();
export const Surface = z.number().nonnegative();
export const Count = z.number().int().nonnegative();
export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);
export const TranslationKey = z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'expected an UPPER_SNAKE key');

export const PublishStatus = z.enum(['Published', 'Draft', 'Archived']);
export type PublishStatus = z.infer<typeof PublishStatus>;

export const ImageRef = z.strictObject({ url: UrlOrPath });
export type ImageRef = z.infer<typeof ImageRef>;

/** Column widths on a 12-column grid. */
function colSpec(sm: number, md: number, lg: number) {
  const width = z.number().int().min(1).max(12);
  return z.strictObject({ sm: width.default(sm), md: width.default(md), lg: width.default(lg) });
}

/** Belgian VAT number with its mod-97 check: 'BE 0712.345.630'. */
export const BelgianVat = z
  .string()
  .regex(/^BE\s?[01]\d{3}[. ]?\d{3}[. ]?\d{3}$/, "expected a Belgian VAT number like 'BE 0712.345.630'")
  .refine((vat) => {
    const digits = vat.replace(/\D/g, '');
    return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
  }, 'VAT number check digits are wrong');

// ───────────────────────────── forms and feedback ─────────────────────────────

/** Forms whose thank-you page is in the path table. */
export const FORM_NAMES = ['contact-me', 'contact-appointment', 'contact-construction', 'contact-demand', 'demand-register', 'send-to-friend', 'site-contact', 'sign-newsletter'] as const;
export const FormName = z.enum(FORM_NAMES);
export type FormName = z.infer<typeof FormName>;

// ───────────────────────────── site ─────────────────────────────

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const DayOfWeek = z.enum(DAYS);

export const OpeningHours = z
  .strictObject({ days: z.array(DayOfWeek).min(1), opens: Time, closes: Time })
  .refine((h) => h.opens < h.closes, { message: 'opens must be before closes', path: ['closes'] });
export type OpeningHours = z.infer<typeof OpeningHours>;

export const Agency = z.strictObject({
  name: z.string().min(1),
  legalName: z.string().min(1),
  street: z.string().min(1),
  houseNumber: z.string().min(1),
  zip: Zip,
  city: z.string().min(1),
  countryId: z.number().int(),
  phone: Phone,
  email: z.email(),
  vatNumber: BelgianVat,
  /** Belgian IPI/BIV agent number, e.g. '512.347'. */
  ipiNumber: z.string().regex(/^\d{3}[. ]?\d{3}$/, "expected an IPI number like '512.347'"),
  openingHours: z.array(OpeningHours).default(() => []),
  geo: z.strictObject({ lat: Latitude, lng: Longitude }),
  logoUrl: UrlOrPath,
  /** Canonical origin of the public site (sitemap, canonical links, e-mails). */
  siteUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type Agency = z.infer<typeof Agency>;

export const LanguageSetting = z
  .strictObject({
    languageDefault: Lang,
    languageFlags: z.boolean().default(false),
    languageUse: z.array(z.strictObject({ code: Lang, use: z.boolean() })).min(1),
  })
  .superRefine((setting, ctx) => {
    const used = setting.languageUse.filter((l) => l.use).map((l) => l.code);
    if (!used.includes(setting.languageDefault)) {
      ctx.addIssue({ code: 'custom', path: ['languageDefault'], message: `default language '${setting.languageDefault}' is not in use` });
    }
  });
export type LanguageSetting = z.infer<typeof LanguageSetting>;

export const SiteInfo = z.strictObject({
  siteGoogleAnalyticsID: z.string().default(''),
  siteGoogleAdsID: z.string().default(''),
  siteGoogleTagManager: z.string().default(''),
  siteFacebookPixel: z.string().default(''),
  /**
   * Days a sold or rented property stays online with its state before it answers 410 Gone
   * and leaves the sitemap, so search engines drop stale listings (docs/decisions/006).
   */
  soldListingGraceDays: z.number().int().min(0).max(3650).default(90),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

export const HeaderSettings = z.strictObject({
  logoPosition: z.enum(['left', 'center']).default('left'),
  showLogoAtStart: z.boolean().default(true),
  fixedHeaderOnScroll: z.boolean().default(true),
  showHomeMenu: z.boolean().default(true),
  /** More items than this go to the 'extra menu' overlay. */
  maxMenuItems: z.number().int().positive().optional(),
});
export type HeaderSettings = z.infer<typeof HeaderSettings>;

export const TopBarItem = z.strictObject({
  label: TranslatableText,
  link: LinkTarget,
  icon: z.string().optional(),
  color: CssColor.optional(),
  status: z.boolean().default(true),
});
export type TopBarItem = z.infer<typeof TopBarItem>;

export const TopBar = z.strictObject({
  left: z.array(TopBarItem).default(() => []),
  right: z.array(TopBarItem).default(() => []),
  fontSize: z.string().default('14px'),
  color: CssColor.default('#ffffff'),
  bgColor: CssColor.default('#000000'),
});
export type TopBar = z.infer<typeof TopBar>;

export const Banner = z.strictObject({
  type: z.enum(['image', 'gallery', 'video']).default('image'),
  image: z.strictObject({ url: UrlOrPath }),
  gallery: z
    .strictObject({
      images: z.array(ImageRef).default(() => []),
      config: z.strictObject({ autoplay: z.boolean().default(true), autoplaySpeed: z.number().int().positive().default(5000) }).prefault({}),
    })
    .prefault({}),
  video: z.strictObject({ url: UrlOrPath, type: z.string().default('video/mp4') }).optional(),
  title: PublicText.prefault({}),
  description: PublicText.prefault({}),
});
export type Banner = z.infer<typeof Banner>;

export const FooterColumn = z.strictObject({
  title: PublicText.prefault({}),
  introText: PublicText.prefault({}),
  /** HTML allowed. */
  fullText: PublicText.prefault({}),
  image: z.array(ImageRef).default(() => []),
  col: colSpec(12, 6, 4).prefault({}),
});
export type FooterColumn = z.infer<typeof FooterColumn>;

export const Footer = z.strictObject({
  bgColor: CssColor,
  textColor: CssColor,
  maxWidth: z.string().default('1280px'),
  copyright: TranslatableText.prefault({}),
  bottom: z.array(FooterColumn).default(() => []),
});
export type Footer = z.infer<typeof Footer>;

const Rate = z.number().min(0).max(1);
/** Registration duty rates as fractions (0.125 = 12.5 %), in force from `date`. */
export const RegistrationRates = z.strictObject({
  date: IsoDate,
  wallonia: z.strictObject({ standard: Rate, soleOwnHome: Rate }),
  flanders: z.strictObject({ standard: Rate, soleOwnHome: Rate }),
  /** exemption: amount in € not taxed on a sole own home whose price is at most exemptionPriceCap. */
  brussels: z.strictObject({ standard: Rate, exemption: Money, exemptionPriceCap: Money }),
});
export type RegistrationRates = z.infer<typeof RegistrationRates>;

export const Site = z.strictObject({
  agency: Agency,
  languageSetting: LanguageSetting,
  siteInfo: SiteInfo.prefault({}),
  header: HeaderSettings.prefault({}),
  topBar: TopBar.prefault({}),
  banner: Banner,
  footer: Footer,
  coOwnerPortalUrl: z.url({ protocol: /^https?$/ }),
  /** Marquee ids whose cards show MarqueeName instead of the price. */
  marqueeIgnore: z.array(z.number().int()).default(() => []),
  registrationRates: RegistrationRates,
});
export type Site = z.infer<typeof Site>;

// ───────────────────────────── modules and menu ─────────────────────────────

export const LIST_SORTS = ['date-desc', 'date-asc', 'price-asc', 'price-desc', 'type-asc', 'type-desc', 'city-asc', 'city-desc'] as const;
export const ListSort = z.enum(LIST_SORTS);
export type ListSort = z.infer<typeof ListSort>;

export const Goal = z.literal([0, 1]);
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
  position: z.string().default('contentRow'),
  span: z.number().int().min(1).max(12).default(12),
  col: colSpec(12, 12, 12).prefault({}),
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

export const MENU_KINDS = ['home', 'list-sale', 'list-rent', 'list-abroad', 'projects', 'module', 'article', 'team', 'contact', 'demand-register', 'free-valuation', 'login', 'policy'] as const;
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
    logo: UrlOrPath.optional(),
    modules: z.array(Module).default(() => []),
    isHaveSubMenu: z.boolean().default(false),
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
    bannerType: z.enum(['image', 'video', 'color', 'gallery', 'none']).optional(),
    bannerColor: CssColor.optional(),
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
export type MenuPageInput = z.input<typeof MenuPage>;

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

// ───────────────────────────── CRM: categories, properties, projects ─────────────────────────────

/** Web category of properties (1 houses, 2 apartments, 3 land, 4 others, 17 furnished, 5 commerce). */
export const Category = z.object({
  ID: z.number().int(),
  WebID: z.string().regex(/^\d+$/, 'expected a numeric string'),
  Name: TranslatableText,
  ShowOrder: z.number().int(),
  Sale: z.boolean(),
  Rent: z.boolean(),
});
export type Category = z.infer<typeof Category>;

export const HEATING_TYPES = ['gas', 'oil', 'electric', 'heat-pump', 'wood', 'pellets', 'district', 'none'] as const;
export const KITCHEN_TYPES = ['not-equipped', 'semi-equipped', 'equipped', 'hyper-equipped'] as const;
export const GLAZING_TYPES = ['single', 'double', 'triple'] as const;
export const FRAME_TYPES = ['pvc', 'wood', 'aluminium', 'mixed'] as const;
export const ROOF_MATERIALS = ['slate', 'tiles', 'flat', 'zinc', 'thatch'] as const;
export const CONDITIONS = ['new', 'excellent', 'good', 'to-refresh', 'to-renovate', 'to-demolish'] as const;
export const FLOOR_COVERINGS = ['tiles', 'parquet', 'laminate', 'carpet', 'concrete', 'vinyl'] as const;
export const ORIENTATIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
/** Walloon 'plan de secteur' zoning (PlanningInformation). */
export const ZONINGS = ['residential', 'residential-rural', 'mixed', 'economic', 'agricultural', 'forest', 'park'] as const;
export const AVAILABILITIES = ['immediately', 'at-deed', 'to-agree', 'from-date'] as const;
export const CERTIFICATE_STATES = ['compliant', 'non-compliant', 'not-applicable'] as const;
/** Walloon soil database (BDES) extract: not listed, indicative data (lavender), soil procedure (peach). */
export const GROUND_STATES = ['not-listed', 'indicative', 'soil-procedure'] as const;
export const ASBESTOS_TYPES = ['none', 'non-friable', 'friable', 'not-inspected'] as const;
/** Walloon flood hazard ('aléa d'inondation'). */
export const FLOOD_ZONES = ['none', 'very-low', 'low', 'medium', 'high'] as const;
export const WATER_SCORES = ['A', 'B', 'C', 'D'] as const;
export const LIFE_ANNUITY_TYPES = ['occupied', 'free'] as const;
export const DOCUMENT_KINDS = ['epc', 'floor-plan', 'brochure', 'cadastral', 'urbanism', 'electrical', 'soil', 'asbestos', 'other'] as const;
export const UNIT_KINDS = ['apartment', 'penthouse', 'duplex', 'house', 'parking', 'garage', 'cellar', 'commercial'] as const;
export const PROPERTY_STATUSES = ['available', 'option', 'sold', 'rented'] as const;
export const UNIT_STATUSES = ['available', 'option', 'sold', 'sold-out'] as const;

/**
 * Dictionary key prefix of each code list: the label of code c is
 * codeLabelKey(prefix, c), e.g. HEATING_HEAT_PUMP, ORIENTATION_SW, STATUS_SOLD_OUT.
 */
export const CODE_LISTS = {
  HEATING: HEATING_TYPES,
  KITCHEN: KITCHEN_TYPES,
  GLAZING: GLAZING_TYPES,
  FRAME: FRAME_TYPES,
  ROOF: ROOF_MATERIALS,
  CONDITION: CONDITIONS,
  FLOOR: FLOOR_COVERINGS,
  ORIENTATION: ORIENTATIONS,
  ZONING: ZONINGS,
  AVAILABILITY: AVAILABILITIES,
  CERTIFICATE: CERTIFICATE_STATES,
  GROUND: GROUND_STATES,
  ASBESTOS: ASBESTOS_TYPES,
  FLOOD: FLOOD_ZONES,
  LIFE_ANNUITY: LIFE_ANNUITY_TYPES,
  DOCUMENT: DOCUMENT_KINDS,
  UNIT: UNIT_KINDS,
  STATUS: [...PROPERTY_STATUSES, ...UNIT_STATUSES],
} as const;
export type CodePrefix = keyof typeof CODE_LISTS;

export function codeLabelKey(prefix: CodePrefix, code: string): string {
  return `${prefix}_${code.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

export const WaterScore = z.enum(WATER_SCORES);

export const Photo = z.object({
  ID: z.number().int(),
  Url: UrlOrPath,
  Width: z.number().int().positive(),
  Height: z.number().int().positive(),
  Name: z.string().default(''),
});
export type Photo = z.infer<typeof Photo>;

export const PropertyDocument = z.object({
  name: TranslatableText,
  kind: z.enum(DOCUMENT_KINDS),
  /** true: sent by e-mail on request (document request form); false: downloadable at url. */
  requestOnly: z.boolean().default(true),
  url: opt(UrlOrPath),
});
export type PropertyDocument = z.infer<typeof PropertyDocument>;

export const LifeAnnuity = z.object({
  AgeMan: opt(Count),
  AgeWoman: opt(Count),
  Type: z.enum(LIFE_ANNUITY_TYPES),
  /** Monthly annuity in €, indexed. */
  IndexedRent: Money,
});
export type LifeAnnuity = z.infer<typeof LifeAnnuity>;

const WebIDs = z.string().regex(/^(?:\d+(?:\s*,\s*\d+)*)?$/, "expected a comma-separated list of web ids like '1, 2'");

/** Splits a WebIDs string ('1, 17') into ids. */
export function splitWebIds(webIds: string): string[] {
  return webIds
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const PropertyDetail = z
  .object({
    // identity
    ID: z.number().int().positive(),
    /** 0 sale, 1 rent. */
    Goal: Goal,
    /** Agency reference, e.g. 'VI-2041'. */
    RecordFile: z.string().min(1),
    MainTypeName: z.string().min(1),
    /** Per-language type text; may be empty (then the category name is shown). */
    TypeDescription: TranslatableText.prefault({}),
    WebID: z.string().regex(/^\d+$/, 'expected a numeric string'),
    WebIDs: WebIDs.default(''),
    Marquee: z.literal([0, 2, 4]).default(0),
    MarqueeName: TranslatableText.optional(),
    Status: z.enum(PROPERTY_STATUSES).default('available'),
    /** When Status last changed (the sale or rental date); ModifyDate stands in when absent. */
    StatusDate: IsoTimestamp.optional(),
    // address
    Street: z.string().default(''),
    HouseNumber: z.string().default(''),
    BoxNr: z.string().default(''),
    Zip: Zip,
    /** Official (French) name of the town. */
    City: z.string().min(1),
    /** Other-language names of the town (Liège → nl Luik, de Lüttich). */
    CityNames: TranslatableText.optional(),
    /** 10 Belgium, 50 Luxembourg. */
    CountryID: z.number().int(),
    CountryName: TranslatableText,
    PublishAddress: z.boolean().default(true),
    Latitude: opt(Latitude),
    Longitude: opt(Longitude),
    Neighbourhood: opt(z.string()),
    // price
    Price: opt(Money),
    PublishPrice: z.boolean().default(true),
    /** CRM unit code; 7 = 'starting from'. */
    PriceUnit: opt(z.number().int()),
    /** Per-language unit text shown after the price, e.g. '€/mois'. */
    PriceUnitText: TranslatableText.prefault({}),
    PriceOnDemand: z.boolean().default(false),
    ChargesOwner: opt(Money),
    ChargesRenter: opt(Money),
    AgencyCost: opt(Money),
    InventoryCost: opt(Money),
    DepositAmount: opt(Money),
    NotaryFeeExVat: opt(Money),
    NotaryFeeIncVat: opt(Money),
    RegistrationRights: opt(Money),
    /** VAT amount in €. */
    VatValue: opt(Money),
    /** Sold under the VAT regime (new build). */
    VatRegime: opt(z.boolean()),
    /** Cadastral income (revenu cadastral / kadastraal inkomen), € per year. */
    RealEstateTax: opt(Money),
    ConstructionCost: opt(Money),
    GaragePrice: opt(Money),
    ParkingPrice: opt(Money),
    OptionPrice: opt(Money),
    // surfaces (m², widths in m)
    SurfaceTotal: opt(Surface),
    SurfaceLiving: opt(Surface),
    SurfaceGround: opt(Surface),
    SurfaceTerrace: opt(Surface),
    SurfaceGarden: opt(Surface),
    SurfaceConstructed: opt(Surface),
    SurfaceOffice: opt(Surface),
    SurfaceStore: opt(Surface),
    PlotWidth: opt(Surface),
    FrontWidth: opt(Surface),
    // counts
    Bedrooms: opt(Count),
    Bathrooms: opt(Count),
    ShowerRooms: opt(Count),
    Toilets: opt(Count),
    Floors: opt(Count),
    /** Floor of an apartment (0 = ground floor). */
    Floor: opt(z.number().int()),
    Lift: opt(z.boolean()),
    Garages: opt(Count),
    Parkings: opt(Count),
    ExternalParkings: opt(Count),
    /** 2 closed, 3 half-open, 4 open. */
    Facades: opt(z.number().int().min(1).max(4)),
    ExtraRooms: opt(Count),
    // energy
    /** Specific primary energy, kWh/m²·year. */
    EnergyPerformance: opt(z.number()),
    EPCLabelText: opt(z.string()),
    /** Total primary energy, kWh/year. */
    EPCTotal: opt(z.number()),
    /** Specific consumption (Walloon 'Espec'), kWh/m²·year. */
    EPCSpec: opt(z.number()),
    /** kg CO₂/m²·year. */
    CO2Emission: opt(z.number().nonnegative()),
    /** E-level (Ew) of a new build. */
    ELevel: opt(z.number()),
    EPCCertificateNumber: opt(z.string()),
    EPCCertificateEndDate: opt(IsoDate),
    AsbestosType: opt(z.enum(ASBESTOS_TYPES)),
    AsbestosDate: opt(IsoDate),
    ElectricityCertificate: opt(z.enum(CERTIFICATE_STATES)),
    GasCertificate: opt(z.enum(CERTIFICATE_STATES)),
    GroundCertificate: opt(z.enum(GROUND_STATES)),
    // risk
    FloodZone: opt(z.enum(FLOOD_ZONES)),
    RiparianZone: opt(z.boolean()),
    FloodRiskArea: opt(z.boolean()),
    GScore: opt(WaterScore),
    PScore: opt(WaterScore),
    // other
    ConstructionYear: opt(z.number().int().min(1000).max(2100)),
    RenovationYear: opt(z.number().int().min(1000).max(2100)),
    HeatingType: opt(z.enum(HEATING_TYPES)),
    Kitchen: opt(z.enum(KITCHEN_TYPES)),
    WindowGlazing: opt(z.enum(GLAZING_TYPES)),
    WindowFrame: opt(z.enum(FRAME_TYPES)),
    RoofMaterial: opt(z.enum(ROOF_MATERIALS)),
    RoofCondition: opt(z.enum(CONDITIONS)),
    FloorCovering: opt(z.enum(FLOOR_COVERINGS)),
    TerraceOrientation: opt(z.enum(ORIENTATIONS)),
    GardenOrientation: opt(z.enum(ORIENTATIONS)),
    RearOrientation: opt(z.enum(ORIENTATIONS)),
    Condition: opt(z.enum(CONDITIONS)),
    PlanningInformation: opt(z.enum(ZONINGS)),
    Permit: opt(z.boolean()),
    AllotmentPermit: opt(z.boolean()),
    Summons: opt(z.boolean()),
    PreemptiveRights: opt(z.boolean()),
    JudicialDecision: opt(z.boolean()),
    Availability: opt(z.enum(AVAILABILITIES)),
    AvailableFrom: opt(IsoDate),
    ElectricityConnection: opt(z.boolean()),
    DrainConnection: opt(z.boolean()),
    LifeAnnuity: opt(LifeAnnuity),
    // texts and media
    Title: TranslatableText.prefault({}),
    /** HTML allowed. */
    Description: TranslatableText.prefault({}),
    Photos: z.array(Photo).default(() => []),
    Documents: z.array(PropertyDocument).default(() => []),
    VirtualTourUrl: opt(z.url({ protocol: /^https?$/ })),
    VideoUrl: opt(UrlOrPath),
    CreateDate: IsoTimestamp,
    ModifyDate: IsoTimestamp,
    ProjectID: opt(z.number().int()),
  })
  .superRefine((p, ctx) => {
    if (p.Status === 'sold' && p.Goal !== 0) ctx.addIssue({ code: 'custom', path: ['Status'], message: "'sold' needs Goal 0 (sale)" });
    if (p.Status === 'rented' && p.Goal !== 1) ctx.addIssue({ code: 'custom', path: ['Status'], message: "'rented' needs Goal 1 (rent)" });
    if (p.PublishPrice && !p.PriceOnDemand && p.Price === null) {
      ctx.addIssue({ code: 'custom', path: ['Price'], message: 'a published price is missing' });
    }
    if (p.Availability === 'from-date' && !p.AvailableFrom) {
      ctx.addIssue({ code: 'custom', path: ['AvailableFrom'], message: "required when Availability is 'from-date'" });
    }
  });
export type PropertyDetail = z.infer<typeof PropertyDetail>;
export type PropertyDetailInput = z.input<typeof PropertyDetail>;

export const PictureItem = z.object({
  Url: UrlOrPath,
  Width: z.number().int().positive(),
  Height: z.number().int().positive(),
  ID: z.number().int(),
  Name: z.string(),
});
export type PictureItem = z.infer<typeof PictureItem>;

/** The property summary card, one per property and language. */
export const PropertyCard = z.object({
  ID: z.number().int(),
  Goal: Goal,
  City: z.string(),
  TypeDescription: z.string(),
  MainTypeName: z.string(),
  Zip: z.string(),
  WebID: z.string(),
  WebIDs: z.string(),
  language: Lang,
  RecordFile: z.string(),
  Marquee: z.literal([0, 2, 4]),
  SmallPictureItem: PictureItem.optional(),
  // additions for lists, sorting and maps
  MarqueeName: z.string().nullable(),
  Title: z.string(),
  /** null when the price is not published. */
  Price: z.number().nullable(),
  PublishPrice: z.boolean(),
  PriceUnit: z.number().int().nullable(),
  PriceUnitText: z.string(),
  PriceOnDemand: z.boolean(),
  Bedrooms: z.number().int().nullable(),
  SurfaceLiving: z.number().nullable(),
  SurfaceGround: z.number().nullable(),
  CountryID: z.number().int(),
  CreateDate: z.string(),
  /** Rounded to ~1 km when the address is not published. */
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  EPCLabelText: z.string().nullable(),
  EnergyPerformance: z.number().nullable(),
  Status: z.enum(PROPERTY_STATUSES),
  ProjectID: z.number().int().nullable(),
});
export type PropertyCard = z.infer<typeof PropertyCard>;

/** Text of a Translatable in `lang`, or '' (no cross-language fallback: a missing text stays missing). */
function inLang(text: TranslatableText | undefined, lang: Lang): string {
  return text?.[lang] ?? '';
}

function roundCoordinate(value: number | null, hide: boolean): number | null {
  if (value === null || !hide) return value;
  return Math.round(value * 100) / 100;
}

/** Pure: the card of a property in one language. */
export function toPropertyCard(detail: PropertyDetail, lang: Lang): PropertyCard {
  const photo = detail.Photos[0];
  const hideAddress = !detail.PublishAddress;
  const priceShown = detail.PublishPrice && !detail.PriceOnDemand;
  return {
    ID: detail.ID,
    Goal: detail.Goal,
    City: detail.CityNames?.[lang] || detail.City,
    TypeDescription: inLang(detail.TypeDescription, lang),
    MainTypeName: detail.MainTypeName,
    Zip: detail.Zip,
    WebID: detail.WebID,
    WebIDs: detail.WebIDs,
    language: lang,
    RecordFile: detail.RecordFile,
    Marquee: detail.Marquee,
    ...(photo ? { SmallPictureItem: { Url: photo.Url, Width: photo.Width, Height: photo.Height, ID: photo.ID, Name: photo.Name } } : {}),
    MarqueeName: detail.MarqueeName?.[lang] || null,
    Title: inLang(detail.Title, lang),
    Price: priceShown ? detail.Price : null,
    PublishPrice: detail.PublishPrice,
    PriceUnit: detail.PriceUnit,
    PriceUnitText: inLang(detail.PriceUnitText, lang),
    PriceOnDemand: detail.PriceOnDemand,
    Bedrooms: detail.Bedrooms,
    SurfaceLiving: detail.SurfaceLiving,
    SurfaceGround: detail.SurfaceGround,
    CountryID: detail.CountryID,
    CreateDate: detail.CreateDate,
    Latitude: roundCoordinate(detail.Latitude, hideAddress),
    Longitude: roundCoordinate(detail.Longitude, hideAddress),
    EPCLabelText: detail.EPCLabelText,
    EnergyPerformance: detail.EnergyPerformance,
    Status: detail.Status,
    ProjectID: detail.ProjectID,
  };
}

export const ProjectUnit = z.object({
  ID: z.number().int(),
  /** Lot name, e.g. 'A.1.2'. */
  Name: z.string().min(1),
  Kind: z.enum(UNIT_KINDS).default('apartment'),
  Floor: opt(z.number().int()),
  /** Short per-language composition, e.g. {fr: '2 ch.', nl: '2 slpk.'}. */
  Requirement: TranslatableText.prefault({}),
  Bedrooms: opt(Count),
  Surface: opt(Surface),
  SurfaceTerrace: opt(Surface),
  Price: opt(Money),
  Status: z.enum(UNIT_STATUSES).default('available'),
  /** The property record of this unit, when it is also listed. */
  PropertyID: opt(z.number().int()),
});
export type ProjectUnit = z.infer<typeof ProjectUnit>;

export const Project = z.object({
  ID: z.number().int().positive(),
  ProjectNumber: z.string().min(1),
  Name: TranslatableText,
  PublicAddress: z.boolean().default(true),
  Street: z.string().default(''),
  HouseNumber: z.string().default(''),
  BoxNr: z.string().default(''),
  Zip: Zip,
  City: z.string().min(1),
  CityNames: TranslatableText.optional(),
  CountryID: z.number().int(),
  CountryName: TranslatableText,
  Latitude: opt(Latitude),
  Longitude: opt(Longitude),
  Delivery: TranslatableText.prefault({}),
  /** HTML allowed. */
  Technical: TranslatableText.prefault({}),
  Situation: TranslatableText.prefault({}),
  Description: TranslatableText.prefault({}),
  Photos: z.array(Photo).default(() => []),
  Documents: z.array(PropertyDocument).default(() => []),
  /** When set, the project's path leads to this external address. */
  ExternalUrl: opt(z.url({ protocol: /^https?$/ })),
  PriceMin: opt(Money),
  PriceMax: opt(Money),
  Units: z.array(ProjectUnit).default(() => []),
  CreateDate: IsoTimestamp.optional(),
});
export type Project = z.infer<typeof Project>;
export type ProjectInput = z.input<typeof Project>;

/** Place list item (computed at publish time). */
export const City = z.object({
  Name: z.string(),
  Zip: z.string(),
  CountryID: z.number().int(),
  CountryName: z.string(),
  PropertyCount: Count,
  language: Lang,
});
export type City = z.infer<typeof City>;

/** Web ID record (computed at publish time). */
export const WebIdRecord = z.object({ WebID: z.string(), countSaleProperty: Count, countRentProperty: Count });
export type WebIdRecord = z.infer<typeof WebIdRecord>;

// ───────────────────────────── path table ─────────────────────────────

const OriginalPath = z.string().regex(/^\/(?:[A-Za-z0-9-]+\/)*$/, "expected a path like '/contact-demand/'");
const LocalizedPath = z.string().regex(/^\/(?:nl|fr|en|de)\/(?:[a-z0-9-]+\/)*$/, "expected a path like '/fr/merci/contact-me/'");

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

// ───────────────────────────── the whole source ─────────────────────────────

export const ContentSource = z.object({
  site: Site,
  menu: z.array(MenuPage),
  articles: z.array(Article),
  articleCategories: z.array(ArticleCategory),
  team: z.array(TeamMember),
  categories: z.array(Category),
  properties: z.array(PropertyDetail),
  projects: z.array(Project),
  pathTable: z.array(UrlMapEntry),
  translations: Translations,
});
export type ContentSource = z.infer<typeof ContentSource>;
export type ContentPart = keyof ContentSource;

/** Source file of each part of the content, relative to the content folder. */
export const CONTENT_FILES = {
  site: 'site.json',
  menu: 'menu.json',
  articles: 'articles.json',
  articleCategories: 'article-categories.json',
  team: 'team.json',
  categories: 'categories.json',
  properties: 'properties.json',
  projects: 'projects.json',
  pathTable: 'path-table.json',
  translations: 'translations/',
} as const satisfies Record<ContentPart, string>;

export const ContentProblem = z.object({ file: z.string(), path: z.string(), reason: z.string() });
export type ContentProblem = z.infer<typeof ContentProblem>;

export type ValidationResult = { ok: true; content: ContentSource } | { ok: false; problems: ContentProblem[] };

export function formatProblem(problem: ContentProblem): string {
  return problem.path ? `${problem.file}: ${problem.path}: ${problem.reason}` : `${problem.file}: ${problem.reason}`;
}

/** Readable path: [12].Price, agency.geo.lat, childMenus[0].path.nl */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_$][\w$-]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/** Maps a path inside ContentSource to its file and the path inside that file. */
function locate(path: readonly PropertyKey[]): { file: string; inner: readonly PropertyKey[] } {
  const [part, ...rest] = path;
  if (part === 'translations') {
    if (rest.length === 0) return { file: CONTENT_FILES.translations, inner: [] };
    const [lang, ...inner] = rest;
    return { file: `translations/${String(lang)}.json`, inner };
  }
  const file = (CONTENT_FILES as Record<string, string>)[String(part)] ?? String(part);
  return { file, inner: rest };
}

function problemAt(path: readonly PropertyKey[], reason: string): ContentProblem {
  const { file, inner } = locate(path);
  return { file, path: formatPath(inner), reason };
}

function issueReason(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union') {
    const expected = issue.errors
      .map((branch) => branch[0])
      .filter((first): first is z.core.$ZodIssueInvalidType => first?.code === 'invalid_type')
      .map((first) => first.expected);
    if (expected.length === issue.errors.length && expected.length > 0) {
      const received = /received (\w+)/.exec(issue.errors[0]?.[0]?.message ?? '')?.[1];
      return `expected ${expected.join(' | ')}${received ? `, received ${received}` : ''}`;
    }
  }
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    return `missing (expected ${issue.expected})`;
  }
  return issue.message.replace(/^Invalid input: /, '').replace(/^Invalid option: /, '');
}

function issuesToProblems(part: string, issues: readonly z.core.$ZodIssue[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const issue of issues) {
    const base = [part, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems.push(problemAt([...base, key], 'unknown field'));
    } else if (issue.code === 'invalid_key') {
      problems.push(problemAt(base, `invalid key: ${issue.issues.map((i) => i.message).join('; ')}`));
    } else {
      problems.push(problemAt(base, issueReason(issue)));
    }
  }
  return problems;
}

// ───────────────────────────── validation ─────────────────────────────

/**
 * Validates raw content ({site, menu, …, translations: {nl, fr, …}} as read from the files):
 * each part against its schema, then the cross-references between parts (over the parts
 * that parsed). Problems name the source file and a readable path inside it.
 */
export function validateContent(raw: unknown): ValidationResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [{ file: '', path: '', reason: 'content must be an object of parts' }] };
  }
  const input = raw as Record<string, unknown>;
  const problems: ContentProblem[] = [];
  const parsed: Partial<ContentSource> = {};
  const shape = ContentSource.shape;

  for (const part of Object.keys(shape) as ContentPart[]) {
    const value = input[part];
    if (value === undefined) {
      problems.push(problemAt([part], part === 'translations' ? 'missing folder' : 'missing file'));
      continue;
    }
    const result = shape[part].safeParse(value);
    if (result.success) (parsed as Record<string, unknown>)[part] = result.data;
    else problems.push(...issuesToProblems(part, result.error.issues));
  }
  for (const key of Object.keys(input)) {
    if (!(key in shape)) problems.push({ file: key, path: '', reason: 'unknown content part' });
  }

  problems.push(...crossCheck(parsed));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, content: parsed as ContentSource };
}

type Report = (path: readonly PropertyKey[], reason: string) => void;

function checkUnique<T>(items: readonly T[] | undefined, part: ContentPart, key: (item: T) => unknown, field: string, report: Report) {
  if (!items) return;
  const seen = new Map<unknown, number>();
  items.forEach((item, index) => {
    const value = key(item);
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else report([part, index, field], `duplicate ${field} ${JSON.stringify(value)} (first at [${first}])`);
  });
}

function walkMenu(pages: readonly MenuPage[], visit: (page: MenuPage, path: PropertyKey[], parent: MenuPage | null) => void) {
  const walk = (list: readonly MenuPage[], base: PropertyKey[], parent: MenuPage | null) =>
    list.forEach((page, index) => {
      const path = [...base, index];
      visit(page, path, parent);
      walk(page.childMenus, [...path, 'childMenus'], page);
    });
  walk(pages, ['menu'], null);
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
}

function crossCheck(c: Partial<ContentSource>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const report: Report = (path, reason) => problems.push(problemAt(path, reason));
  const usedLangs: Lang[] = c.site ? c.site.languageSetting.languageUse.filter((l) => l.use).map((l) => l.code) : [...LANGS];

  // unique ids
  checkUnique(c.properties, 'properties', (p) => p.ID, 'ID', report);
  checkUnique(c.properties, 'properties', (p) => p.RecordFile, 'RecordFile', report);
  checkUnique(c.projects, 'projects', (p) => p.ID, 'ID', report);
  checkUnique(c.projects, 'projects', (p) => p.ProjectNumber, 'ProjectNumber', report);
  checkUnique(c.articles, 'articles', (a) => a.id, 'id', report);
  checkUnique(c.articleCategories, 'articleCategories', (a) => a.id, 'id', report);
  checkUnique(c.team, 'team', (t) => t.id, 'id', report);
  checkUnique(c.categories, 'categories', (k) => k.ID, 'ID', report);
  checkUnique(c.categories, 'categories', (k) => k.WebID, 'WebID', report);
  checkUnique(c.pathTable, 'pathTable', (e) => e.original, 'original', report);
  c.projects?.forEach((project, p) =>
    checkUnique(
      project.Units,
      'projects',
      (u) => u.ID,
      'ID',
      (path, reason) => report(['projects', p, 'Units', ...path.slice(1)], reason),
    ),
  );

  // menu: ids, module ids, parents, localized paths
  if (c.menu) {
    const pageIds = new Map<number, string>();
    const moduleIds = new Map<number, string>();
    const fullPaths = new Map<string, string>();
    const segmentsOf = new Map<MenuPage, Partial<Record<Lang, string>>>();
    walkMenu(c.menu, (page, path, parent) => {
      const where = formatPath(path.slice(1));
      const firstPage = pageIds.get(page.id);
      if (firstPage !== undefined) report([...path, 'id'], `duplicate menu page id ${page.id} (first at ${firstPage})`);
      else pageIds.set(page.id, where);
      if ((parent?.id ?? null) !== page.parentId) {
        report([...path, 'parentId'], `expected ${parent ? parent.id : 'null'} (the enclosing page)`);
      }
      page.params.modules.forEach((module, m) => {
        const firstModule = moduleIds.get(module.id);
        if (firstModule !== undefined) report([...path, 'params', 'modules', m, 'id'], `duplicate module id ${module.id} (first at ${firstModule})`);
        else moduleIds.set(module.id, `${where}.params.modules[${m}]`);
      });
      const mine: Partial<Record<Lang, string>> = {};
      for (const lang of usedLangs) {
        const segment = page.path[lang];
        if (segment === undefined) {
          report([...path, 'path', lang], `missing path for used language ${lang}`);
          continue;
        }
        if (segment === '' && page.kind !== 'home') report([...path, 'path', lang], 'empty path is reserved for the home page');
        const parentPath = parent ? segmentsOf.get(parent)?.[lang] : '';
        if (parentPath === undefined) continue;
        const joined = [parentPath, segment].filter(Boolean).join('/');
        mine[lang] = joined;
        const full = joined ? `/${lang}/${joined}/` : `/${lang}/`;
        const other = fullPaths.get(full);
        if (other !== undefined) report([...path, 'path', lang], `duplicate localized path ${full} (also ${other})`);
        else fullPaths.set(full, `menu page ${page.id}`);
      }
      segmentsOf.set(page, mine);
    });
    c.pathTable?.forEach((entry, index) => {
      for (const lang of LANGS) {
        const full = entry[lang];
        if (full === undefined) continue;
        const other = fullPaths.get(full);
        if (other !== undefined) report(['pathTable', index, lang], `duplicate localized path ${full} (also ${other})`);
        else fullPaths.set(full, `path table entry ${entry.original}`);
      }
    });
  }

  // module relations
  if (c.menu) {
    const articleIds = c.articles ? new Set(c.articles.map((a) => a.id)) : undefined;
    const categoryIds = c.articleCategories ? new Set(c.articleCategories.map((a) => a.id)) : undefined;
    const projectIds = c.projects ? new Set(c.projects.map((p) => p.ID)) : undefined;
    const webIds = c.categories ? new Set(c.categories.map((k) => k.WebID)) : undefined;
    // A page may hold any visitor form, with or without a thank-you page.
    const forms = new Set<string>(VISITOR_FORMS);
    walkMenu(c.menu, (page, path) => {
      page.params.modules.forEach((module, m) => {
        const at = [...path, 'params', 'modules', m, 'relations'];
        const { type, id, filter } = module.relations;
        const expectNumberIn = (set: Set<number> | undefined, what: string) => {
          if (typeof id !== 'number') report([...at, 'id'], `expected the id of ${what}`);
          else if (set && !set.has(id)) report([...at, 'id'], `unknown ${what} ${id}`);
        };
        if (type === 'article') expectNumberIn(articleIds, 'an article');
        else if (type === 'category') expectNumberIn(categoryIds, 'an article category');
        else if (type === 'project-list' && id !== null) expectNumberIn(projectIds, 'a project');
        else if (type === 'contact' && (typeof id !== 'string' || !forms.has(id))) {
          report([...at, 'id'], `expected a form name (${FORM_NAMES.join(', ')})`);
        } else if (type === 'property-list' && id !== null) report([...at, 'id'], 'expected null');
        filter?.webIds?.forEach((webId, w) => {
          if (webIds && !webIds.has(webId)) report([...at, 'filter', 'webIds', w], `unknown category WebID "${webId}"`);
        });
      });
    });
  }

  // articles and categories
  if (c.articles && c.articleCategories) {
    const categoryIds = new Set(c.articleCategories.map((a) => a.id));
    c.articles.forEach((article, i) => {
      if (!categoryIds.has(article.categoryId)) report(['articles', i, 'categoryId'], `unknown article category ${article.categoryId}`);
    });
  }
  if (c.articleCategories) {
    const categoryIds = new Set(c.articleCategories.map((a) => a.id));
    c.articleCategories.forEach((category, i) => {
      if (category.parentId !== null && !categoryIds.has(category.parentId)) {
        report(['articleCategories', i, 'parentId'], `unknown parent category ${category.parentId}`);
      }
    });
  }

  // properties → categories, projects, marquee names
  if (c.properties) {
    const categories = c.categories ? new Map(c.categories.map((k) => [k.WebID, k])) : undefined;
    const projectIds = c.projects ? new Set(c.projects.map((p) => p.ID)) : undefined;
    const ignored = new Set(c.site?.marqueeIgnore ?? []);
    c.properties.forEach((property, i) => {
      if (categories) {
        const category = categories.get(property.WebID);
        if (!category) report(['properties', i, 'WebID'], `unknown category WebID "${property.WebID}"`);
        else if (property.Goal === 0 ? !category.Sale : !category.Rent) {
          report(['properties', i, 'Goal'], `category WebID "${property.WebID}" is not used for ${property.Goal === 0 ? 'sale' : 'rent'}`);
        }
        for (const webId of splitWebIds(property.WebIDs)) {
          if (!categories.has(webId)) report(['properties', i, 'WebIDs'], `unknown category WebID "${webId}"`);
        }
      }
      if (property.ProjectID !== null && projectIds && !projectIds.has(property.ProjectID)) {
        report(['properties', i, 'ProjectID'], `unknown project ${property.ProjectID}`);
      }
      if (ignored.has(property.Marquee)) {
        for (const lang of usedLangs) {
          if (!property.MarqueeName?.[lang]) report(['properties', i, 'MarqueeName', lang], `needed: Marquee ${property.Marquee} is in site.marqueeIgnore`);
        }
      }
    });
  }
  if (c.projects && c.properties) {
    const propertyIds = new Set(c.properties.map((p) => p.ID));
    c.projects.forEach((project, p) =>
      project.Units.forEach((unit, u) => {
        if (unit.PropertyID !== null && !propertyIds.has(unit.PropertyID)) {
          report(['projects', p, 'Units', u, 'PropertyID'], `unknown property ${unit.PropertyID}`);
        }
      }),
    );
  }

  // path table → articles, dictionaries
  if (c.pathTable) {
    const articleIds = c.articles ? new Set(c.articles.map((a) => a.id)) : undefined;
    c.pathTable.forEach((entry, i) => {
      if (entry.articleId !== undefined && articleIds && !articleIds.has(entry.articleId)) {
        report(['pathTable', i, 'articleId'], `unknown article ${entry.articleId}`);
      }
    });
  }

  // translations
  if (c.translations) {
    const dictionaries = c.translations;
    for (const lang of usedLangs) {
      const dictionary = dictionaries[lang];
      if (!dictionary || Object.keys(dictionary).length === 0) report(['translations', lang], `no dictionary for used language ${lang}`);
    }
    const defaultLang = c.site?.languageSetting.languageDefault;
    const reference = defaultLang ? dictionaries[defaultLang] : undefined;
    if (defaultLang && reference) {
      for (const lang of LANGS) {
        const dictionary = dictionaries[lang];
        if (!dictionary || lang === defaultLang || Object.keys(dictionary).length === 0) continue;
        for (const key of Object.keys(reference)) {
          if (!(key in dictionary)) report(['translations', lang, key], `missing (present in ${defaultLang}.json)`);
          else if (placeholders(dictionary[key] ?? '') !== placeholders(reference[key] ?? '')) {
            report(['translations', lang, key], `placeholders differ from ${defaultLang}.json ({{${placeholders(reference[key] ?? '') || '—'}}})`);
          }
        }
        for (const key of Object.keys(dictionary)) {
          if (!(key in reference)) report(['translations', lang, key], `not in the default language (${defaultLang}.json)`);
        }
      }
      const needed = new Set<string>();
      for (const [prefix, codes] of Object.entries(CODE_LISTS)) for (const code of codes) needed.add(codeLabelKey(prefix as CodePrefix, code));
      c.pathTable?.forEach((entry) => entry.messageKey && needed.add(entry.messageKey));
      for (const key of needed) {
        if (!(key in reference)) report(['translations', defaultLang, key], 'missing (label used by the content)');
      }
    }
  }
  return problems;
}
