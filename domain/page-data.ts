/**
 * What a route loader returns for one localized path. The worker computes it (SSR and
 * `/api/page`), the browser renders it; both import these types so they cannot drift.
 */
import type { FormName } from './forms/names.ts';
import type { ArticleView, ModuleView, CardView, PageView, ProjectCardView, SiteBundle, TeamMemberView } from './bundles.ts';
import type { TravelView } from './travel.ts';
import type { LandView } from './land.ts';
import type { Lang } from './lang.ts';
import type { ListSearch } from './search.ts';
import type { CostRates, CostRegion, RegistrationRates } from './rules/buying-costs.ts';

/** An open visit slot of a property. */
export interface VisitSlot {
  id: string;
  startsAt: string;
  left: number;
}

/** A booked visit, as the holder of its secret sees it. */
export interface VisitView {
  startsAt: string;
  cancelled: boolean;
  property: { title: string; zip: string; city: string; reference: string; path: string } | null;
  icsPath: string;
  cancelPath: string;
}

export interface HeadData {
  title: string;
  description: string;
  /** Absolute canonical URL of this page. */
  canonical: string;
  /** Absolute URL of every language twin of this page, for hreflang. */
  alternates: Partial<Record<Lang, string>>;
  /** Absolute URL for hreflang x-default: '/' for the home, else the default language's twin. */
  xDefault: string | null;
  noindex: boolean;
  /** Open Graph / Twitter card image: the main photo resized for social cards, absolute. */
  image: { url: string; width: number | null; height: number | null; alt: string } | null;
  /** Open Graph fields (their own title and description when the content sets them); title and description stand in when absent. */
  social?: {
    title: string;
    description: string;
    siteName: string;
    locale: string;
    localeAlternates: string[];
    type: 'website' | 'article';
    /** The page's own Twitter card, when the content sets one; the Open Graph fields otherwise. */
    twitter?: { title?: string; description?: string; image?: string };
  };
  /** The page's schema.org graph (agency, breadcrumbs, listing) as JSON text; absent or '' for none. */
  jsonLd?: string;
}

export interface Crumb {
  label: string;
  path: string;
}

/** What the site holds about one address (GDPR art. 15), as its owner sees it behind their link. */
export interface PrivacyHeld {
  email: string;
  requests: { form: string; receivedAt: string; fields: Record<string, unknown>; files: number; sentToCrm: boolean }[];
  bookings: { startsAt: string; status: string }[];
  alerts: { list: string; status: string; since: string }[];
  newsletter: { status: string; since: string } | null;
  mails: { subject: string; sentAt: string }[];
  testimonials: { status: string; createdAt: string }[];
}

/**
 * The privacy page's step: `ask` the address; `asked` (the same answer whether the address is
 * known or not); `open` a link (a button, so a mail scanner opens nothing); `held` the data
 * with its actions; `erased` what erasing removed and what is kept by law.
 */
export interface PrivacyView {
  path: string;
  step: 'ask' | 'asked' | 'open' | 'held' | 'confirm-erase' | 'erased' | 'expired';
  /** The link's token (step open) or the opened session's (steps held and confirm-erase): posted back by the page's forms. */
  token?: string;
  held?: PrivacyHeld;
  /** After an action: what it did. */
  notice?: string;
  erased?: Record<string, number>;
  /** The CRM keeps its own copy: the agency erases it there (step erased). */
  crmToldToAgency?: boolean;
}

export interface MessageDetail {
  key: string;
  params: Record<string, string>;
}

export interface Facet {
  value: string;
  label: string;
  count: number;
  /** A whole municipality (`all-5000`), drawn above its towns. */
  municipality?: true;
  /** A town's municipality, when the list has it as a whole: the town is drawn under it. */
  within?: string;
}

