import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

declare global {
  // The Workers types declare Env in this namespace; merging is the only way to extend it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

// The home agency's database and the demo's second agency's (test/integration/agencies.test.ts).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.DB_AGENCE_B, env.TEST_MIGRATIONS);
