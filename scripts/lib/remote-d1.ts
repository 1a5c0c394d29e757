/**
 * The deployed D1 behind the small part of D1's interface the worker's store functions use
 * (prepare, bind, all, first, run), through `wrangler d1 execute --remote`, so operator
 * commands call the worker's own functions on production as they do on local state, rather
 * than writing their own SQL. wrangler takes literal SQL: bound values are written as SQL
 * literals, strings quoted with every quote doubled, which SQLite reads back as the value.
 */
import { execFileSync } from 'node:child_process';

/** A bound value as an SQLite literal. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a number SQLite can store: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** `?` and `?N` placeholders replaced by their values, outside string literals. */
export function inline(sql: string, values: readonly unknown[]): string {
  let next = 0;
  let out = '';
  let quoted = false;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i] ?? '';
    if (ch === "'") quoted = !quoted;
    if (ch !== '?' || quoted) {
      out += ch;
      continue;
    }
    const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
    if (digits) {
      out += sqlLiteral(values[Number(digits) - 1]);
      i += digits.length;
    } else out += sqlLiteral(values[next++]);
  }
  return out;
}

export interface WranglerResult {
  results?: unknown[];
  meta?: { changes?: number };
}

/** The deployed database of one binding: DB, the home agency's, or a guest agency's own (`DB_…`). */
export const executeOn =
  (binding: string) =>
  (sql: string): WranglerResult => {
    const parsed: unknown = JSON.parse(execFileSync('npx', ['wrangler', 'd1', 'execute', binding, '--remote', '--json', '--command', sql], { encoding: 'utf8' }));
    const first: unknown = Array.isArray(parsed) ? parsed[0] : null;
    return typeof first === 'object' && first !== null ? (first as WranglerResult) : {};
  };

const execute = executeOn('DB');

/** The deployed database, as the worker's store functions see a D1Database. */
export function remoteD1(run: (sql: string) => WranglerResult = execute): D1Database {
  const statement = (sql: string, values: unknown[] = []) => ({
    literal: () => inline(sql, values),
    bind: (...bound: unknown[]) => statement(sql, bound),
    all: async () => ({ results: run(inline(sql, values)).results ?? [], success: true, meta: {} }),
    first: async () => (run(inline(sql, values)).results ?? [])[0] ?? null,
    run: async () => {
      const result = run(inline(sql, values));
      return { results: result.results ?? [], success: true, meta: { changes: result.meta?.changes ?? 0 } };
    },
  });
  // A batch is one `wrangler d1 execute` of its statements: D1 runs them as one transaction.
  const batch = async (statements: { literal: () => string }[]) => {
    const result = run(statements.map((s) => s.literal()).join(';\n'));
    return statements.map(() => ({ results: result.results ?? [], success: true, meta: { changes: result.meta?.changes ?? 0 } }));
  };
  return { prepare: (sql: string) => statement(sql), batch } as unknown as D1Database;
}
