/**
 * npm run content:check -- [--dir content/demo] [--json] [--on 2026-11-26] [--strict]
 *
 * Validates a content folder and, for each advertised listing, lists what Belgian listing law
 * in force on the day (today by default) asks its advertisement to state and it lacks:
 * "2044 (Leuven, Flanders): PScore missing; building permit not stated". The same check runs
 * when content:publish, crm:sync and the scheduled CRM pull publish. Exit 1 when the folder is
 * invalid; with --strict, exit 3 when a listing has a gap (for a pre-publish step in CI).
 */
import { command } from './lib/cli.ts';
import { loadContent } from '../content/load.ts';
import { checkListingLaw, landLines, refusesIncomplete, reportLines, type LandLawReport, type LegalReport } from '../content/listing-law.ts';
import { landLawOf } from '../content/land-law.ts';
import { utcDay } from '../domain/rules/gone.ts';
import { problemLine } from './lib/sync-report.ts';
import { forTerminal } from './lib/terminal.ts';
import { contentDir } from './lib/agency-scope.ts';

export async function contentCheck(dir: string, on: string): Promise<{ ok: false; problems: string[] } | { ok: true; report: LegalReport; land: LandLawReport }> {
  const result = await loadContent(dir);
  if (!result.ok) return { ok: false, problems: result.problems.map(problemLine) };
  const { site } = result.content;
  // What the official layers answer fills what the CRM left out, as the publish does, before the law is checked.
  const land = landLawOf(result.content.properties, result.content.land, on);
  const findings = checkListingLaw(land.properties, on);
  const heldBack = refusesIncomplete(site) ? findings.map((f) => f.id) : [];
  const checked = land.properties.filter((p) => p.Status !== 'sold' && p.Status !== 'rented').length;
  return { ok: true, report: { on, checked, findings, heldBack }, land: land.report };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, fail } = command({
    name: 'npm run content:check',
    usage: ['npm run content:check -- [--dir content/demo] [--on YYYY-MM-DD] [--json] [--strict]'],
    options: { dir: { type: 'string' }, agency: { type: 'string' }, json: { type: 'boolean' }, on: { type: 'string' }, strict: { type: 'boolean' } },
  });
  const on = values.on ?? utcDay(new Date());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(on)) fail('--on takes a date as YYYY-MM-DD');
  const checked = await contentCheck(contentDir(values.dir), on).catch((error: unknown) => {
    console.error(`npm run content:check: ${forTerminal(error instanceof Error ? error.message : String(error))}`);
    process.exit(1);
  });
  const outcome = checked;
  if (!outcome.ok) {
    for (const line of outcome.problems) console.error(line);
    console.error(`${outcome.problems.length} problem(s) in ${forTerminal(contentDir(values.dir))}.`);
    process.exit(1);
  }
  if (values.json) console.log(JSON.stringify({ ...outcome.report, land: outcome.land }, null, 2));
  else for (const line of [...landLines(outcome.land), ...reportLines(outcome.report)]) console.log(forTerminal(line));
  process.exit(values.strict && outcome.report.findings.length > 0 ? 3 : 0);
}
