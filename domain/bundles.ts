/**
 * The shapes the publish step writes to KV and the site reads back.
 * Source content is described by `schema.ts`; these are views of it, localized for one
 * language and grouped by how a page reads them.
 */
import type { Lang } from './lang.ts';
import type { PageKind } from './page-kinds.ts';

/** Every KV key of one content version, in one place so writer and reader agree. */
export const contentKeys = {
  pointer: 'current',
  manifest: (version: string) => `v/${version}/manifest`,
  site: (version: string, lang: Lang) => `v/${version}/site/${lang}`,
  pages: (version: string, lang: Lang) => `v/${version}/pages/${lang}`,
  routing: (version: string) => `v/${version}/routing`,
  listing: (version: string, lang: Lang) => `v/${version}/listing/${lang}`,
  property: (version: string, lang: Lang, id: number) => `v/${version}/property/${lang}/${id}`,
  project: (version: string, lang: Lang, id: number) => `v/${version}/project/${lang}/${id}`,
  sitemap: (version: string) => `v/${version}/sitemap`,
  /** The validated content besides the listings, for a sync run by the worker itself. */
  source: (version: string) => `v/${version}/source`,
  /** What the CRM sync remembers between runs (fingerprints, prices, withdrawn listings). */
  sync: (version: string) => `v/${version}/sync`,
  /** Listings the CRM withdrew: their URLs answer 410 with similar properties. */
  withdrawn: (version: string) => `v/${version}/withdrawn`,
  /** What this version brought that alerts tell about: new listings and price drops. */
  changes: (version: string) => `v/${version}/changes`,
  versionPrefix: (version: string) => `v/${version}/`,
} as const;

/** A listing that left the CRM's export: enough to answer its URL with 410 and similar properties. */
export interface WithdrawnListing {
  goal: number;
  webId: string;
  zip: string;
  city: string;
  countryId: number;
  lat: number | null;
  lng: number | null;
  /** The UTC day it was withdrawn. */
  on: string;
}

export type WithdrawnBundle = Record<string, WithdrawnListing>;

/** New listings and price drops of a version, for the alerts that follow its publish. */
export interface ChangesBundle {
  added: number[];
  priceDrops: number[];
}

export interface Manifest {
  version: string;
  publishedAt: string;
  /** Every key of the version, so a publish can verify what it wrote and a cleanup can find it. */
  keys: string[];
  previous: string | null;
}

export interface LinkItem {
  label: string;
  href: string;
  external: boolean;
  icon?: string;
  color?: string;
}

export interface MenuItem {
  id: number;
  label: string;
  /** Localized path, or the redirect URL for redirect items. */
  href: string;
  /** Redirect items open their own URL in a new tab. */
  newTab: boolean;
  children: MenuItem[];
}

export interface FooterColumnView {
  title?: string;
  introText?: string;
  fullText?: string;
  images: string[];
  col: { sm: number; md: number; lg: number };
}

export interface AgencyView {
  name: string;
  legalName: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  countryId: number;
  phone: string;
  email: string;
  vatNumber: string;
  ipiNumber: string;
  logoUrl: string;
  /** Public origin of the site, when content sets it. */
  siteUrl?: string;
  openingHours: { days: string[]; opens: string; closes: string }[];
  geo: { lat: number; lng: number };
}

/**
 * The layout of one language as KV holds it: small, no path table, with the language's
 * dictionary. The browser gets the layout as `SiteView` and the dictionary on its own.
 */
