/**
 * npm run mail -- --local|--remote list [--to ADDRESS] [--since YYYY-MM-DD] [--json]
 * What the site mailed, newest first, from the D1 delivery log. Locally these are exactly
 * the mails production would send (the same code builds them; only the binding differs).
 * --json prints an array of { to, subject, text, html, headers, sentAt, kind, status }.
 *
 * npm run mail -- --local|--remote pending [--resend] [--json]
 * What waits to be delivered, and why: every lead with a mail still missing (the agency's
 * or the visitor's) and every message the queue gave up on, with its last error and
 * whether the scheduled sweep still tries it (for 72 hours) or has given up. --resend marks
 * them all due now and asks the site to sweep at once (POST /outbox/sweep with
 * PUBLISH_HOOK_TOKEN); without an answer the sweep sends them within 15 minutes.
 *
 * npm run mail -- --local|--remote show ID
 * One mail in full, as it was sent: its headers and its text. Locally (`npm start`) the log
 * keeps the links, so a reset, an alert's confirmation or a privacy link can be opened from
 * here; a deployed site's log has them redacted.
 *
 * npm run mail -- [--local] preview [KIND|all] [--lang fr] [--out .mail-preview] [--site URL]
 * Writes one sample of each kind of mail (or of KIND) as HTML and text, in a language, built
 * by the outbox's own functions from the demo content (scripts/lib/mail-samples.ts), so the
 * agency sees a mail without sending one. The mail components are TSX: they are bundled with
 * esbuild for Node first.
 */
import { execFileSync } from 'node:child_process';
import { command, WHERE_OPTIONS } from './lib/cli.ts';
import { forTerminal } from './lib/terminal.ts';
import { remoteDatabase } from './lib/agency-scope.ts';

export interface MailLogRow {
  id: number;
  recipient: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: string;
  status: string;
  sent_at: string;
}

export interface LoggedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  sentAt: string;
  kind: string;
  status: string;
}

