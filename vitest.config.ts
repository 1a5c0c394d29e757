import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, so
 * the unit and worker layers ran one file at a time. Their files are independent (each worker
 * file has its own storage), and running one per core took them from 663 s to 414 s on 2 cores.
 */
const workers = availableParallelism();

/**
 * Three layers: `unit` runs pure rules in Node (tests beside the code); `worker` runs
 * integration tests inside workerd with the real bindings of wrangler.toml (miniflare);
 * `e2e` drives Debian's Chromium against the site started as `npm start` starts it.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: workers,
          // Pure rules and scripts share no state a file could leave behind, so each worker
          // keeps its modules from file to file: 118 CPU-seconds for the layer with a fresh
          // process per file, 76–80 without (all 158 files, also in shuffled order). A spy a
          // failing test left in place is still undone before the next test.
          isolate: false,
          restoreMocks: true,
          include: [
            'domain/**/*.test.ts',
            'client/**/*.test.{ts,tsx}',
            'content/**/*.test.ts',
            'worker/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'test/security/**/*.test.ts',
            'test/e2e/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                TOKEN_KEY: 'test-token-key',
                PASSWORD_PEPPER: 'test-pepper',
                TURNSTILE_SECRET: '',
                PUBLISH_HOOK_TOKEN: 'test-publish-hook-token',
                SITE_ORIGIN: 'https://vitrine.test',
                // Applied to each test file's own D1 by test/integration/setup.ts.
                TEST_MIGRATIONS: await readD1Migrations('worker/db/migrations'),
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          // One workerd per Vitest worker for all its files, not one per file: starting a
          // workerd and loading the worker's modules into it cost about 4.5 CPU-seconds a file,
          // more than most files' tests. test/integration/setup.ts gives each file what a fresh
          // one did (empty storage, no kept content or pages, caches and rate limits of its
          // own). The layer alone: 488 → 221 CPU-seconds, 292 → 119 s; shuffled orders pass.
          isolate: false,
          maxWorkers: workers,
          include: ['test/integration/**/*.test.ts'],
          setupFiles: ['test/integration/setup.ts'],
          testTimeout: 30_000,
          // Hooks publish content and seed rows like the tests do; beside the browser run their
          // 10 s default was once too short (alerts.test.ts's beforeEach under both cores' load).
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          environment: 'node',
          // The site starts in the background while the other layers run; each file waits for it.
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/e2e/site-ready.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