export interface SiteBundle {
  /**
   * The version of this language's words: a fingerprint of its dictionary. The page names its
   * dictionary by it (an immutable URL), so a page kept through publishes that left the words
   * alone still names a dictionary the site serves.
   */
  dictionaryVersion: string;
  /** Turnstile site key of this deployment (not content): set by the worker, absent when captcha is off. */
  captchaSiteKey?: string;
  lang: Lang;
  languages: Lang[];
  /** The language switcher shows a small flag before each language's code. */
  languageFlags: boolean;
  defaultLang: Lang;
  agency: AgencyView;
  header: {
    logoPosition: 'left' | 'center';
    showLogoAtStart: boolean;
    fixedHeaderOnScroll: boolean;
    maxMenuItems: number | null;
  };
  topBar: { left: LinkItem[]; right: LinkItem[]; fontSize: string; color: string; bgColor: string };
  menu: MenuItem[];
  footer: { bgColor: string; textColor: string; maxWidth: string; copyright: string; columns: FooterColumnView[] };
  banner: {
    type: 'image' | 'gallery' | 'video';
    images: string[];
    video: string | null;
    title: string | null;
    description: string | null;
    /** Gallery autoplay speed in ms, null when the gallery does not play by itself. */
    autoplaySpeed: number | null;
  };
  /** Home-path of each language, for the switcher when a page has no twin. */
  homes: Record<string, string>;
  /** Localized paths the layout links to (lists, free valuation, policies). */
  links: Record<'sale' | 'rent' | 'valuation' | 'contact' | 'privacy' | 'cookies' | 'disclaimer', string>;
  siteInfo: { analyticsId: string; adsId: string; tagManagerId: string; facebookPixel: string };
  marqueeIgnore: number[];
  /** The colours of the site's mails (worker/mail/layout.tsx); the worker's alone, not sent to pages. */
  mail?: { logoUrl: string | null; brand: string; brandInk: string; accent: string };
  /** The retention periods in force, in days per kind (domain/privacy/retention.ts), the agency's choices applied. */
  retention?: Record<string, number>;
  /** Property categories in this language, for forms that ask for a type. */
  categories: { webId: string; name: string }[];
  /** The hubs travel times are counted to, named in this language, and the timetables' dates: what the list's filter offers. */
  transit?: { hubs: { id: string; name: string }[]; day: string; validTo: string; arriveBy: string };
  /** A flood layer speaks for this agency's listings: the list offers "outside flood hazard zones". */
  floodFilter?: true;
  dict: Record<string, string>;
}

/**
 * The layout as pages and `/api/site` carry it: the bundle without its dictionary, which
 * the browser fetches once per language and version (`/api/dictionary/…`, immutable).
 */
export type SiteView = Omit<SiteBundle, 'dict' | 'mail'> & {
  /** The agency's colours (its mails' settings), which the pages are drawn in too. */
  colours?: { brand: string; brandInk: string; accent: string };
};

/** Where a localized path leads. Properties and projects are resolved by id, not listed here. */
export interface PathTarget {
  kind: PageKind;
  lang: Lang;
  /** Menu page id, article id or form name, by kind. */
  ref: string;
  original: string;
  twins: Partial<Record<Lang, string>>;
  breadcrumb: { label: string; path: string }[];
  /** For redirect items: where to go. */
  location?: string;
  /** A redirect for good (301): an address a name builds whose page is elsewhere. */
  permanent?: boolean;
  /** The page's SEO switch is off: left out of the sitemap, `noindex` in its head. */
  unlisted?: boolean;
  /** For thank-you pages: the dictionary key of the success message. */
  messageKey?: string;
}

export type PathIndex = Record<string, PathTarget>;

/** Server-only routing data: read on every request, never sent to the browser. */
export interface RoutingBundle {
  languages: Lang[];
  defaultLang: Lang;
  /** Localized path → what it is. */
  paths: PathIndex;
  /** Lower-cased original path → its localized twins, for 301s. */
  originals: Record<string, Partial<Record<Lang, string>>>;
  /** Localized list segment per language and goal, for property paths. */
  listSegments: Record<'sale' | 'rent', Partial<Record<Lang, string>>>;
  /** Localized projects segment per language, for project paths. */
  projectSegments: Partial<Record<Lang, string>>;
  /** What each page is drawn from, fingerprinted at publish: the keys of kept pages (worker/pages/page-fingerprint.ts). */
  fingerprints: PageFingerprints;
}