/** The SQL and its parameters for a filter; the address and the date are checked, never spliced raw. */
export function mailLogQuery(filter: { to?: string; since?: string }): { sql: string; params: string[] } {
  const where: string[] = [];
  const params: string[] = [];
  if (filter.to !== undefined) {
    if (!/^[^\s'"<>@]+@[^\s'"<>@]+$/.test(filter.to)) throw new Error('--to takes an e-mail address');
    where.push('lower(recipient) = lower(?)');
    params.push(filter.to);
  }
  if (filter.since !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(filter.since)) throw new Error('--since takes a date like 2026-11-01');
    where.push('sent_at >= ?');
    params.push(filter.since);
  }
  return {
    sql: `SELECT id, recipient, kind, subject, text, html, headers, status, sent_at FROM mail_log${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY sent_at DESC, id DESC`,
    params,
  };
}

export function toLoggedMail(row: MailLogRow): LoggedMail {
  let headers: Record<string, string> = {};
  try {
    headers = JSON.parse(row.headers) as Record<string, string>;
  } catch {
    // A row written by hand without headers: shown with none.
  }
  return { id: row.id, to: row.recipient, subject: row.subject, text: row.text, html: row.html, headers, sentAt: row.sent_at, kind: row.kind, status: row.status };
}

/** One mail as the list prints it; what visitors typed cannot drive the terminal. */
export function mailLine(mail: LoggedMail): string {
  return `${String(mail.id).padStart(5)}  ${forTerminal(mail.sentAt)}  ${forTerminal(mail.status).padEnd(6)} ${forTerminal(mail.kind).padEnd(16)} ${forTerminal(mail.to).padEnd(32)} ${forTerminal(mail.subject)}`;
}

const MAIL_USAGE = [
  'npm run mail -- --local|--remote list [--to ADDRESS] [--since YYYY-MM-DD] [--json] [--persist-to DIR]',
  'npm run mail -- --local|--remote show ID [--persist-to DIR]',
  'npm run mail -- --local|--remote pending [--resend] [--json] [--persist-to DIR]',
  'npm run mail -- [--local] preview [KIND|all] [--lang fr] [--out .mail-preview] [--site URL]',
];

/** One mail in full, as `show` prints it: its headers, then its text, links included where the log kept them. */
export function mailInFull(mail: LoggedMail): string {
  const headers = Object.entries(mail.headers).map(([name, value]) => `${forTerminal(name)}: ${forTerminal(value)}`);
  const body = mail.text
    .split('\n')
    .map((line) => forTerminal(line))
    .join('\n');
  return [
    `To: ${forTerminal(mail.to)}`,
    `Subject: ${forTerminal(mail.subject)}`,
    `Date: ${forTerminal(mail.sentAt)}`,
    `Kind: ${forTerminal(mail.kind)} (${forTerminal(mail.status)})`,
    ...headers,
    '',
    body,
  ].join('\n');
}

/** Writes the samples of `kind` (or all) in `lang` to `out`; returns the files written. */
export async function writePreviews(kind: string, lang: string, out: string, origin = 'http://127.0.0.1:8787'): Promise<string[]> {
  const { build } = await import('esbuild');
  const { mkdir, rm, writeFile } = await import('node:fs/promises');
  const path = await import('node:path');
  // Inside the project, so the bundle's imports of packages resolve to its node_modules.
  const bundle = path.resolve('node_modules/.cache', `vitrine-mail-samples-${process.pid}.mjs`);
  await build({ entryPoints: ['scripts/lib/mail-preview-entry.ts'], bundle: true, platform: 'node', format: 'esm', outfile: bundle, jsx: 'automatic', logLevel: 'error', packages: 'external' });
  try {
    const entry = (await import(bundle)) as typeof import('./lib/mail-preview-entry.ts');
    const samples = await entry.demoSamples(lang, origin);
    const kinds = kind === 'all' ? Object.keys(samples) : [kind];
    const unknown = kinds.filter((k) => !(k in samples));
    if (unknown.length) throw new Error(`unknown kind ${unknown.join(', ')}: ${Object.keys(samples).join(', ')}`);
    await mkdir(out, { recursive: true });
    const written: string[] = [];
    for (const k of kinds) {
      const mail = samples[k as keyof typeof samples];
      const base = path.join(out, `${k}.${lang}`);
      await writeFile(`${base}.html`, mail.html);
      await writeFile(`${base}.txt`, `Subject: ${mail.subject}\r\n\r\n${mail.text}\r\n`);
      written.push(`${base}.html`);
    }
    return written;
  } finally {
    await rm(bundle, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals, fail } = command({
    name: 'npm run mail',
    usage: MAIL_USAGE,
    positionals: true,
    options: {
      ...WHERE_OPTIONS,
      to: { type: 'string' },
      since: { type: 'string' },
      json: { type: 'boolean' },
      lang: { type: 'string' },
      out: { type: 'string' },
      resend: { type: 'boolean' },
      site: { type: 'string' },
    },
  });
  const action = positionals[0];
  if (action === 'preview') {
    // Logos and photos load from the site the previews are opened beside: `--site`, or `npm start` on $PORT.
    const origin = values.site ?? `http://127.0.0.1:${process.env.PORT ?? '8787'}`;
    let files: string[] = [];
    try {
      files = await writePreviews(positionals[1] ?? 'all', values.lang ?? 'fr', values.out ?? '.mail-preview', origin);
    } catch (error) {
      fail((error as Error).message);
    }
    for (const file of files) console.log(file);
    process.exit(0);
  }
  if (values.local === values.remote) fail('say --local or --remote');
  if (action === 'pending') {
    process.exit(await pending({ remote: Boolean(values.remote), resend: Boolean(values.resend), json: Boolean(values.json), site: values.site, persistTo: values['persist-to'] }));
  }
  if (action === 'show') {
    const id = positionals[1] ?? '';
    if (!/^\d{1,12}$/.test(id)) fail('show takes the number `list` prints before a mail');
    const [rows = []] = await d1<MailLogRow>(
      Boolean(values.remote),
      [`SELECT id, recipient, kind, subject, text, html, headers, status, sent_at FROM mail_log WHERE id = ${Number(id)}`],
      values['persist-to'],
    );
    const row = rows[0];
    if (!row) {
      console.error(`npm run mail: no mail ${id} in the log`);
      process.exit(1);
    }
    console.log(mailInFull(toLoggedMail(row)));
    process.exit(0);
  }
  if (action !== 'list') fail(`say what to do: list, show, pending or preview${action ? ` (not ${action})` : ''}`);
  let query: { sql: string; params: string[] } = { sql: '', params: [] };
  try {
    query = mailLogQuery({ ...(values.to ? { to: values.to } : {}), ...(values.since ? { since: values.since } : {}) });
  } catch (error) {
    fail((error as Error).message);
  }
  let rows: MailLogRow[];
  if (values.local) {
    const { withLocalPlatform } = await import('./lib/local-platform.ts');
    rows = await withLocalPlatform(
      async (env) =>
        (
          await env.DB.prepare(query.sql)
            .bind(...query.params)
            .all<MailLogRow>()
        ).results,
      values['persist-to'],
    );
  } else {
    // wrangler takes literal SQL: the filter values were checked above, so quoting them is safe.
    const literal = query.params.reduce((q, p) => q.replace('?', `'${p}'`), query.sql);
    const out = execFileSync('npx', ['wrangler', 'd1', 'execute', await remoteDatabase(), '--remote', '--json', '--command', literal], { encoding: 'utf8' });
    const parsed: unknown = JSON.parse(out);
    rows = Array.isArray(parsed) && parsed[0] && Array.isArray(parsed[0].results) ? parsed[0].results : [];
  }
  const mails = rows.map(toLoggedMail);
  if (values.json) console.log(JSON.stringify(mails, null, 2));
  else if (mails.length === 0) console.log('No mail.');
  else for (const mail of mails) console.log(mailLine(mail));
}

/** Runs SQL on the site's D1: miniflare's locally, Cloudflare's with --remote. */
async function d1<T>(remote: boolean, statements: string[], persistTo?: string): Promise<T[][]> {
  if (!remote) {
    const { withLocalPlatform } = await import('./lib/local-platform.ts');
    return withLocalPlatform(async (env) => Promise.all(statements.map(async (sql) => (await env.DB.prepare(sql).all<T>()).results)), persistTo);
  }
  const database = await remoteDatabase();
  return statements.map((sql) => {
    const parsed: unknown = JSON.parse(execFileSync('npx', ['wrangler', 'd1', 'execute', database, '--remote', '--json', '--command', sql], { encoding: 'utf8' }));
    return Array.isArray(parsed) && parsed[0] && Array.isArray(parsed[0].results) ? (parsed[0].results as T[]) : [];
  });
}

async function pending(options: { remote: boolean; resend: boolean; json: boolean; site?: string | undefined; persistTo?: string | undefined }): Promise<number> {
  const { PENDING_SQL, pendingLine, resendSql, stateOf } = await import('./lib/outbox-pending.ts');
  const now = new Date();
  const [rows = []] = await d1<import('./lib/outbox-pending.ts').PendingRow>(options.remote, [PENDING_SQL], options.persistTo);
  if (options.json)
    console.log(
      JSON.stringify(
        rows.map((r) => ({ ...r, state: stateOf(r, now) })),
        null,
        2,
      ),
    );
  else if (rows.length === 0) console.log('Nothing waits: every accepted request has been delivered.');
  else for (const row of rows) console.log(pendingLine(row, now));
  if (!options.resend || rows.length === 0) return 0;
  await d1(options.remote, resendSql(now), options.persistTo);
  const { askSite } = await import('./lib/alerts-hook.ts');
  const asked = await askSite('/outbox/sweep', { remote: options.remote, site: options.site });
  if (asked.ok) {
    const report = asked.body as { leads?: { delivered?: number }; letters?: { delivered?: number } };
    console.log(`Resent now: ${report.leads?.delivered ?? 0} lead(s) and ${report.letters?.delivered ?? 0} message(s) delivered; the rest stays pending.`);
  } else console.error(`Marked for resending; ${asked.why}: the site's scheduled sweep sends them within 15 minutes.`);
  return 0;
}
