/**
 * npm run crm:outbox -- --local|--remote [--retry] [--json]
 * Every request the agency's CRM has not confirmed yet: the lead, its form, how many tries,
 * the CRM's last answer, and whether the scheduled sweep still tries it (for 72 hours after
 * it came). --retry makes them all due again and asks the site to sweep now
 * (POST /outbox/sweep with PUBLISH_HOOK_TOKEN); without an answer the next scheduled sweep,
 * within 15 minutes, sends them. The worker's own functions, on local state or on the
 * deployed database.
 */
import { command, run as runCommand, WHERE_OPTIONS } from './lib/cli.ts';
import { withOperatorDb } from './lib/operator-db.ts';
import { pendingCrmPushes, retryCrmPushes, type PendingCrmPush } from '../worker/leads/crm-pushes.ts';
import { RETRY_FOR_HOURS } from './lib/outbox-pending.ts';
import { forTerminal } from './lib/terminal.ts';

export function pushLine(row: PendingCrmPush, now: Date): string {
  const retrying = Date.parse(row.created_at) >= now.getTime() - RETRY_FOR_HOURS * 3_600_000;
  const why = (row.last_error ?? 'not tried yet').replace(/\s+/g, ' ').slice(0, 200);
  return `${forTerminal(row.lead_id)}  ${forTerminal(row.kind).padEnd(20)} ${row.created_at.slice(0, 16)}  ${String(row.tries).padStart(2)} tries  ${retrying ? 'retrying' : 'given up'}\n    ${forTerminal(why)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, fail } = command({
    name: 'npm run crm:outbox',
    usage: ['npm run crm:outbox -- --local|--remote [--retry] [--json] [--site URL] [--persist-to DIR]'],
    options: { ...WHERE_OPTIONS, retry: { type: 'boolean' }, json: { type: 'boolean' }, site: { type: 'string' } },
  });
  if (values.local === values.remote) fail('say --local or --remote');
  const now = new Date();
  let rows: PendingCrmPush[] = [];
  let marked = 0;
  const run = async (db: D1Database) => {
    rows = await pendingCrmPushes(db);
    if (values.retry && rows.length > 0) marked = await retryCrmPushes(db, now);
  };
  await runCommand('npm run crm:outbox', () => withOperatorDb(Boolean(values.remote), run, values['persist-to']));
  if (values.json) console.log(JSON.stringify(rows, null, 2));
  else if (rows.length === 0) console.log('Nothing waits: the CRM has every accepted request.');
  else for (const row of rows) console.log(pushLine(row, now));
  if (values.retry && marked > 0) {
    const { askSite } = await import('./lib/alerts-hook.ts');
    const asked = await askSite('/outbox/sweep', { remote: Boolean(values.remote), site: values.site });
    if (asked.ok) console.log(`Tried now: ${(asked.body as { crm?: { delivered?: number } }).crm?.delivered ?? 0} of ${marked} reached the CRM; the rest stays pending.`);
    else console.error(`Marked ${marked} to try again; ${asked.why}: the site's scheduled sweep tries them within 15 minutes.`);
  }
}