/**
 * Fingerprints of the data pages are drawn from, computed when content is compiled, so a
 * kept page is keyed by what it shows rather than by the content version: a publish that
 * changes one listing changes the keys of the pages that show it, and of no other.
 * Each is a short hash of the JSON the site stores for that part.
 */
export interface PageFingerprints {
  /** Per language: the layout and its words (the site bundle) and the routing every page is found by. */
  layout: Partial<Record<Lang, string>>;
  /** Per language: menu pages, articles, team and category names (the pages bundle without what listings change). */
  pages: Partial<Record<Lang, string>>;
  /** Per language: the project cards (their units on offer and prices change with the listings). */
  projects: Partial<Record<Lang, string>>;
  /** Per language: every listing card, for the pages that pick among all of them (a withdrawn listing's similar ones). */
  listing: Partial<Record<Lang, string>>;
  /** Property id → its page's data in every language: details, card, similar listings. */
  property: Record<string, string>;
  /** Property id → its list card in every language: what lists, home modules and similar strips show of it. */
  card: Record<string, string>;
  /** Project id → its page's data in every language. */
  project: Record<string, string>;
  /** Ids of property pages that show a figure of today's date (a renovation deadline counted from today). */
  daily: number[];
  /** Property id → the UTC day from which it is gone for good (410). */
  goneOn: Record<string, string>;
  /** UTC days on which a dated rule a property page applies comes into or out of force. */
  ruleDays: string[];
}

export interface ArticleView {
  id: number;
  categoryId: number | null;
  title: string;
  summary: string;
  body: string;
  image: string | null;
  /** When it was first published (ISO), when the content says. */
  published?: string;
}

export const MODULE_POSITIONS = ['topRow', 'contentRow', 'bottomRow'] as const;
export type ModulePosition = (typeof MODULE_POSITIONS)[number];

export interface ModuleView {
  id: number;
  title: string;
  titleSize: 'h1' | 'h2';
  description: string;
  description2: string;
  view: string;
  className: string;
  background: string | null;
  image: string | null;
  images: string[];
  numberItemOfRow: number;
  maxItems: number;
  /** A category module lists its sub-categories' articles too. */
  hasSubcategories: boolean;
  span: number;
  /** Its width in columns of 12 on a phone, a tablet and a desktop (`span` where the agency gave no `col`). */
  col: { sm: number; md: number; lg: number };
  /** Its row on the page: above the page's text, in its body, or last. */
  position: ModulePosition;
  relation: {
    type: 'property-list' | 'article' | 'category' | 'project-list' | 'contact' | 'testimonials';
    id: string | null;
    goal: number | null;
    /** A property list's own order and narrowing, as the agency set them (newest first, every type, Belgium otherwise). */
    sort?: string | null;
    webIds?: string[];
    countryId?: number | null;
  };
}

export interface PageView {
  id: number;
  kind: PathTarget['kind'];
  title: string;
  description: string;
  content: string;
  meta: {
    pageTitle?: string;
    metadataTitle?: string;
    metadataDescription?: string;
    ogTitle?: string;
    ogDescription?: string;
    ogImage?: string;
    twitterTitle?: string;
    twitterDescription?: string;
    twitterImage?: string;
  };
  modules: ModuleView[];
  /** false: search engines are asked not to index the page (its SEO switch is off). */
  indexed: boolean;
  /** The header stays at the top of the window once the visitor scrolls, on this page. */
  fixedMenu: boolean;
  /** The row of links under the title (its sub-menu, or its sub-pages); empty for none. */
  subMenu: { label: string; href: string; external: boolean }[];
  /** How the banner draws when `showPageBanner`: an image, a muted looping video, a colour, or nothing. */
  banner: { type: 'image' | 'video' | 'color' | 'gallery' | 'none'; image: string | null; images: string[]; video: string | null; transparent: boolean };
  showBreadCrumb: boolean;
  showPageBanner: boolean;
  bannerTitle: string | null;
  bannerDescription: string | null;
  bannerColor: string | null;
  /** The page's own logo for the header, instead of the agency's; null for the agency's. */
  logo: string | null;
  noReferrerNoFollow: boolean;
  css: string | null;
  childIds: number[];
}

