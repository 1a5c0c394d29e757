/**
 * npm run testimonials -- --local|--remote list [--status pending|approved|rejected]
 * npm run testimonials -- --local|--remote approve|reject ID
 * Moderation: a testimonial is shown on the site only once approved here.
 */
import { command as readCommand, run, WHERE_OPTIONS } from './lib/cli.ts';
import { withOperatorDb } from './lib/operator-db.ts';
import { forTerminal } from './lib/terminal.ts';
import { moderate, testimonialsForModeration, type ModerationRow } from '../worker/testimonials/store.ts';

export type TestimonialRow = ModerationRow;

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
  throw new Error(action ? `unknown command ${action}: list, approve or reject` : 'say what to do: list, approve or reject');
}

/** One testimonial as `list` prints it; what the visitor wrote cannot drive the terminal. */
export function listLine(r: TestimonialRow): string {
  const comment = r.comment.replace(/[ \t\r\n]+/g, ' ').slice(0, 160);
  return `${forTerminal(r.id)}  ${forTerminal(r.status).padEnd(8)} ${forTerminal(r.created_at.slice(0, 10))} ${forTerminal(r.lang)}  ${forTerminal(r.name)}${r.image_key ? ' [photo]' : ''}\n    ${forTerminal(comment)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals, fail } = readCommand({
    name: 'npm run testimonials',
    usage: ['npm run testimonials -- --local|--remote [--persist-to DIR] list [--status pending|approved|rejected]', 'npm run testimonials -- --local|--remote [--persist-to DIR] approve|reject ID'],
    positionals: true,
    options: { ...WHERE_OPTIONS, status: { type: 'string' } },
  });
  if (values.local === values.remote) fail('say --local or --remote');
  let command: ModerationCommand;
  try {
    command = parseModeration(positionals, values.status);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  // The worker's own functions, on local state or on the deployed database.
  const moderation = async (db: D1Database) => {
    if (command.action === 'list') rows = await testimonialsForModeration(db, command.status as 'pending' | 'approved' | 'rejected' | null);
    else changed = (await moderate(db, command.id, command.action === 'approve' ? 'approved' : 'rejected')) ? 1 : 0;
  };
  let rows: TestimonialRow[] = [];
  let changed = 0;
  await run('npm run testimonials', async () => {
    await withOperatorDb(Boolean(values.remote), moderation, values['persist-to']);
    if (command.action === 'list') {
      for (const r of rows) console.log(listLine(r));
      if (rows.length === 0) console.log('No testimonials.');
    } else {
      console.log(changed === 1 ? `${command.id}: ${command.action === 'approve' ? 'approved — shown on the site now' : 'rejected'}` : `No testimonial ${command.id}.`);
      if (changed !== 1) process.exitCode = 1;
    }
  });
}
