/**
 * npm run leads -- --local|--remote [--since 2026-11-01] [--kind site-contact] [--csv]
 * Lists the leads visitors sent, newest first; --csv writes them for a spreadsheet, every
 * cell quoted and formulas defused, so a Belgian Excel (which splits on ';') opens it as
 * text. Its `files` column names each upload with the command that fetches it:
 * npm run leads -- --local|--remote --file uploads/… [--out PATH]
 */
import { execFileSync } from 'node:child_process';
import { forTerminal } from './lib/terminal.ts';
import { command, run, WHERE_OPTIONS } from './lib/cli.ts';
import { remoteDatabase, remoteObject } from './lib/agency-scope.ts';

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

/** What starts a formula in some spreadsheet: = + - @, and their full-width forms (an East Asian Excel reads those too). */
const FORMULA_START = /(^|[;,|\t\r\n])([^\S\r\n]*)([=+\-@\uff1d\uff0b\uff0d\uff20])/g;

/**
 * One CSV cell, as OWASP's CSV-injection advice asks, judged for every piece a reader may
 * cut it into: a Belgian Excel splits on ';', a reader that ignores quotes on ',' or a tab,
 * and one that reads line by line on a line break inside the cell. Wherever such a piece
 * would begin (the cell's start included, after spaces) with a formula character, a quote
 * is put before it, so no spreadsheet reads any piece as a formula; a cell starting with a
 * tab or a carriage return is prefixed too, and every cell is quoted.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = (/^[\t\r]/.test(text) ? `'${text}` : text).replace(FORMULA_START, "$1$2'$3");
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The uploads of a lead, each by its field, its key in R2 and the command that fetches it. */
function filesCell(files: unknown, mode: 'local' | 'remote'): string {
  if (typeof files !== 'object' || files === null) return '';
  return Object.entries(files)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([field, key]) => `${field}: ${key} (npm run leads -- --${mode} --file ${key})`)
    .join('; ');
}

/** One CSV line per lead: the fixed columns, then the form's fields flattened. */
export function toCsv(rows: LeadExport[], mode: 'local' | 'remote' = 'remote'): string {
  const payloads: Record<string, unknown>[] = rows.map((r) => JSON.parse(r.payload));
  const fixed = ['id', 'kind', 'lang', 'created_at', 'email', 'notified_at'];
  // A form's own field named like a fixed column (every form's `email`) is that column, not a second one.
  const fields = [...new Set(payloads.flatMap((p) => Object.keys(p)))].filter((f) => !fixed.includes(f)).sort();
  const header = [...fixed, ...fields];
  const lines = rows.map((r, i) => {
    const data = payloads[i] ?? {};
    const cell = (f: string) => {
      const v = data[f];
      if (f === 'files') return filesCell(v, mode);
      if (Array.isArray(v)) return v.join(' ');
      return typeof v === 'object' && v !== null ? JSON.stringify(v) : v;
    };
    return [r.id, r.kind, r.lang, r.created_at, r.email, r.notified_at, ...fields.map(cell)].map(csvCell).join(',');
  });
  return [header.map(csvCell).join(','), ...lines].join('\r\n');
}

/** An upload key as the form route writes it: nothing else can be fetched with --file. */
export function isUploadKey(key: string): boolean {
  return /^uploads\/[a-z-]{2,40}\/[0-9a-f-]{36}\.(?:pdf|docx|odt|jpg|png|webp)$/.test(key);
}

/** One lead as the list prints it; the address a visitor typed cannot drive the terminal. */
export function listLine(r: LeadExport): string {
  return `${forTerminal(r.created_at)}  ${forTerminal(r.kind).padEnd(22)} ${forTerminal(r.lang)}  ${forTerminal(r.email ?? '')}  ${r.notified_at ? 'notified' : 'pending'}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, fail } = command({
    name: 'npm run leads',
    usage: ['npm run leads -- --local|--remote [--since YYYY-MM-DD] [--kind FORM] [--csv] [--persist-to DIR]', 'npm run leads -- --local|--remote --file uploads/… [--out PATH]'],
    options: {
      ...WHERE_OPTIONS,
      since: { type: 'string' },
      kind: { type: 'string' },
      csv: { type: 'boolean' },
      file: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.local === values.remote) fail('say --local or --remote');
  const persistTo = values['persist-to'];
  await run('npm run leads', async () => {
    if (values.file !== undefined) {
      const key = values.file;
      if (!isUploadKey(key)) fail('--file takes an upload key from the files column, like uploads/job-application/<id>.pdf');
      const out = values.out ?? key.split('/').pop() ?? 'upload';
      if (values.local) {
        const { withLocalPlatform } = await import('./lib/local-platform.ts');
        const { writeFile } = await import('node:fs/promises');
        const found = await withLocalPlatform(async (env) => {
          const object = await env.FILES.get(key);
          if (!object) return false;
          await writeFile(out, new Uint8Array(await object.arrayBuffer()));
          return true;
        }, persistTo);
        if (!found) throw new Error(`no upload ${key}`);
      } else execFileSync('npx', ['wrangler', 'r2', 'object', 'get', remoteObject(key), '--remote', '--file', out], { stdio: 'inherit' });
      console.log(`Written: ${out}`);
      return;
    }
    await listLeads(values, persistTo, fail);
  });
}

async function listLeads(
  values: { local?: boolean | undefined; since?: string | undefined; kind?: string | undefined; csv?: boolean | undefined },
  persistTo: string | undefined,
  fail: (problem: string) => never,
): Promise<void> {
  const filter: { since?: string; kind?: string } = {};
  if (values.since) filter.since = values.since;
  if (values.kind) filter.kind = values.kind;
  let query: ReturnType<typeof leadsQuery>;
  try {
    query = leadsQuery(filter);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const { sql, params } = query;
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
      persistTo,
    );
  } else {
    // wrangler takes literal SQL: the filter values were checked above, so quoting them is safe.
    const literal = params.reduce((q, p) => q.replace('?', `'${p}'`), sql);
    const out = execFileSync('npx', ['wrangler', 'd1', 'execute', await remoteDatabase(), '--remote', '--json', '--command', literal], { encoding: 'utf8' });
    const parsed: unknown = JSON.parse(out);
    rows = Array.isArray(parsed) && parsed[0] && Array.isArray(parsed[0].results) ? parsed[0].results : [];
  }
  if (values.csv) console.log(toCsv(rows, values.local ? 'local' : 'remote'));
  else for (const r of rows) console.log(listLine(r));
}
