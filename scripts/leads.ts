/**
 * npm run leads -- --local|--remote [--since 2026-11-01] [--kind site-contact] [--csv]
 * Lists the leads visitors sent, newest first; --csv writes them for a spreadsheet.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { forTerminal } from './lib/terminal.ts';

export interface LeadExport {
  id: string;
  kind: string;
  lang: string;
  created_at: string;
  email: string | null;
  payload: string;
  notified_at: string | null;
}

/** The SQL and its parameters for a filter; dates and kinds are checked, never spliced raw. */
export function leadsQuery(filter: { since?: string; kind?: string }): { sql: string; params: string[] } {
  const where: string[] = [];
  const params: string[] = [];
  if (filter.since) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(filter.since)) throw new Error('--since takes a date like 2026-11-01');
    where.push('created_at >= ?');
    params.push(filter.since);
  }
  if (filter.kind) {
    if (!/^[a-z-]{2,40}$/.test(filter.kind)) throw new Error('--kind takes a form name like site-contact');
    where.push('kind = ?');
    params.push(filter.kind);
  }
  return { sql: `SELECT id, kind, lang, created_at, email, payload, notified_at FROM leads${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC`, params };
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line per lead: the fixed columns, then the form's fields flattened. */
export function toCsv(rows: LeadExport[]): string {
  const payloads: Record<string, unknown>[] = rows.map((r) => JSON.parse(r.payload));
  const fields = [...new Set(payloads.flatMap((p) => Object.keys(p)))].sort();
  const header = ['id', 'kind', 'lang', 'created_at', 'email', 'notified_at', ...fields];
  const lines = rows.map((r, i) => {
    const data = payloads[i] ?? {};
    const cell = (f: string) => {
      const v = data[f];
      return Array.isArray(v) ? v.join(' ') : v;
    };
    return [r.id, r.kind, r.lang, r.created_at, r.email, r.notified_at, ...fields.map(cell)].map(csvCell).join(',');
  });
  return [header.join(','), ...lines].join('\n');
}

/** One lead as the list prints it; the address a visitor typed cannot drive the terminal. */
export function listLine(r: LeadExport): string {
  return `${forTerminal(r.created_at)}  ${forTerminal(r.kind).padEnd(22)} ${forTerminal(r.lang)}  ${forTerminal(r.email ?? '')}  ${r.notified_at ? 'notified' : 'pending'}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { local: { type: 'boolean' }, remote: { type: 'boolean' }, since: { type: 'string' }, kind: { type: 'string' }, csv: { type: 'boolean' } } });
  if (values.local === values.remote) {
    console.error('Usage: npm run leads -- --local|--remote [--since YYYY-MM-DD] [--kind FORM] [--csv]');
    process.exit(2);
  }
  const filter: { since?: string; kind?: string } = {};
  if (values.since) filter.since = values.since;
  if (values.kind) filter.kind = values.kind;
  const { sql, params } = leadsQuery(filter);
  let rows: LeadExport[];
  if (values.local) {
    const { withLocalPlatform } = await import('./lib/local-platform.ts');
    rows = await withLocalPlatform(
      async (env) =>
        (
          await env.DB.prepare(sql)
            .bind(...params)
            .all<LeadExport>()
        ).results,
    );
  } else {
    // wrangler takes literal SQL: the filter values were checked above, so quoting them is safe.
    const literal = params.reduce((q, p) => q.replace('?', `'${p}'`), sql);
    const out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--remote', '--json', '--command', literal], { encoding: 'utf8' });
    const parsed: unknown = JSON.parse(out);
    rows = Array.isArray(parsed) && parsed[0] && Array.isArray(parsed[0].results) ? parsed[0].results : [];
  }
  if (values.csv) console.log(toCsv(rows));
  else for (const r of rows) console.log(listLine(r));
}
