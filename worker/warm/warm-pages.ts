/**
 * After a publish, the pages it changed are rendered before anyone asks for them: the
 * changed listings' pages, the first page of the lists they are on, and the home page, in
 * every language. Which pages changed is read from the fingerprints of the version before
 * and of the live one (RoutingBundle.fingerprints). Each page is one message on the WARM
 * queue, rendered by the queue's consumer through the site itself, so the page lands in
 * the page caches exactly as a visitor's request would put it there; a consumer invocation
 * renders at most a batch of them (wrangler.toml), so its CPU stays bounded.
 *
 * Once per version: the run is recorded (page_warm_runs), and the scheduled run, the
 * publish command's hook and the CRM pull may all ask without warming twice.
 */
import { WarmMessage } from '../queues/messages.ts';
import type { CardView, RoutingBundle } from '../../domain/bundles.ts';
import type { PageKind } from '../../domain/page-kinds.ts';
import { contentKeys } from '../../domain/bundles.ts';
import { isListKind, listKindOf, PAGE_KINDS } from '../../domain/page-kinds.ts';
import type { Lang } from '../../domain/lang.ts';
import { listGoalOfListing } from '../../domain/rules/goal.ts';
import { ContentRepository, type ContentStore } from '../live/repository.ts';
import type { Bindings } from '../env.ts';

/** At most this many pages per publish: a publish that changes everything warms what most visitors land on first. */
export const WARM_LIMIT = 150;

/** The kinds a publish warms when it rewrote the content's pages, or the lists' layout (each kind's `warmed` fact). */
const kindsWarmedFor = (what: 'content' | 'list') => (Object.keys(PAGE_KINDS) as PageKind[]).filter((kind) => PAGE_KINDS[kind].warmed === what);
const CONTENT_KINDS = kindsWarmedFor('content');
const LIST_KINDS_WARMED = kindsWarmedFor('list');

function listOfCard(card: CardView): PageKind {
  return listKindOf(listGoalOfListing(card));
}

/**
 * The pages a publish changed, most visited first: each language's home, the first page
 * of each list a changed listing is on, the changed listings' own pages, then the menu
 * pages whose content changed. A language whose layout or words changed changes every
 * page: its home and lists come first.
 */
export function pagesToWarm(previous: RoutingBundle | null, current: RoutingBundle, listings: Partial<Record<Lang, CardView[]>>): string[] {
  const before = previous?.fingerprints;
  const now = current.fingerprints;
  const changed = new Set(Object.keys(now.property).filter((id) => before?.property[id] !== now.property[id]));
  const homes: string[] = [];
  const lists: string[] = [];
  const properties: string[] = [];
  const others: string[] = [];
  for (const lang of current.languages) {
    const cards = listings[lang] ?? [];
    const relaid = before?.layout[lang] !== now.layout[lang];
    const rewritten = relaid || before?.pages[lang] !== now.pages[lang];
    const kinds = new Set<PageKind>(relaid ? LIST_KINDS_WARMED : []);
    // Menu pages show the content's pages, articles and team; the projects page its project cards.
    if (rewritten) for (const kind of CONTENT_KINDS) kinds.add(kind);
    if (before?.projects[lang] !== now.projects[lang]) kinds.add('projects');
    for (const card of cards) {
      if (!changed.has(String(card.id))) continue;
      kinds.add(listOfCard(card));
      properties.push(card.path);
    }
    if (changed.size > 0 || rewritten) homes.push(`/${lang}/`);
    for (const [path, target] of Object.entries(current.paths)) {
      if (target.lang !== lang || !kinds.has(target.kind) || target.kind === 'home') continue;
      (isListKind(target.kind) ? lists : others).push(path);
    }
  }
  return [...homes, ...lists, ...properties, ...others].slice(0, WARM_LIMIT);
}

/** The routing of a version, or null when it is gone or never existed. */
async function routingOf(store: ContentStore, version: string): Promise<RoutingBundle | null> {
  const text = await store.get(contentKeys.routing(version), { type: 'text' });
  return text === null ? null : (JSON.parse(text) as RoutingBundle);
}

export interface WarmRun {
  version: string;
  /** False when this version was warmed before: nothing was queued again. */
  fresh: boolean;
  queued: number;
}

/** Queues the pages the live version changed, once per version; null when nothing is published. */
export async function warmPublished(env: Pick<Bindings, 'CONTENT' | 'DB' | 'WARM'>, now = new Date()): Promise<WarmRun | null> {
  let repo: ContentRepository;
  try {
    // Just published: the version this isolate read a moment ago may be the one before.
    repo = await ContentRepository.open(env.CONTENT, { fresh: true });
  } catch {
    return null;
  }
  const version = repo.version;
  // The record is only a claim: a month of them is enough to never warm a version twice.
  await env.DB.prepare('DELETE FROM page_warm_runs WHERE started_at < ?')
    .bind(new Date(now.getTime() - 30 * 86_400_000).toISOString())
    .run();
  const claimed = await env.DB.prepare('INSERT OR IGNORE INTO page_warm_runs (version, started_at) VALUES (?, ?)').bind(version, now.toISOString()).run();
  if (claimed.meta.changes !== 1) return { version, fresh: false, queued: 0 };
  const current = await repo.routing();
  const previousVersion = (await repo.manifest()).previous;
  const previous = previousVersion ? await routingOf(env.CONTENT, previousVersion) : null;
  const listings: Partial<Record<Lang, CardView[]>> = {};
  for (const lang of current.languages) listings[lang] = await repo.listing(lang);
  const paths = pagesToWarm(previous, current, listings);
  try {
    // sendBatch takes at most 100 messages.
    for (let i = 0; i < paths.length; i += 100) {
      await env.WARM.sendBatch(paths.slice(i, i + 100).map((path) => ({ body: { version, path } satisfies WarmMessage })));
    }
  } catch (error) {
    // The queue refused: the claim goes, so the next scheduled run warms this version after all.
    await env.DB.prepare('DELETE FROM page_warm_runs WHERE version = ?').bind(version).run();
    throw error;
  }
  await env.DB.prepare('UPDATE page_warm_runs SET queued = ? WHERE version = ?').bind(paths.length, version).run();
  return { version, fresh: true, queued: paths.length };
}

/**
 * Renders each queued page through the site (`fetch`: the worker's own app), read to its
 * end so the page caches keep it. No User-Agent and a prefetch purpose: never counted as a
 * visitor's view of a property. A message of a version no longer live is dropped, as is
 * a page that fails: warming is a head start, the first visitor renders it otherwise.
 */
export async function handleWarmPages(
  batch: MessageBatch,
  env: Bindings,
  fetch: (request: Request, env: Bindings, ctx: ExecutionContext) => Response | Promise<Response>,
  ctx: ExecutionContext,
  origin: string,
): Promise<{ rendered: number }> {
  // Fresh, so that the pages rendered below (through the site, in this isolate) are of it too.
  const live = await ContentRepository.open(env.CONTENT, { fresh: true }).then(
    (repo) => repo.version,
    () => null,
  );
  let rendered = 0;
  for (const message of batch.messages) {
    const read = WarmMessage.safeParse(message.body);
    const body = read.success ? read.data : null;
    if (!body || body.version !== live) {
      message.ack();
      continue;
    }
    try {
      const response = await fetch(new Request(new URL(body.path, origin), { headers: { 'Sec-Purpose': 'prefetch', Accept: 'text/html' } }), env, ctx);
      await response.arrayBuffer();
      if (response.status < 400) rendered++;
    } catch (error) {
      console.error('page not warmed', body.path, error);
    }
    message.ack();
  }
  return { rendered };
}
