import {
  contentKeys,
  type Manifest,
  type PagesBundle,
  type RoutingBundle,
  type SiteBundle,
  type CardView,
  type SitemapBundle,
  type WithdrawnBundle,
  type ChangesBundle,
} from '../../domain/bundles.ts';
import { LANGS, type Lang } from '../../domain/lang.ts';

/** The narrow slice of KV the site reads, so tests can count or fake reads. */
export interface ContentStore {
  get(key: string, options: { type: 'text'; cacheTtl?: number }): Promise<string | null>;
  /** Whose keys these are: an agency's view of KV names its prefix; the deployment's own keys have none. */
  readonly scope?: string;
}

/** Parsed values of one content version, shared by every request of this isolate. */
interface VersionCache {
  values: Map<string, unknown>;
}

const POINTER_CACHE_TTL = 30;

/**
 * The live version as this isolate last read it, per agency, for a second. The pointer's
 * KV read was a tenth of a cold list page's CPU and a third of a kept page's, paid by
 * every request; KV's own edge cache already lets a read lag a publish by up to 30 s, so
 * a second more changes nothing a visitor sees. Whatever must see a publish at once (the
 * warm hook and its queue, tests) reads fresh, which also updates what pages here read.
 */
const POINTER_MEMO_MS = 1000;
const MAX_POINTER_MEMOS = 1000;
const pointerMemos = new Map<string, { version: string; readAt: number }>();
const MAX_CACHED_VERSIONS = 2;
const MAX_DETAILS_PER_VERSION = 500;

/**
 * Parsed versions per agency (the store's scope): one agency's parsed pages, words and
 * derived lists are never another's, whatever their versions are called. An isolate keeps
 * the agencies it served last; one that has not been asked for a while is parsed again.
 */
const MAX_CACHED_AGENCIES = 8;
const isolateCaches = new Map<string, Map<string, VersionCache>>();

function cacheOf(store: ContentStore): Map<string, VersionCache> {
  const scope = store.scope ?? '';
  let cache = isolateCaches.get(scope);
  if (cache) isolateCaches.delete(scope);
  isolateCaches.set(scope, (cache ??= new Map()));
  while (isolateCaches.size > MAX_CACHED_AGENCIES) {
    const oldest = isolateCaches.keys().next().value;
    if (oldest === undefined) break;
    isolateCaches.delete(oldest);
  }
  return cache;
}

/** Thrown when KV holds no published content: the operator has to publish first. */
export class ContentNotPublishedError extends Error {
  constructor() {
    super('No content version is published: run `npm run content:publish -- --local`.');
  }
}

/**
 * Reads one pinned content version for the whole request, so a publish that flips the
 * pointer mid-request never mixes versions; parsed values are memoised per version.
 */
export class ContentRepository {
  readonly version: string;
  private readonly store: ContentStore;
  private readonly cache: VersionCache;
  /** Values computed for this request alone: a page's fingerprint and its render ask for the same list. */
  private readonly requestValues = new Map<string, unknown>();

  private constructor(store: ContentStore, version: string) {
    this.store = store;
    this.version = version;
    const isolateCache = cacheOf(store);
    let cache = isolateCache.get(version);
    if (!cache) {
      cache = { values: new Map() };
      isolateCache.set(version, cache);
      while (isolateCache.size > MAX_CACHED_VERSIONS) {
        const oldest = isolateCache.keys().next().value;
        if (oldest === undefined) break;
        isolateCache.delete(oldest);
      }
    }
    this.cache = cache;
  }

  /**
   * A language's dictionary by the version of its words (SiteBundle.dictionaryVersion) as
   * JSON text, or null when neither the live content version nor the one before it has
   * those words. A kept page names the words it was rendered with, which the live version
   * has (a page is kept only while its layout is unchanged); the version before covers a
   * page rendered by an isolate that had not yet seen a publish. Made once per isolate;
   * anything else costs the reads of the live and previous layouts and is not kept, so
   * URLs naming made-up versions cannot push the live one out.
   */
  static async dictionaryJson(store: ContentStore, dictionaryVersion: string, lang: Lang): Promise<string | null> {
    const textKey = `dictionary-json:${lang}:${dictionaryVersion}`;
    for (const [version, cache] of cacheOf(store)) {
      const known = cache.values.get(textKey);
      if (typeof known === 'string') return known;
      // A page of this version was rendered here: its layout, words included, is parsed already.
      const site = cache.values.get(contentKeys.site(version, lang)) as SiteBundle | null | undefined;
      if (site?.dictionaryVersion === dictionaryVersion) {
        const json = JSON.stringify(site.dict);
        cache.values.set(textKey, json);
        return json;
      }
    }
    const live = await ContentRepository.open(store).catch(() => null);
    if (!live) return null;
    const site = await live.readOptional<SiteBundle>(contentKeys.site(live.version, lang));
    if (site?.dictionaryVersion === dictionaryVersion) {
      const json = JSON.stringify(site.dict);
      live.cache.values.set(textKey, json);
      return json;
    }
    // The version before is read, never kept: a made-up name must not push the live version out.
    const previous = (await live.manifest().catch(() => null))?.previous;
    if (!previous) return null;
    const text = await store.get(contentKeys.site(previous, lang), { type: 'text', cacheTtl: 3600 });
    const before = text === null ? null : (JSON.parse(text) as SiteBundle);
    return before?.dictionaryVersion === dictionaryVersion ? JSON.stringify(before.dict) : null;
  }

