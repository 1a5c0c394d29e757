/**
 * npm run testimonials -- --local|--remote list [--status pending|approved|rejected]
 * npm run testimonials -- --local|--remote approve|reject ID
 * Moderation: a testimonial is shown on the site only once approved here.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { forTerminal } from './lib/terminal.ts';

export interface TestimonialRow {
  id: string;
  status: string;
  lang: string;
  created_at: string;
  name: string;
  comment: string;
  homepage: string | null;
  image_key: string | null;
}

export type ModerationCommand = { action: 'list'; status: string | null } | { action: 'approve' | 'reject'; id: string };

/** Reads the command line; throws a usage message the operator can act on. */
export function parseModeration(positionals: string[], status: string | undefined): ModerationCommand {
  const [action, id] = positionals;
  if (action === 'list') {
    if (status !== undefined && !['pending', 'approved', 'rejected'].includes(status)) throw new Error('--status takes pending, approved or rejected');
    return { action, status: status ?? null };
  }
  if (action === 'approve' || action === 'reject') {
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) throw new Error(`${action} takes the id that "list" shows`);
    return { action, id };
  }
  throw new Error('Usage: npm run testimonials -- --local|--remote list [--status pending] | approve ID | reject ID');
}

/** The SQL of a command; ids and statuses are checked above, so they are safe as literals for wrangler. */
export function moderationSql(command: ModerationCommand): string {
  if (command.action === 'list') {
    const where = command.status ? ` WHERE status = '${command.status}'` : '';
    return `SELECT id, status, lang, created_at, name, comment, homepage, image_key FROM testimonials${where} ORDER BY created_at DESC`;
  }
  const status = command.action === 'approve' ? 'approved' : 'rejected';
  return `UPDATE testimonials SET status = '${status}', moderated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = '${command.id}'`;
}

/** One testimonial as `list` prints it; what the visitor wrote cannot drive the terminal. */
export function listLine(r: TestimonialRow): string {
  const comment = r.comment.replace(/[ \t\r\n]+/g, ' ').slice(0, 160);
  return `${forTerminal(r.id)}  ${forTerminal(r.status).padEnd(8)} ${forTerminal(r.created_at.slice(0, 10))} ${forTerminal(r.lang)}  ${forTerminal(r.name)}${r.image_key ? ' [photo]' : ''}\n    ${forTerminal(comment)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { local: { type: 'boolean' }, remote: { type: 'boolean' }, status: { type: 'string' } } });
  let command: ModerationCommand;
  try {
    if (values.local === values.remote) throw new Error('Say --local or --remote.');
    command = parseModeration(positionals, values.status);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const sql = moderationSql(command);
  let rows: TestimonialRow[] = [];
  let changed = 0;
  if (values.local) {
    const { withLocalPlatform } = await import('./lib/local-platform.ts');
    await withLocalPlatform(async (env) => {
      if (command.action === 'list') rows = (await env.DB.prepare(sql).all<TestimonialRow>()).results;
      else changed = (await env.DB.prepare(sql).run()).meta.changes;
    });
  } else {
    const out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--remote', '--json', '--command', sql], { encoding: 'utf8' });
    const parsed: unknown = JSON.parse(out);
    const first: unknown = Array.isArray(parsed) ? parsed[0] : null;
    if (typeof first === 'object' && first !== null && 'results' in first && Array.isArray(first.results)) rows = first.results;
    if (typeof first === 'object' && first !== null && 'meta' in first && typeof first.meta === 'object' && first.meta !== null && 'changes' in first.meta && typeof first.meta.changes === 'number')
      changed = first.meta.changes;
  }
  if (command.action === 'list') {
    for (const r of rows) console.log(listLine(r));
    if (rows.length === 0) console.log('No testimonials.');
  } else {
    console.log(changed === 1 ? `${command.id}: ${command.action === 'approve' ? 'approved — shown on the site now' : 'rejected'}` : `No testimonial ${command.id}.`);
    if (changed !== 1) process.exit(1);
  }
}
