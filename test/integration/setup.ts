/**
 * Runs before each worker test file. The files of one Vitest worker share its workerd and its
 * modules (`isolate: false` in vitest.config.ts), so each file starts here from what a fresh
 * workerd gave it: empty storage, an isolate that remembers nothing, rate limits of its own.
 */
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { clearContentCache } from '../../worker/live/repository.ts';
import { renderedPages } from '../../worker/pages/routes.tsx';
import { forgetPlatformTable } from '../../worker/agency/platform-table-read.ts';
import { agencyLimiter } from '../../worker/agency/scoped-stores.ts';

declare global {
  // The Workers types declare Env in this namespace; merging is the only way to extend it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

/** Every table dropped, whatever a file created, then the migrations from the first. */
async function freshDatabase(db: D1Database): Promise<void> {
  const tables = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
  // Dropped in one transaction with the foreign keys checked at its end, when none is left.
  if (tables.results.length > 0) await db.batch([db.prepare('PRAGMA defer_foreign_keys = on'), ...tables.results.map((t) => db.prepare(`DROP TABLE "${t.name}"`))]);
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
}

async function emptyKv(kv: KVNamespace): Promise<void> {
  for (let page = await kv.list(); page.keys.length > 0; page = await kv.list()) await Promise.all(page.keys.map((k) => kv.delete(k.name)));
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (let page = await bucket.list(); page.objects.length > 0; page = await bucket.list()) await bucket.delete(page.objects.map((o) => o.key));
}

// The home agency's database and the demo's second agency's (test/integration/agencies.test.ts).
await Promise.all([freshDatabase(env.DB), freshDatabase(env.DB_AGENCE_B), emptyKv(env.CONTENT), emptyBucket(env.FILES)]);
clearContentCache();
renderedPages.clear();
forgetPlatformTable(env.CONTENT);

/**
 * The Cache API keeps what it stores for the process's life, and workerd cannot delete a cache:
 * each file opens caches of its own name instead, the data centre's default one included. Two
 * files publishing the same content within a second publish the same version, and a page one
 * kept from its storage (a document's file there or not) is not the other's.
 */
const shared = globalThis as { originalCaches?: { open: CacheStorage['open']; default: Cache }; testFiles?: number };
const file = (shared.testFiles = (shared.testFiles ?? 0) + 1);
shared.originalCaches ??= { open: caches.open.bind(caches), default: (caches as unknown as { default: Cache }).default };
const openCache = shared.originalCaches.open;
const fileDefault = await openCache(`test-file-${String(file)}`);
Object.defineProperty(caches, 'open', { value: (name: string) => openCache(`test-file-${String(file)}:${name}`), configurable: true, writable: true });
Object.defineProperty(caches, 'default', { value: fileDefault, configurable: true, writable: true });

/**
 * Each file counts its visitors' posts and logins apart, as it did in a workerd of its own: the
 * rate-limit bindings keep their counts for the process's life, and files reuse addresses (one
 * exhausts 198.51.100.200's allowance on purpose). The binding is the real one, under a key of
 * the file's, as the worker itself keys each guest agency's.
 */
const limiterNames = ['FORM_LIMITER', 'LOGIN_LIMITER', 'API_LIMITER'] as const;
const limiters = globalThis as { originalLimiters?: Record<(typeof limiterNames)[number], RateLimit> };
limiters.originalLimiters ??= { FORM_LIMITER: env.FORM_LIMITER, LOGIN_LIMITER: env.LOGIN_LIMITER, API_LIMITER: env.API_LIMITER };
for (const name of limiterNames) {
  Object.defineProperty(env, name, {
    value: agencyLimiter(limiters.originalLimiters[name], `test-file-${String(file)}`),
    configurable: true,
    enumerable: true,
    writable: true,
  });
}

// A file that failed with its clock stopped or a spy in place leaves neither to the next.
vi.useRealTimers();
vi.restoreAllMocks();
