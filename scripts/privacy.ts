/**
 * npm run privacy -- --local|--remote find --email ADDRESS
 * npm run privacy -- --local|--remote export --email ADDRESS [--out FILE]
 * npm run privacy -- --local|--remote erase --email ADDRESS
 * npm run privacy -- --local|--remote runs
 * npm run privacy -- register
 * The operator's side of a visitor's rights, with the rules of the visitor's own page
 * (worker/privacy/subject-data.ts): what is held about an address, its JSON, its erasure
 * (D1 and the uploads in R2), each recorded in the audit without the data; the retention
 * runs of the last days; and the register of processing (GDPR art. 30) written from the
 * retention schedule into docs/privacy-register.md.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { command, run as runCommand, WHERE_OPTIONS } from './lib/cli.ts';
import { RETENTION, RETENTION_KINDS } from '../domain/privacy/retention.ts';
import { RETENTION_RECORD } from '../domain/privacy/retention-record.ts';
import { audit, eraseSubject, findSubject } from '../worker/privacy/subject-data.ts';
import en from '../content/demo/translations/en.json' with { type: 'json' };
import { remoteDatabase, remoteObject } from './lib/agency-scope.ts';

const PRIVACY_USAGE = [
  'npm run privacy -- --local|--remote [--persist-to DIR] find|export|erase --email ADDRESS [--out FILE]',
  'npm run privacy -- --local|--remote [--persist-to DIR] runs',
  'npm run privacy -- register',
];
const BASIS: Record<string, string> = {
  'pre-contract': 'steps at the visitor’s request before a contract (art. 6.1.b)',
  consent: 'consent, withdrawn at any time (art. 6.1.a)',
  'legitimate-interest': 'the agency’s legitimate interest (art. 6.1.f)',
};

/** The register of processing (art. 30.1), from the schedule: one section per kind of data. */
export function registerText(): string {
  const lines = [
    '# Register of processing activities (GDPR art. 30)',
    '',
    'Written by `npm run privacy -- register` from `domain/privacy/retention.ts`; a test keeps it in step.',
    'Controller: the agency named in `content/<agency>/site.json` (`agency`), supervised by the Belgian',
    'Data Protection Authority (Autorité de protection des données / Gegevensbeschermingsautoriteit,',
    'rue de la Presse 35, 1000 Brussels). Processors: Cloudflare (hosting, D1 and R2 in the EU, e-mail',
    'delivery), and the agency’s CRM where one is configured. No transfer outside the EU is made by the',
    'site itself. Security: see `docs/security.md`.',
    '',
    'Many agencies on one deployment: each agency the platform serves is the controller of the personal',
    'data its own site collects, kept in its own database and under its own keys; this register is kept',
    'per agency, and its rights page, exports and erasure act on that agency’s data only. The platform',
    'operator is each agency’s processor (GDPR art. 28), under a processing agreement with each, and',
    'reaches an agency’s data only through the operator commands with `--agency`.',
    '',
    '| Data | Purpose | Legal basis | Kept | From | At the end | Where | Source |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const kind of RETENTION_KINDS) {
    const rule = { ...RETENTION[kind], ...RETENTION_RECORD[kind] };
    lines.push(
      `| ${kind} | ${(en as Record<string, string>)[rule.purposeKey] ?? rule.purposeKey} | ${BASIS[rule.basis] ?? rule.basis} | ${rule.days} days (agency may set ${rule.minDays}–${rule.maxDays}) | ${rule.from} | ${rule.end === 'erase' ? 'erased' : 'kept as counts naming nobody'} | ${rule.held} | ${rule.source} |`,
    );
  }
  lines.push('', 'Data subjects exercise their rights at `/privacy/` (a single-use link mailed to their address) or through the agency (`npm run privacy`).', '');
  return lines.join('\n');
}

/** The uploads bucket as a remote operator reaches it: one `wrangler r2 object delete` per key. */
function remoteFiles(): R2Bucket {
  return {
    delete: async (keys: string | string[]) => {
      for (const key of [keys].flat()) execFileSync('npx', ['wrangler', 'r2', 'object', 'delete', remoteObject(key), '--remote'], { stdio: 'inherit' });
    },
  } as unknown as R2Bucket;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals, fail } = command({
    name: 'npm run privacy',
    usage: PRIVACY_USAGE,
    positionals: true,
    options: { ...WHERE_OPTIONS, email: { type: 'string' }, out: { type: 'string' } },
  });
  const [action] = positionals;
  if (action === 'register') {
    writeFileSync(new URL('../docs/privacy-register.md', import.meta.url), registerText());
    console.log('docs/privacy-register.md written.');
    process.exit(0);
  }
  const email = values.email?.trim() ?? '';
  const problem =
    values.local === values.remote
      ? 'say --local or --remote'
      : !['find', 'export', 'erase', 'runs'].includes(action ?? '')
        ? `say what to do: find, export, erase, runs or register${action ? ` (not ${action})` : ''}`
        : action !== 'runs' && !/^[^\s@]+@[^\s@]+$/.test(email)
          ? '--email takes the address the visitor used'
          : null;
  if (problem) fail(problem);
  const now = new Date();
  const run = async (db: D1Database, files: R2Bucket) => {
    if (action === 'runs') {
      const { results } = await db.prepare('SELECT day, tries, counts, finished_at, error FROM privacy_runs ORDER BY day DESC LIMIT 14').all<Record<string, string | number | null>>();
      for (const r of results) console.log(`${r.day}  ${r.finished_at ? 'done ' : 'open '} tries ${r.tries}  ${r.counts}${r.error ? `  error: ${r.error}` : ''}`);
      if (results.length === 0) console.log('No run yet.');
      return;
    }
    if (action === 'erase') {
      const erased = await eraseSubject({ DB: db, FILES: files }, email, now);
      await audit(db, { actor: 'operator', request: 'erase', email, outcome: JSON.stringify({ ...erased, crmRefs: erased.crmRefs.length }) }, now);
      console.log(JSON.stringify(erased, null, 2));
      if (erased.crmRefs.length > 0) console.log(`Erase these in the CRM too: ${erased.crmRefs.join(', ')}`);
      return;
    }
    const data = await findSubject({ DB: db, FILES: files }, email);
    await audit(db, { actor: 'operator', request: action === 'export' ? 'export' : 'find', email, outcome: `${data.requests.length} requests` }, now);
    if (action === 'export') {
      const json = JSON.stringify({ exportedAt: now.toISOString(), ...data }, null, 2);
      if (values.out) writeFileSync(values.out, json);
      else console.log(json);
      return;
    }
    console.log(
      `${email}: ${data.requests.length} requests (${data.requests.map((r) => r.form).join(', ') || 'none'}), ${data.bookings.length} bookings, ${data.alerts.length} alerts, newsletter ${data.newsletter?.status ?? 'none'}, ${data.mails.length} mails logged, ${data.requests.reduce((n, r) => n + r.files.length, 0)} uploads`,
    );
  };
  await runCommand('npm run privacy', async () => {
    if (values.remote) {
      const { remoteD1, executeOn } = await import('./lib/remote-d1.ts');
      await run(remoteD1(executeOn(await remoteDatabase())), remoteFiles());
    } else {
      const { withLocalPlatform } = await import('./lib/local-platform.ts');
      await withLocalPlatform((env) => run(env.DB, env.FILES), values['persist-to']);
    }
  });
}