export interface TeamMemberView {
  id: number;
  name: string;
  role: string;
  languages: Lang[];
  phone: string;
  email: string;
  photo: string;
}

/** Server-side page content of one language: menu pages, articles, team. */
export interface PagesBundle {
  pages: Record<string, PageView>;
  /** Menu page id → its localized path (or its redirect URL). */
  pagePaths: Record<string, string>;
  /** Article id → the localized path of the page that shows it in full. */
  articlePaths: Record<string, string>;
  articles: ArticleView[];
  articleCategories: { id: number; parentId: number | null; name: string; path: string | null }[];
  team: TeamMemberView[];
  categories: { id: number; webId: string; name: string; showOrder: number; sale: boolean; rent: boolean; countSale: number; countRent: number }[];
  cities: { name: string; zip: string; countryId: number; countSale: number; countRent: number }[];
  projects: ProjectCardView[];
}

export interface PictureView {
  url: string;
  width: number;
  height: number;
  name: string;
}

/** One card of a list: the property summary card plus what a list shows. */
/** A listing's features a list can be narrowed to. */
export type ListingFeature = 'garden' | 'parking' | 'terrace' | 'new' | 'noflood';

export interface CardView {
  id: number;
  goal: number;
  reference: string;
  path: string;
  city: string;
  zip: string;
  countryId: number;
  typeDescription: string;
  mainTypeName: string;
  webIds: string[];
  marquee: number;
  marqueeName: string | null;
  price: number | null;
  publishPrice: boolean;
  priceUnit: number | null;
  priceUnitText: string;
  priceOnDemand: boolean;
  /** The last price drop (real previous price, UTC day), only where the price is shown. */
  priceDrop?: { from: number; on: string };
  bedrooms: number | null;
  surfaceLiving: number | null;
  /** The land's area: what a plot's card shows. */
  surfaceGround: number | null;
  /** What a buyer filters on beyond figures: a garden, a garage or parking, a terrace, a new build. */
  features: ListingFeature[];
  epcLabelText: string;
  energyPerformance: number | null;
  status: string;
  /** Sold or rented: the UTC day (YYYY-MM-DD) from which it answers 410 and leaves lists and the sitemap. */
  goneOn?: string;
  createDate: string;
  lat: number | null;
  lng: number | null;
  picture: PictureView | null;
  /**
   * Minutes by public transport to each of the site's hubs on the typical weekday (null where
   * no journey arrives in time), in the site's order, until the timetables' last valid day.
   */
  travel?: { until: string; minutes: Record<string, number | null> };
  /** The official flood map puts the listing's own position in a high hazard zone (Wallonia, Luxembourg) or gives its parcel a D: the card says so. */
  floodHazard?: 'high';
}

export interface ProjectCardView {
  id: number;
  name: string;
  path: string;
  external: boolean;
  city: string;
  zip: string;
  priceMin: number | null;
  priceMax: number | null;
  picture: PictureView | null;
  unitsAvailable: number;
  unitsTotal: number;
}

/** One indexable page of the sitemap: its path in every language it exists in. */
export interface SitemapEntry {
  twins: Partial<Record<Lang, string>>;
  /** Last change of the page's own data (a property's ModifyDate); null: the version's publish time. */
  lastmod: string | null;
  /** Sold or rented listings leave the sitemap from this UTC day on. */
  goneOn: string | null;
  /** The hreflang x-default when it is not the default language's twin: '/' for the home, itself listed. */
  xDefault?: string;
}

/** Every public page, property and project, compiled once per version for /sitemap.xml. */
export interface SitemapBundle {
  entries: SitemapEntry[];
}
