/**
 * npm run crm:sync -- --local|--remote --file PATH [--dir content/demo] [--json]
 * Publishes the agency's complete current list of properties (PATH: a JSON array of CRM
 * records, the shape of content/demo/properties.json) with the rest of the content from
 * --dir. Every record is validated first; one bad record names itself and its field, and
 * nothing is published. Otherwise the export is compared with the live version: new,
 * changed and withdrawn listings, price drops, status changes; a new version is published
 * atomically (as content:publish does), and the site is asked to send the alerts.
 * An identical second run publishes nothing and sends nothing.
 * --json prints {"added":[ids],"changed":[ids],"priceDrops":[ids],"removed":[ids],"alerts":n}.
 * --pull instead of --file reads the complete list from the CRM the environment names
 * (CRM_ADAPTER, CRM_FEED_URL, CRM_USER, CRM_PASSWORD, CRM_CLIENT_ID, CRM_OFFICE_ID), with the
 * adapter table the scheduled pull uses.
 *
 * An export that is empty, would withdraw more than site.json's crmGuard.maxWithdrawnShare of
 * the live listings, or would change the price, status, surfaces, bedrooms, place or goal of
 * more than its share, publishes nothing and exits 3 saying so; --confirm (old name
 * --confirm-withdrawal) is the operator's word that it is real. Exit codes: 0 published or unchanged, 1 invalid, 2 usage,
 * 3 refused by the guard.
 *
 * After a publish the site matches the news against the alerts at once: the command calls
 * its hook (POST /alerts/run with PUBLISH_HOOK_TOKEN, from .dev.vars locally, from the
 * environment with --remote) at --site (locally the address npm start serves on).
 * When the site does not answer, its scheduled run sends them within 15 minutes.
 */
import { command, WHERE_OPTIONS } from './lib/cli.ts';
import { readFile } from 'node:fs/promises';
import { loadContentSource } from '../content/load.ts';
import type { SyncChanges } from '../content/crm-sync.ts';
import { pullLimitsOf, recordsAsPublished, syncExport, type SyncOutcome } from '../content/crm-publish.ts';
import { r2RecordsFile, remoteRecordsFile, type RecordsFile } from './lib/crm-records.ts';
import type { LegalReport } from '../content/listing-law.ts';
import { kvPublishStore, type PublishStore } from '../content/publish.ts';
import { sendAlertsNow } from './lib/alerts-hook.ts';
import { warmPagesNow } from './lib/warm-hook.ts';
import { forTerminal } from './lib/terminal.ts';
import { problemLine, refusalLines } from './lib/sync-report.ts';
import { pullCatalogue } from './lib/crm-pull.ts';
import { crmMediaHosts } from '../content/crm/adapters.ts';
import { contentDir } from './lib/agency-scope.ts';

/** The summary --json prints: one object, ids sorted. */
export function jsonSummary(changes: SyncChanges, alerts: number, legal?: LegalReport): string {
  return JSON.stringify({ added: changes.added, changed: changes.changed, priceDrops: changes.priceDrops, removed: changes.removed, alerts, ...(legal ? { legal } : {}) });
}

export function textSummary(changes: SyncChanges, alerts: number): string[] {
  return [
    `added ${changes.added.length}, changed ${changes.changed.length}, price drops ${changes.priceDrops.length}, removed ${changes.removed.length}, status changes ${changes.statusChanges.length}`,
    ...changes.statusChanges.map((s) => `  ${s.id}: ${s.from} → ${s.to}`),
    `alerts queued: ${alerts}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, fail } = command({
    name: 'npm run crm:sync',
    usage: ['npm run crm:sync -- --local|--remote --file PATH|--pull [--dir content/demo] [--site URL] [--json] [--confirm] [--persist-to DIR]'],
    options: {
      ...WHERE_OPTIONS,
      file: { type: 'string' },
      dir: { type: 'string' },
      json: { type: 'boolean' },
      site: { type: 'string' },
      confirm: { type: 'boolean' },
      // The flag's old name, kept for the operators' scripts that use it.
      'confirm-withdrawal': { type: 'boolean' },
      pull: { type: 'boolean' },
    },
  });
  if (values.local === values.remote) fail('say --local or --remote');
  if (Boolean(values.file) === Boolean(values.pull)) fail('say where the listings come from: --file PATH or --pull');
  if (values.site !== undefined && !URL.canParse(values.site)) fail('--site takes the address of the running site, as http://127.0.0.1:8787');
  const { raw, problems: unreadable } = await loadContentSource(contentDir(values.dir));
  if (unreadable.length > 0) {
    for (const problem of unreadable) console.error(problemLine(problem));
    process.exit(1);
  }
  let records: unknown;
  if (values.pull) {
    const pulled = await pullCatalogue(process.env, (input, init) => fetch(input, init), new Date(), pullLimitsOf(raw.site));
    if (!pulled.ok) {
      console.error(`${forTerminal(pulled.reason)}; nothing was published.`);
      process.exit(1);
    }
    records = pulled.records;
  } else {
    const file = values.file ?? '';
    try {
      records = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
    } catch (error) {
      console.error(`${forTerminal(file)}: ${forTerminal((error as Error).message)}; nothing was published.`);
      process.exit(1);
    }
  }
  // Lines carry CRM text (a listing's town): a control character in it must not reach the terminal.
  const log = values.json ? () => undefined : (line: string) => console.log(forTerminal(line));
  // Photos on the CRM's own host are trusted like the site's; any other host must be listed in site.json.
  const crmHosts = values.pull && process.env.CRM_FEED_URL ? crmMediaHosts(process.env.CRM_FEED_URL) : [];
  const run = async (store: PublishStore, kept: RecordsFile) => {
    // The records as last published: a listing the guard holds back keeps showing its last form.
    const previousRecords = (await kept.read()) ?? [];
    const result = await syncExport({ records, rest: raw, store, log, crmHosts, previousRecords, confirm: Boolean(values.confirm ?? values['confirm-withdrawal']) });
    if (result.ok && Array.isArray(records)) await kept.write(recordsAsPublished(records as Record<string, unknown>[], previousRecords, result.held));
    return result;
  };
  let outcome: SyncOutcome;
  if (values.remote) {
    const { remoteStoreFromEnvironment } = await import('./lib/remote-kv.ts');
    outcome = await run(await remoteStoreFromEnvironment(), remoteRecordsFile());
  } else {
    const { withLocalPlatform } = await import('./lib/local-platform.ts');
    outcome = await withLocalPlatform((env) => run(kvPublishStore(env.CONTENT), r2RecordsFile(env.FILES)), values['persist-to']);
  }
  if (!outcome.ok && 'refusal' in outcome) {
    for (const line of refusalLines(outcome.refusal)) console.error(line);
    process.exit(3);
  }
  if (!outcome.ok) {
    for (const problem of outcome.problems) console.error(problemLine(problem));
    console.error(`${outcome.problems.length} problem(s); nothing was published.`);
    process.exit(1);
  }
  const alerts = outcome.version ? await sendAlertsNow({ remote: Boolean(values.remote), site: values.site }) : 0;
  // On stderr, so --json stays one document on stdout.
  if (outcome.version) console.error(await warmPagesNow({ remote: Boolean(values.remote), site: values.site }));
  if (values.json) console.log(jsonSummary(outcome.changes, alerts, outcome.legal));
  else for (const line of textSummary(outcome.changes, alerts)) console.log(line);
}
