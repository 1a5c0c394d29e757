/**
 * Every kind of page and every decision a kind needs (indexed, listed, private, warmed, a
 * list's goal, the form it hosts), in one registry read by the content schema, the resolver,
 * crawlers and the warmer.
 */
import type { FormName } from './forms/names.ts';

/** What the lists show: Belgian sales, Belgian rentals, or listings abroad. */
export type ListGoal = 'sale' | 'rent' | 'abroad';

/** What a kind of page is, for everyone who treats pages by kind. */
interface PageKindFacts {
  /** The content's menu may name it (the content schema reads MENU_KINDS from here). */
  menu: boolean;
  /** The visitor form the page hosts. */
  form?: FormName;
  /** Search engines may index it; false writes `noindex` in its head. */
  indexed: boolean;
  /** In the sitemap. */
  listed: boolean;
  /** Kept from crawlers by robots.txt (meaningless or private without a visitor's own submission). */
  private: boolean;
  /** Fetched ahead after a publish that rewrote the content's pages ('content'), or the lists' layout ('list'). */
  warmed: 'content' | 'list' | false;
  /** For a list: the listings it shows. */
  list?: ListGoal;
}

/**
 * Every kind of page, the one place to add one, with every decision a kind needs: whether
 * the menu may name it, the form it hosts, whether it is indexed, in the sitemap, kept from
 * crawlers, warmed after a publish, and which listings a list shows. A kind added here fails
 * the type-check until each fact is given and the resolver draws it (`bodyFor`,
 * worker/pages/resolve.ts); a form page's form is a FormName.
 */
export const PAGE_KINDS = {
  home: { menu: true, indexed: true, listed: true, private: false, warmed: false },
  'list-sale': { menu: true, indexed: true, listed: true, private: false, warmed: 'list', list: 'sale' },
  'list-rent': { menu: true, indexed: true, listed: true, private: false, warmed: 'list', list: 'rent' },
  'list-abroad': { menu: true, indexed: true, listed: true, private: false, warmed: 'list', list: 'abroad' },
  projects: { menu: true, indexed: true, listed: true, private: false, warmed: 'content' },
  module: { menu: true, indexed: true, listed: true, private: false, warmed: 'content' },
  article: { menu: true, indexed: true, listed: true, private: false, warmed: 'content' },
  team: { menu: true, indexed: true, listed: true, private: false, warmed: 'content' },
  contact: { menu: true, form: 'site-contact', indexed: true, listed: true, private: false, warmed: 'content' },
  'demand-register': { menu: true, form: 'demand-register', indexed: true, listed: true, private: false, warmed: 'content' },
  'free-valuation': { menu: true, form: 'contact-demand', indexed: true, listed: true, private: false, warmed: 'content' },
  policy: { menu: true, indexed: true, listed: true, private: false, warmed: 'content' },
  /** The owners' login: crawlable so its noindex is read; the owner pages below it are kept from crawlers (robots.txt). */
  login: { menu: true, indexed: false, listed: false, private: false, warmed: false },
  /** A form's thank-you page. */
  thanks: { menu: false, indexed: false, listed: false, private: true, warmed: false },
  /** A menu item that redirects. */
  redirect: { menu: false, indexed: true, listed: false, private: false, warmed: false },
} as const satisfies Record<string, PageKindFacts>;
export type PageKind = keyof typeof PAGE_KINDS;

/** The facts of a kind of page. */
export function pageKind(kind: PageKind): PageKindFacts {
  return PAGE_KINDS[kind];
}

/** The kinds of page that are lists. */
export type ListKind = { [K in PageKind]: (typeof PAGE_KINDS)[K] extends { list: ListGoal } ? K : never }[PageKind];
export const LIST_KINDS = (Object.keys(PAGE_KINDS) as PageKind[]).filter((kind): kind is ListKind => 'list' in PAGE_KINDS[kind]);
export function isListKind(kind: string): kind is ListKind {
  return LIST_KINDS.some((k) => k === kind);
}
/** What a list shows. */
export function listGoalOf(kind: ListKind): ListGoal {
  return PAGE_KINDS[kind].list;
}
/** The list that shows listings of this goal. */
export function listKindOf(goal: ListGoal): ListKind {
  return LIST_KINDS.find((kind) => PAGE_KINDS[kind].list === goal) ?? 'list-sale';
}

/** The kinds a menu item can be. */
export type MenuKind = { [K in PageKind]: (typeof PAGE_KINDS)[K]['menu'] extends true ? K : never }[PageKind];
export const MENU_KINDS = (Object.keys(PAGE_KINDS) as PageKind[]).filter((kind): kind is MenuKind => PAGE_KINDS[kind].menu) as [MenuKind, ...MenuKind[]];
/** The kinds of page that host a form, and the form each hosts. */
export type FormPageKind = { [K in PageKind]: (typeof PAGE_KINDS)[K] extends { form: FormName } ? K : never }[PageKind];
export function formOfPage(kind: FormPageKind): FormName {
  return PAGE_KINDS[kind].form;
}