  /** True when this isolate holds the words `dictionaryVersion` of this store in some language: serving them costs no KV read. */
  static holds(store: ContentStore, dictionaryVersion: string): boolean {
    for (const [version, cache] of cacheOf(store))
      for (const lang of LANGS) if ((cache.values.get(contentKeys.site(version, lang)) as SiteBundle | null | undefined)?.dictionaryVersion === dictionaryVersion) return true;
    return false;
  }

  /**
   * Pins the live version for the request: one KV read (edge-cached for 30 s), or none when
   * this isolate read it less than a second ago. `fresh` reads it whatever the isolate knows.
   */
  static async open(store: ContentStore, { fresh = false, now = Date.now() }: { fresh?: boolean; now?: number } = {}): Promise<ContentRepository> {
    const scope = store.scope ?? '';
    const known = pointerMemos.get(scope);
    if (!fresh && known && now - known.readAt >= 0 && now - known.readAt < POINTER_MEMO_MS) return new ContentRepository(store, known.version);
    const read = await store.get(contentKeys.pointer, { type: 'text', cacheTtl: POINTER_CACHE_TTL });
    if (!read) throw new ContentNotPublishedError();
    const version = read.trim();
    if (pointerMemos.size >= MAX_POINTER_MEMOS && !pointerMemos.has(scope)) pointerMemos.clear();
    pointerMemos.set(scope, { version, readAt: now });
    return new ContentRepository(store, version);
  }

  site(lang: Lang): Promise<SiteBundle> {
    return this.read<SiteBundle>(contentKeys.site(this.version, lang));
  }

  pages(lang: Lang): Promise<PagesBundle> {
    return this.read<PagesBundle>(contentKeys.pages(this.version, lang));
  }

  routing(): Promise<RoutingBundle> {
    return this.read<RoutingBundle>(contentKeys.routing(this.version));
  }

  listing(lang: Lang): Promise<CardView[]> {
    return this.read<CardView[]>(contentKeys.listing(this.version, lang));
  }

  manifest(): Promise<Manifest> {
    return this.read<Manifest>(contentKeys.manifest(this.version));
  }

  /**
   * A value derived from this version's content (a sorted list, facet counts), computed
   * once per isolate: content never changes within a version.
   */
  derived<T>(key: string, compute: () => T): T {
    const cacheKey = `derived:${key}`;
    if (this.cache.values.has(cacheKey)) return this.cache.values.get(cacheKey) as T;
    const value = compute();
    this.cache.values.set(cacheKey, value);
    return value;
  }

  /** A value computed once for this request (the repository is opened per request). */
  once<T>(key: string, compute: () => T): T {
    if (this.requestValues.has(key)) return this.requestValues.get(key) as T;
    const value = compute();
    this.requestValues.set(key, value);
    return value;
  }

  /** A property detail in one language, or null when it does not exist. */
  property<T>(lang: Lang, id: number): Promise<T | null> {
    return this.readOptional<T>(contentKeys.property(this.version, lang, id));
  }

  project<T>(lang: Lang, id: number): Promise<T | null> {
    return this.readOptional<T>(contentKeys.project(this.version, lang, id));
  }

  /** The sitemap entries of this version; null for a version published before sitemaps existed. */
  sitemap(): Promise<SitemapBundle | null> {
    return this.readOptional<SitemapBundle>(contentKeys.sitemap(this.version));
  }

  /** Listings the CRM withdrew (none before the first sync). */
  async withdrawn(): Promise<WithdrawnBundle> {
    return (await this.readOptional<WithdrawnBundle>(contentKeys.withdrawn(this.version))) ?? {};
  }

  /** New listings and price drops this version brought, or null (a publish without a sync). */
  changes(): Promise<ChangesBundle | null> {
    return this.readOptional<ChangesBundle>(contentKeys.changes(this.version));
  }

  private async read<T>(key: string): Promise<T> {
    const value = await this.readOptional<T>(key);
    if (value === null) throw new Error(`Content key missing: ${key}`);
    return value;
  }

  private async readOptional<T>(key: string): Promise<T | null> {
    if (this.cache.values.has(key)) return this.cache.values.get(key) as T | null;
    // Keys of a version never change, so a long edge cache is safe.
    const text = await this.store.get(key, { type: 'text', cacheTtl: 3600 });
    const value = text === null ? null : (JSON.parse(text) as T);
    this.remember(key, value);
    return value;
  }

  private remember(key: string, value: unknown): void {
    const values = this.cache.values;
    values.set(key, value);
    if (values.size > MAX_DETAILS_PER_VERSION) {
      // Drop the oldest detail; bundles were read first and stay.
      for (const k of values.keys()) {
        if (k.includes('/property/') || k.includes('/project/')) {
          values.delete(k);
          break;
        }
      }
    }
  }
}

/** For tests: forget everything parsed in this isolate, and the live version it read. */
export function clearContentCache(): void {
  isolateCaches.clear();
  pointerMemos.clear();
}
