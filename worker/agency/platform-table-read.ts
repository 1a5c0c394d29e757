import { PLATFORM_TABLE_KEY, PlatformTable } from './platform-table.ts';

/** How long an isolate trusts the table it read: an onboarding reaches every isolate within a minute. */
const TABLE_TTL_MS = 30_000;

const read = new WeakMap<KVNamespace, { at: number; table: Promise<PlatformTable | null> }>();

/**
 * The platform table, or null when this deployment has none (one agency, as before). A
 * table that does not parse serves no guest agency at all, and says why in the log: a
 * half-read table must never send one agency's host to another's site.
 */
export function platformTable(kv: KVNamespace, now = Date.now()): Promise<PlatformTable | null> {
  const known = read.get(kv);
  if (known && now - known.at < TABLE_TTL_MS) return known.table;
  const table = kv.get(PLATFORM_TABLE_KEY, { type: 'text', cacheTtl: 60 }).then((text) => {
    if (text === null) return null;
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Reported below with the schema's answer.
    }
    const parsed = PlatformTable.safeParse(json);
    if (parsed.success) return parsed.data;
    console.error('platform table refused: no guest agency is served until it is fixed', parsed.error.issues.slice(0, 5));
    return { agencies: [] };
  });
  read.set(kv, { at: now, table });
  // A read that failed is not kept: the next request reads again.
  table.catch(() => {
    if (read.get(kv)?.table === table) read.delete(kv);
  });
  return table;
}

/** For tests and the operator's own runs: read the table again on the next request. */
export function forgetPlatformTable(kv: KVNamespace): void {
  read.delete(kv);
}
