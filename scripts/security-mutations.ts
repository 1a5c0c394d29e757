/**
 * npm run attack:mutations [-- --only N,M] [--check]
 *
 * Proves each row of docs/security.md: its control is taken out of the code (one exact
 * replacement in one file), the row's test is run, and the test must fail. The file is put
 * back whatever happens. A test that still passes without its control attacks nothing.
 * --check only verifies that every control is still found, exactly once, where it is named.
 * Writes docs/bench/security-mutations.json with the commit it ran on. Takes ~20 minutes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { command } from './lib/cli.ts';

import type { Mutation } from './lib/security-mutations/mutation.ts';
import { ACCOUNTS } from './lib/security-mutations/accounts.ts';
import { FORMS_AND_MAIL } from './lib/security-mutations/forms-and-mail.ts';
import { MEMORY_AND_MAP } from './lib/security-mutations/memory-and-map.ts';
import { UNATTENDED } from './lib/security-mutations/unattended.ts';
import { PRIVACY } from './lib/security-mutations/privacy.ts';
import { WARM_PAGES } from './lib/security-mutations/warm-pages.ts';
import { THIRD_PASS } from './lib/security-mutations/third-pass.ts';
import { AGENCIES_ROWS } from './lib/security-mutations/agencies.ts';
import { LAND_ROWS } from './lib/security-mutations/land.ts';

export const MUTATIONS: Mutation[] = [...ACCOUNTS, ...FORMS_AND_MAIL, ...MEMORY_AND_MAP, ...UNATTENDED, ...PRIVACY, ...WARM_PAGES, ...THIRD_PASS, ...AGENCIES_ROWS, ...LAND_ROWS];

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = command({ name: 'npm run attack:mutations', usage: ['npm run attack:mutations -- [--only N,M] [--check]'], options: { only: { type: 'string' }, check: { type: 'boolean' } } });
  const chosen = values.only ? values.only.split(',').map(Number) : MUTATIONS.map((_, i) => i);
  const results: { row: string; control: string; test: string; outcome: 'failed as it should' | 'STILL PASSED' | 'control not found' }[] = [];
  for (const index of chosen) {
    const m = MUTATIONS[index];
    if (!m) continue;
    const original = readFileSync(m.file, 'utf8');
    const test = `${m.test}${m.name ? ` › ${m.name}` : ''}`;
    const finds = [m.find].flat();
    const replaces = [m.replace].flat();
    const others = (m.also ?? []).map((edit) => ({ ...edit, original: readFileSync(edit.file, 'utf8') }));
    if (finds.some((find) => count(original, find) !== 1) || others.some((edit) => count(edit.original, edit.find) !== 1)) {
      results.push({ row: m.row, control: m.control, test, outcome: 'control not found' });
      console.log(`✗ [${index}] ${m.row}: control not found exactly once in ${m.file}`);
      continue;
    }
    if (values.check) continue;
    writeFileSync(
      m.file,
      finds.reduce((text, find, i) => text.replace(find, replaces[i] ?? ''), original),
    );
    for (const edit of others) writeFileSync(edit.file, edit.original.replace(edit.find, edit.replace));
    try {
      const run = spawnSync('npx', ['vitest', 'run', '--project', m.project, m.test, ...(m.name ? ['-t', m.name] : [])], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
      const outcome = run.status === 0 ? 'STILL PASSED' : 'failed as it should';
      results.push({ row: m.row, control: m.control, test, outcome });
      console.log(`${outcome === 'failed as it should' ? '✓' : '✗'} [${index}] ${m.row} — without “${m.control}”, ${test}: ${outcome}`);
    } finally {
      writeFileSync(m.file, original);
      for (const edit of others) writeFileSync(edit.file, edit.original);
    }
  }
  if (values.check) {
    console.log(`${chosen.length - results.length} of ${chosen.length} controls found`);
    process.exit(results.length > 0 ? 1 : 0);
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  if (!values.only) writeFileSync('docs/bench/security-mutations.json', `${JSON.stringify({ commit, date: new Date().toISOString(), results }, null, 2)}\n`);
  const bad = results.filter((r) => r.outcome !== 'failed as it should').length;
  console.log(`\n${results.length - bad} of ${results.length} tests failed without their control`);
  process.exit(bad > 0 ? 1 : 0);
}