export interface ListResult {
  goal: 'sale' | 'rent' | 'abroad';
  cards: CardView[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  /** The search state the worker applied (after validation and defaults). */
  search: ListSearch;
  /** Property types of this list with their counts (Web ID records). */
  types: Facet[];
  /** Places of this list with their per-place counts. */
  places: Facet[];
}

/** One module of a menu page with the content its relation points at (Module). */
export interface ModuleBlock {
  module: ModuleView;
  /** article: the article; category: its published articles, with the page that shows each. */
  articles: (ArticleView & { path: string | null })[];
  /** category modules with sub-categories: each sub-category and its articles. */
  subcategories: { id: number; name: string; path: string | null; articles: (ArticleView & { path: string | null })[] }[];
  cards: CardView[];
  projects: ProjectCardView[];
  members: TeamMemberView[];
  /** contact: which form this slot holds. */
  form: string | null;
  /** testimonials: the approved ones, newest first. */
  testimonials: TestimonialView[];
}

/** An approved testimonial as the site shows it. */
export interface TestimonialView {
  id: string;
  name: string;
  comment: string;
  homepage: string | null;
  /** Our own URL of the photo, when one was sent. */
  photo: string | null;
  /** Date of posting, YYYY-MM-DD. */
  postedAt: string;
  /** The language it was written in (comments are not translated). */
  lang: string;
}

export interface HomeData {
  kind: 'home';
  page: PageView | null;
  blocks: ModuleBlock[];
}

/**
 * A document of a property or project. A downloadable one has its address on the site, its
 * format ('PDF') and, once the file is found, its size; without the file it is on request.
 */
export interface DocumentView {
  name: string;
  kind: string;
  requestOnly: boolean;
  url?: string;
  format?: string;
  bytes?: number;
}

export type PageBody =
  | HomeData
  | { kind: 'list'; list: ListResult; page: PageView | null }
  /** `slots`: the open visit slots, drawn by the server when the page is asked with `?book=1`. */
  | { kind: 'property'; property: PropertyPageView; slots?: VisitSlot[] }
  | { kind: 'projects'; projects: ProjectCardView[]; page: PageView | null }
  | { kind: 'project'; project: ProjectPageView }
  | { kind: 'content'; page: PageView; blocks: ModuleBlock[]; children: { title: string; path: string; summary: string }[] }
  | { kind: 'team'; page: PageView; intro: ArticleView | null; members: TeamMemberView[] }
  | { kind: 'form'; form: FormName; page: PageView | null; article: ArticleView | null }
  /** `visit`: the booked visit the thank-you page states (its day and time, the .ics file, the cancel link). */
  | { kind: 'thanks'; form: string; messageKey: string; visit?: VisitView | null }
  /**
   * A message page; `action` adds one button that posts to its path (a confirmation), and
   * `detail` one more sentence with values the server composed from the catalogue (a saved
   * search's criteria).
   */
  | { kind: 'message'; titleKey: string; messageKey: string; action?: { path: string; labelKey: string }; detail?: MessageDetail }
  /** The favourites of a browser or a shared link: each with what it is now. */
  | { kind: 'favourites'; items: FavouriteItem[] }
  /** The alerts of one address, opened from the manage link of their mails (no account). */
  | { kind: 'alerts'; manage: AlertsView }
  /** A visitor's rights over their data: asking for the link, and what is held behind it. */
  | { kind: 'privacy'; privacy: PrivacyView }
  /** The accessibility statement: conformance, known exceptions, how to report a barrier. */
  | { kind: 'accessibility'; statementDate: string }
  | { kind: 'login' }
  | { kind: 'owner-forgot'; sent: boolean }
  | { kind: 'owner-reset'; token: string; valid: boolean }
  | { kind: 'owner-portal'; portal: OwnerPortalView }
  /**
   * 404 for an unknown page or property; 410 for a sold or rented one past its grace
   * period and for one the agency withdrew, with similar properties still on offer.
   */
  | { kind: 'not-found'; what: NotFoundWhat; listPath: string | null; similar?: CardView[] };

/** A saved property as it is now: on offer (or under option), sold, rented, withdrawn, or unknown to the site. */
export interface FavouriteItem {
  id: number;
  state: 'available' | 'option' | 'sold' | 'rented' | 'withdrawn' | 'unknown';
  card: CardView | null;
  /** The town of a withdrawn listing (its card is gone). */
  city?: string;
}

export interface AlertsView {
  /** Where the page posts its changes: the manage link itself. */
  path: string;
  email: string;
  alerts: { id: number; description: string; frequency: 'instant' | 'daily' | 'weekly'; listUrl: string; pending: boolean }[];
  /** What the last change did, said at the top of the page. */
  notice?: 'ALERT_UPDATED' | 'ALERT_DELETED' | 'ALERTS_DELETED';
}

export type NotFoundWhat = 'page' | 'property' | 'sold' | 'rented' | 'withdrawn';

export interface PageMeta {
  head: HeadData;
  /** Localized path of this page in each language it exists in, for the switcher. */
  twins: Partial<Record<Lang, string>>;
  breadcrumb: Crumb[];
  status: 200 | 404 | 410;
}

/** A form posted without JavaScript that came back with errors: its input is kept. */
export interface FormState {
  form: string;
  values: Record<string, unknown>;
  errors: { field: string; key: string }[];
}

export type PageData = PageBody &
  PageMeta & {
    /** A path with a 'preview' segment: shown to the agency before publication, never indexed. */
    preview: boolean;
    formState?: FormState;
  };

/** Visits of a property page counted by the worker (owner statistics). */
export interface VisitCounts {
  today: number;
  week: number;
  month: number;
  total: number;
}

/** One of the owner's properties, as the portal lists it. */
export interface OwnerPropertyView {
  id: number;
  title: string;
  city: string;
  reference: string;
  /** The public detail page, when the property is still published. */
  path: string | null;
  visits: VisitCounts;
}

/** One row of the communication history: codes are translated by the screen. */
export interface OwnerHistoryRow {
  propertyId: number;
  /** YYYY-MM-DD. */
  date: string;
  type: string;
  contact: string;
  subject: string;
  comment: string;
  status: string;
  source: string;
}

/** What an owner sees: their properties and the statistics of the one chosen, or of all. */
export interface OwnerPortalView {
  ownerName: string;
  properties: OwnerPropertyView[];
  /** The property shown; null shows all properties together. */
  selected: number | null;
  visits: VisitCounts;
  /** Visits of each of the last 30 days, oldest first; `day` is YYYY-MM-DD. */
  daily: { day: string; visits: number }[];
  /** Visits by the language of the page viewed, most first. */
  byLang: { lang: string; visits: number }[];
  history: OwnerHistoryRow[];
  /** The language of the history's subjects and comments: the agents write them in the agency's own, whatever the page's. */
  notesLang: string;
  /** When the agency's records behind the history and the media figures were taken (ISO); null when never imported. */
  figuresAsOf: string | null;
  /** True when the figures come from the agency's CRM and it could not be asked just now: those shown are the last read, dated by figuresAsOf. */
  figuresNotRefreshed: boolean;
  /** Online media (property portals, social), totals since `mediaSince` (YYYY-MM). */
  media: { medium: string; views: number; clicks: number; contacts: number }[];
  mediaSince: string | null;
  /** A message to show once, e.g. after a password change. */
  noticeKey: string | null;
}

/** A property detail in one language: source fields with translatable ones resolved. */
export interface PropertyPageView {
  card: CardView;
  /** Localized path of this property in each language it is published in. */
  twins: Partial<Record<Lang, string>>;
  fields: Record<string, string | number | boolean | null>;
  description: string;
  photos: { url: string; width: number; height: number; name: string }[];
  documents: DocumentView[];
  videoUrl: string | null;
  virtualTourUrl: string | null;
  address: string | null;
  /** Energy label by the region's scale, with its image when the region has one. */
  epc: { label: string; display: string; image: string | null } | null;
  /**
   * What buying it costs beyond the price: the region's dated rates (conditions in the page's
   * language), the price, the EPC score and living area; the page computes the figures for
   * the buyer's situation and loan with the entry in force on the day it is shown.
   */
  costs: {
    price: number;
    region: CostRegion;
    rates: CostRates<RegistrationRates & { conditions: string; source: string }>;
    energyScore: number | null;
    livingArea: number | null;
  } | null;
  /** Years to reach label D for a buyer today, when the energy notice applies. */
  renovationYears: number | null;
  /** Same type and goal, nearest first. */
  similar: CardView[];
  /** Journeys by public transport to the agency's hubs; null where the site counts none or the listing has no position. */
  travel: TravelView | null;
  /** What the official layers say of the place (flood, zoning, noise, radon, deed prices); null where no facts build covers it. */
  land: LandView | null;
}

export interface ProjectPageView {
  card: ProjectCardView;
  /** The agency's project number, as buyers quote it. */
  number: string;
  /** The country, localized: projects are in Belgium and in Luxembourg. */
  country: string;
  twins: Partial<Record<Lang, string>>;
  description: string;
  delivery: string;
  technical: string;
  situation: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  photos: { url: string; width: number; height: number; name: string }[];
  documents: DocumentView[];
  units: { id: number; name: string; floor: string; requirement: string; bedrooms: number | null; surface: number | null; price: number | null; status: string }[];
}

/**
 * How routes get content. On the server it reads the content repository directly; in the
 * browser it asks the worker's JSON endpoints. Same answers either way.
 */
export interface ContentLoader {
  /** The layout with its dictionary; the root loader keeps the dictionary out of the page. */
  site(lang: Lang): Promise<SiteBundle>;
  /** The page at `path`, with its query already read once into a ListSearch (the route's validateSearch). */
  page(lang: Lang, path: string, search: ListSearch): Promise<PageData>;
  /**
   * Browser only, before hydration: loads what the server's page was drawn with and is not
   * inside it (its dictionary). False when it could not be had.
   */
  hydrationReady?(): Promise<boolean>;
}
