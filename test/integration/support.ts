/**
 * Publishes the demo agency into the test's KV (real miniflare KV through the Workers
 * vitest plugin) with the same validate → compile → publish path operators use.
 */
import * as z from 'zod';
import { vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import site from '../../content/demo/site.json';
import menu from '../../content/demo/menu.json';
import articles from '../../content/demo/articles.json';
import articleCategories from '../../content/demo/article-categories.json';
import team from '../../content/demo/team.json';
import categories from '../../content/demo/categories.json';
import properties from '../../content/demo/properties.json';
import projects from '../../content/demo/projects.json';
import pathTable from '../../content/demo/path-table.json';
import nl from '../../content/demo/translations/nl.json';
import fr from '../../content/demo/translations/fr.json';
import en from '../../content/demo/translations/en.json';
import de from '../../content/demo/translations/de.json';
import transit from '../../content/demo/transit.json';
import land from '../../content/demo/land.json';
import { validateContent, type ContentSource } from '../../content/schema.ts';
import { compileContent } from '../../content/compile.ts';
import { contentKeys } from '../../domain/bundles.ts';
import { kvPublishStore, publishVersion, versionName } from '../../content/publish.ts';
import { clearContentCache } from '../../worker/live/repository.ts';
import { utcDay } from '../../domain/rules/gone.ts';
import { app } from '../../worker/index.ts';

export function demoRaw(): Record<string, unknown> {
  return structuredClone({ site, menu, articles, articleCategories, team, categories, properties, projects, pathTable, translations: { nl, fr, en, de }, transit, land });
}

export function demoContent(): ContentSource {
  const result = validateContent(demoRaw());
  if (!result.ok) throw new Error(`demo content is invalid: ${JSON.stringify(result.problems.slice(0, 5))}`);
  return result.content;
}

/** Publishes `content` (the demo by default) and returns the live version name. */
/**
 * The demo compiled once per test file and day: most hooks publish it unchanged before every
 * test, and validating and compiling it again each time was a sixth of a second of every such
 * hook. Compiling reads its content and the day (a test may move the clock), nothing else,
 * and publishing only reads the map it gets.
 */
let compiledDemo: { day: string; entries: Map<string, string> } | undefined;

function demoCompiled(): Map<string, string> {
  const day = utcDay(new Date());
  if (compiledDemo?.day !== day) compiledDemo = { day, entries: compileContent(demoContent()) };
  return compiledDemo.entries;
}

export async function publish(content?: ContentSource, now = new Date()): Promise<string> {
  const compiled = content ? compileContent(content) : demoCompiled();
  const version = await versionName(compiled, now);
  // The same content published twice within a second is the same version: already live, nothing to do.
  if ((await env.CONTENT.get(contentKeys.pointer)) === version) {
    clearContentCache();
    return version;
  }
  await publishVersion(kvPublishStore(env.CONTENT), compiled, { version, now });
  clearContentCache();
  return version;
}

/** A request to the worker as the edge would pass it, with the test's real bindings (or others, e.g. a CRM's settings). */
export async function request(path: string, init: RequestInit = {}, bindings: Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://vitrine.test${path}`, init, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** D1 as it is when the database is unreachable: every statement fails. */
export const brokenDb = new Proxy(env.DB, {
  get(target, property) {
    if (property === 'prepare' || property === 'batch' || property === 'exec') {
      return () => {
        throw new Error('D1_ERROR: database unavailable');
      };
    }
    return Reflect.get(target, property);
  },
});

/** The worker's bindings with a CRM configured, and a queue that records what it is sent. */
export function crmBindings(adapter: string, url: string, queued: unknown[] = []): Env {
  return {
    ...env,
    CRM_ADAPTER: adapter,
    CRM_FEED_URL: url,
    CRM_USER: 'agency',
    CRM_PASSWORD: 'secret',
    CRM_CLIENT_ID: '7',
    CRM_OFFICE_ID: '11',
    CRM_CONFIRM_WITHDRAWAL_UNTIL: '',
    NOTIFY: { send: async (body: unknown) => void queued.push(body), sendBatch: async (messages: { body: unknown }[]) => void queued.push(...messages.map((m) => m.body)) } as unknown as Queue,
  };
}

/**
 * The worker's outgoing calls to `prefix` answered by a fake CRM (its path after the prefix),
 * every other call as it would go; `restore()` puts fetch back.
 */
export function routeToFake(prefix: string, fake: () => { request: (path: string, init?: RequestInit) => Response | Promise<Response> }): void {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(prefix) ? fake().request(url.slice(prefix.length) || '/', init) : realFetch(input, init);
  });
}

/** A guard for one kind of queued message, read by its own schema: `queued.filter(isMessage(OwnerResetMessage))`. */
export function isMessage<T>(schema: z.ZodType<T>): (body: unknown) => body is T {
  return (body: unknown): body is T => schema.safeParse(body).success;
}
