/**
 * A language's dictionary is a third of a page's HTML when it travels in the router's
 * dehydrated data, and it is the same on every page. So pages carry the layout without it
 * (`SiteView`) and the browser fetches it once per language and version of its words (a
 * fingerprint of them, unchanged by publishes that leave the words alone) from an
 * immutable URL, announced in the <head> so it arrives beside the script.
 * Rendering reads it from here, on the server as in the browser.
 */
import type { SiteBundle, SiteView } from '../bundles.ts';
import { isLang, type Lang } from '../lang.ts';

export type Dictionary = Record<string, string>;

const PREFIX = '/api/dictionary/';

/** Versions of words are fingerprints (`Yx3kP0_aQ9-b`); nothing else goes in a URL. */
export const DICTIONARY_VERSION = /^[0-9A-Za-z_-]{1,64}$/;

/** The URL of one language's dictionary in one version of its words; its bytes never change. */
export function dictionaryPath(version: string, lang: Lang): string {
  return `${PREFIX}${version}/${lang}`;
}

/** The version and language a dictionary URL names, or null for anything else. */
export function parseDictionaryPath(path: string): { version: string; lang: Lang } | null {
  if (!path.startsWith(PREFIX)) return null;
  const [version, lang, ...rest] = path.slice(PREFIX.length).split('/');
  if (rest.length > 0 || version === undefined || !DICTIONARY_VERSION.test(version) || !isLang(lang)) return null;
  return { version, lang };
}

/** True for a JSON value that can be a dictionary: an object of strings. */
export function isDictionary(value: unknown): value is Dictionary {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((text) => typeof text === 'string');
}

// Keyed by version and language, whose dictionary never changes, so one map serves every
// request of a worker isolate and every navigation of a browser tab. Bounded for the worker:
// two live versions of four languages fit with room to spare.
const MAX_REMEMBERED = 16;
const remembered = new Map<string, Dictionary>();
const keyOf = (version: string, lang: Lang) => `${version}/${lang}`;

/** Keeps a dictionary for rendering; the oldest goes when there are too many. */
export function rememberDictionary(version: string, lang: Lang, dict: Dictionary): void {
  const key = keyOf(version, lang);
  remembered.delete(key);
  remembered.set(key, dict);
  while (remembered.size > MAX_REMEMBERED) {
    const oldest = remembered.keys().next().value;
    if (oldest === undefined) break;
    remembered.delete(oldest);
  }
}

/** The dictionary to render a language of a version with, once it has been loaded. */
export function rememberedDictionary(version: string, lang: Lang): Dictionary | undefined {
  return remembered.get(keyOf(version, lang));
}

// The same bundle always gives the same view, so the root loader's data keeps its identity
// from one navigation to the next (effects that depend on the site do not run again).
const views = new WeakMap<SiteBundle, SiteView>();

/**
 * The root loader's half of a site bundle: the dictionary is remembered for rendering and
 * the rest becomes the loader data, which the server writes into the page.
 */
export function splitSite(bundle: SiteBundle): SiteView {
  const known = views.get(bundle);
  rememberDictionary(bundle.dictionaryVersion, bundle.lang, bundle.dict);
  if (known) return known;
  // Of the mail settings the page takes the agency's colours; the mails' logo is the worker's.
  const { dict: _dict, mail, ...rest } = bundle;
  const view: SiteView = mail ? { ...rest, colours: { brand: mail.brand, brandInk: mail.brandInk, accent: mail.accent } } : rest;
  views.set(bundle, view);
  return view;
}

/** A site bundle from a view and its dictionary, which `splitSite` turns back into that same view. */
export function joinSite(view: SiteView, dict: Dictionary): SiteBundle {
  const { colours, ...rest } = view;
  const bundle: SiteBundle = { ...rest, dict, ...(colours ? { mail: { logoUrl: null, ...colours } } : {}) };
  views.set(bundle, view);
  return bundle;
}
