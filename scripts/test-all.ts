/**
 * npm test: build, types, lint and format in order, stopping at the first failure; then the
 * tests: unit and worker integration (workerd with real bindings) in one run, one file per
 * core, and beside it end-to-end in Chromium, one file at a time against one site. The two
 * runs share nothing but the machine; side by side, each fills the moments the other waits
 * (a page load, a browser, a mail poll), where in turn they left a core idle.
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';

interface Step {
  name: string;
  command: string;
  args: string[];
}

/** A run of tests with its own report, read back for the closing line. */
const vitest = (name: string, projects: string[], report: string): Step => ({
  name,
  command: 'npx',
  args: ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
});
const REPORTS = ['test-results/vitest-node.json', 'test-results/vitest-e2e.json'];
const testRuns = [vitest('unit + worker tests', ['unit', 'worker'], REPORTS[0] ?? ''), vitest('e2e tests', ['e2e'], REPORTS[1] ?? '')];

const steps: Step[] = [
  { name: 'build', command: 'node', args: ['scripts/build-client.ts'] },
  { name: 'typecheck', command: 'npx', args: ['tsc', '-b'] },
  // Layers (imports one way), hooks, typescript-eslint, then the formatting: a violation fails the run.
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  // The worker's rooms import one way, and no file cycle hides behind a type-only import.
  { name: 'rooms', command: 'node', args: ['scripts/check-rooms.ts'] },
  // Every control docs/security.md names is still where the mutation check takes it out.
  { name: 'security map', command: 'node', args: ['scripts/security-mutations.ts', '--check'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
];

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${step.name}`);
    const child = spawn(step.command, step.args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
    child.on('exit', (code) => {
      console.log(`${code === 0 ? '✓' : '✗'} ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(code ?? 1);
    });
  });
}

/** One plain closing line, the form CI reads: "N passed, N failed", over both runs. */
async function summary(): Promise<void> {
  let passed = 0;
  let failed = 0;
  let read = 0;
  for (const file of REPORTS) {
    try {
      const report: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (typeof report === 'object' && report !== null && 'numPassedTests' in report && 'numFailedTests' in report) {
        passed += Number(report.numPassedTests);
        failed += Number(report.numFailedTests);
        read++;
      }
    } catch {
      // no report: that run did not get to its tests
    }
  }
  if (read > 0) console.log(`\n${passed} passed, ${failed} failed`);
}

// A run that stops before the tests must not print the last run's figures.
await Promise.all(['test-results/vitest.json', ...REPORTS].map((file) => rm(file, { force: true })));
for (const step of steps) {
  const code = await run(step);
  if (code !== 0) process.exit(code);
}
const codes = await Promise.all(testRuns.map(run));
await summary();
process.exit(codes.find((code) => code !== 0) ?? 0);
