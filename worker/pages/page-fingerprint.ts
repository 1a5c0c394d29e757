/**
 * What a page is drawn from, as one fingerprint: the key a rendered page is kept under and
 * its ETag (docs/decisions/027). It names the same data the page's resolver reads
 * (worker/pages/resolve.ts), by the fingerprints the publish computed for each part
 * (PageFingerprints), so a publish that leaves a page's parts alone leaves its key alone:
 * the page stays warm and a crawler's conditional request is answered 304.
 *
 * A property page is its own data in every language, the layout, and the day only where
 * the day shows: the day it is gone, a rule coming into force, a deadline counted from
 * today. A list is the cards it shows, how many match and its filters' choices, computed
 * from the list index as the page does. A content page is its layout and pages, plus the
 * cards and projects its modules show. A page with live data (testimonials) has none: it
 * is rendered each time, as is anything not found.
 */
import { type CardView, type PageFingerprints, type PagesBundle, type RoutingBundle } from '../../domain/bundles.ts';
import { isListKind, listGoalOf } from '../../domain/page-kinds.ts';
import type { Lang } from '../../domain/lang.ts';
import type { ListSearch } from '../../domain/search.ts';
import { fingerprint } from '../../domain/rules/fingerprint.ts';
import { isGone } from '../../domain/rules/gone.ts';
import { isPreviewPath, previewedPath } from '../../domain/rules/preview.ts';
import type { ContentRepository } from '../live/repository.ts';
import { listFor } from './resolve-list.ts';
import { moduleCards } from './resolve-blocks.ts';
import { matchPageAddress } from './page-address.ts';

export interface FingerprintInput {
  repo: ContentRepository;
  routing: RoutingBundle;
  lang: Lang;
  pathname: string;
  search: ListSearch;
  /** UTC day, YYYY-MM-DD. */
  today: string;
}

/** The last day in `days` (sorted) that is not after `today`, or '' before the first. */
export function lastDayBy(days: readonly string[], today: string): string {
  let found = '';
  for (const day of days) {
    if (day > today) break;
    found = day;
  }
  return found;
}

/**
 * The part of the day a property page shows: today itself for a page counting from it,
 * else the year (a new build is judged by its age), the last rule change in force and
 * whether the listing is gone.
 */
export function propertyDay(fingerprints: Pick<PageFingerprints, 'daily' | 'goneOn' | 'ruleDays'>, id: number, today: string): string {
  if (fingerprints.daily.includes(id)) return today;
  const gone = isGone(fingerprints.goneOn[String(id)], today) ? 'gone' : '';
  return `${today.slice(0, 4)} ${lastDayBy(fingerprints.ruleDays, today)} ${gone}`;
}

function cardsPart(cards: readonly CardView[], fingerprints: PageFingerprints): string {
  return cards.map((card) => `${card.id}:${fingerprints.card[String(card.id)] ?? '?'}`).join(',');
}

/** The fingerprint of a menu page's own content: its pages, and what its modules show; null with live data. */
async function contentPart(repo: ContentRepository, pages: PagesBundle, ref: string, lang: Lang, fingerprints: PageFingerprints): Promise<string[] | null> {
  const page = pages.pages[ref];
  const parts = [fingerprints.pages[lang] ?? '?'];
  for (const module of page?.modules ?? []) {
    if (module.relation.type === 'testimonials') return null;
    if (module.relation.type === 'project-list') parts.push(fingerprints.projects[lang] ?? '?');
    if (module.relation.type === 'property-list') parts.push(cardsPart(await moduleCards(repo, module, lang), fingerprints));
  }
  return parts;
}

/**
 * Lists' keys already computed, so a warm list costs no filtering: at most this many, the
 * oldest forgotten first (only URLs the site links to get this far, but their combinations
 * are many).
 */
const MAX_LIST_KEYS = 5_000;
// Per parsed routing (one per agency and version), so one agency's lists never answer for another's.
const listKeysByRouting = new WeakMap<object, Map<string, string>>();

function listKeysOf(routing: object): Map<string, string> {
  let keys = listKeysByRouting.get(routing);
  if (!keys) listKeysByRouting.set(routing, (keys = new Map()));
  return keys;
}

function rememberListKey(listKeys: Map<string, string>, known: string, key: string): void {
  listKeys.set(known, key);
  if (listKeys.size > MAX_LIST_KEYS) {
    const oldest = listKeys.keys().next().value;
    if (oldest !== undefined) listKeys.delete(oldest);
  }
}

/** The fingerprint of the page at `pathname`, or null when it is not kept (not found, live data). */
export async function pageFingerprint(input: FingerprintInput): Promise<string | null> {
  if (isPreviewPath(input.pathname)) {
    const previewed = await pageFingerprint({ ...input, pathname: previewedPath(input.pathname) });
    return previewed === null ? null : fingerprint('preview', previewed);
  }
  const { repo, routing, lang, search, today } = input;
  const fingerprints = routing.fingerprints;
  const layout = fingerprints.layout[lang] ?? '?';
  const address = matchPageAddress(routing, lang, input.pathname);
  switch (address.kind) {
    case 'menu': {
      const target = address.target;
      const pages = await repo.pages(lang);
      if (isListKind(target.kind)) {
        const goal = listGoalOf(target.kind);
        // A list's key is a function of the version, the day and the search: computed once per isolate.
        const known = `${repo.version}\n${today}\n${input.pathname}\n${JSON.stringify(search)}`;
        const listKeys = listKeysOf(routing);
        const kept = listKeys.get(known);
        if (kept !== undefined) return kept;
        const { cards, ...list } = await listFor(repo, pages, lang, goal, search);
        const key = fingerprint(layout, fingerprints.pages[lang] ?? '?', target.ref, JSON.stringify(list), cardsPart(cards, fingerprints));
        rememberListKey(listKeys, known, key);
        return key;
      }
      const content = await contentPart(repo, pages, target.ref, lang, fingerprints);
      if (content === null) return null;
      const projects = target.kind === 'projects' ? [fingerprints.projects[lang] ?? '?'] : [];
      return fingerprint(layout, target.ref, ...content, ...projects);
    }
    case 'property': {
      const own = fingerprints.property[String(address.id)];
      if (own !== undefined) return fingerprint(layout, 'property', own, propertyDay(fingerprints, address.id, today));
      const withdrawn = (await repo.withdrawn())[String(address.id)];
      // Gone for good, with what is on offer like it today.
      if (withdrawn) return fingerprint(layout, 'withdrawn', JSON.stringify(withdrawn), fingerprints.listing[lang] ?? '?', today);
      return null;
    }
    case 'project': {
      const own = fingerprints.project[String(address.id)];
      return own === undefined ? null : fingerprint(layout, 'project', own);
    }
    case 'other':
      return null;
  }
}
