/**
 * npm run content:publish -- --local | --remote [--dir content/demo] [--confirm]
 * Validates all content; on any problem prints file, path and reason and publishes
 * nothing. Otherwise writes a new immutable version, checks every write, flips the
 * `current` pointer and removes versions older than the previous one. The listings are
 * compared with the live version as a CRM sync compares them (content/crm-publish.ts), and
 * guarded the same way: a folder that would withdraw more than crmGuard.maxWithdrawnShare of
 * the live listings publishes nothing without --confirm (old name --confirm-withdrawal).
 *
 * When a CRM manages the listings (its records as last published are in R2, written by the
 * scheduled pull and `crm:sync`), those records are the listings: the folder's
 * properties.json is not published over them, so a publish after a sync never brings back
 * an old price, a withdrawn listing or a sold one for sale, and tells no subscriber
 * anything twice. The publish says so, and publishes the rest.
 */
import { command, WHERE_OPTIONS } from './lib/cli.ts';
import { loadContent } from '../content/load.ts';
import { problemLine, refusalLines } from './lib/sync-report.ts';
import { kvPublishStore, type PublishStore } from '../content/publish.ts';
import { syncExport } from '../content/crm-publish.ts';
import { sendAlertsNow } from './lib/alerts-hook.ts';
import { warmPagesNow } from './lib/warm-hook.ts';
import { withLocalPlatform } from './lib/local-platform.ts';
import { forTerminal } from './lib/terminal.ts';
import { remoteStoreFromEnvironment } from './lib/remote-kv.ts';
import { r2RecordsFile, remoteRecordsFile, type RecordsFile } from './lib/crm-records.ts';
import { contentDir } from './lib/agency-scope.ts';

export async function publishFolder(
  dir: string,
  store: PublishStore,
  log: (line: string) => void = (line) => console.log(forTerminal(line)),
  confirm = false,
  /** The CRM's records as last published, when a CRM manages the listings. */
  crmRecords: Record<string, unknown>[] | null = null,
): Promise<string | null> {
  const started = performance.now();
  log(`Validating ${dir} …`);
  const result = await loadContent(dir);
  if (!result.ok) {
    for (const problem of result.problems) console.error(problemLine(problem));
    console.error(`${result.problems.length} problem(s); nothing was published.`);
    return null;
  }
  // The folder's listings go through the same core as a CRM export: price drops, withdrawn
  // listings and alerts follow a publish as they follow a sync.
  const { properties, ...rest } = result.content;
  if (crmRecords) log(`Listings: the ${crmRecords.length} the CRM manages, as last synced; ${dir}/properties.json is not published over them.`);
  const outcome = await syncExport({ records: crmRecords ?? properties, rest, store, log, confirm, ...(crmRecords ? { previousRecords: crmRecords } : {}) });
  if (!outcome.ok && 'refusal' in outcome) {
    for (const line of refusalLines(outcome.refusal)) console.error(line);
    return null;
  }
  if (!outcome.ok) {
    for (const problem of outcome.problems) console.error(problemLine(problem));
    console.error(`${outcome.problems.length} problem(s); nothing was published.`);
    return null;
  }
  if (!outcome.version) return store.get('current');
  log(`Published in ${Math.round(performance.now() - started)} ms`);
  return outcome.version;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, fail } = command({
    name: 'npm run content:publish',
    usage: ['npm run content:publish -- --local|--remote [--dir content/demo] [--confirm] [--persist-to DIR]'],
    options: {
      ...WHERE_OPTIONS,
      dir: { type: 'string' },
      confirm: { type: 'boolean' },
      // The flag's old name, kept for the operators' scripts that use it.
      'confirm-withdrawal': { type: 'boolean' },
    },
  });
  if (values.local === values.remote) fail('say --local or --remote');
  // A new version (not the live one kept) may bring listings alerts tell about.
  const publish = async (store: PublishStore, records: RecordsFile) => {
    const before = await store.get('current');
    const version = await publishFolder(contentDir(values.dir), store, undefined, Boolean(values.confirm ?? values['confirm-withdrawal']), await records.read());
    return { version, fresh: version !== null && version !== before };
  };
  const outcome = values.remote
    ? await publish(await remoteStoreFromEnvironment(), remoteRecordsFile())
    : await withLocalPlatform((env) => publish(kvPublishStore(env.CONTENT), r2RecordsFile(env.FILES)), values['persist-to']);
  if (outcome.fresh) {
    console.log(`Alerts queued: ${await sendAlertsNow({ remote: Boolean(values.remote) })}`);
    console.log(await warmPagesNow({ remote: Boolean(values.remote) }));
  }
  process.exit(outcome.version ? 0 : 1);
}
