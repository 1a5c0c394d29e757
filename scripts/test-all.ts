/**
 * npm test: every layer in order, stopping at the first failure — build, types, lint and
 * format, unit, worker integration (workerd with real bindings), then end-to-end in Chromium.
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';

interface Step {
  name: string;
  command: string;
  args: string[];
}

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
  { name: 'unit + worker + e2e tests', command: 'npx', args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'] },
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

/** One plain closing line, the form CI reads: "N passed, N failed". */
async function summary(): Promise<void> {
  try {
    const report: unknown = JSON.parse(await readFile('test-results/vitest.json', 'utf8'));
    if (typeof report === 'object' && report !== null && 'numPassedTests' in report && 'numFailedTests' in report) {
      console.log(`\n${String(report.numPassedTests)} passed, ${String(report.numFailedTests)} failed`);
    }
  } catch {
    // no report: the run stopped before the tests
  }
}

// A run that stops before the tests must not print the last run's figures.
await rm('test-results/vitest.json', { force: true });
for (const step of steps) {
  const code = await run(step);
  if (code !== 0) {
    await summary();
    process.exit(code);
  }
}
await summary();
