/**
 * npm test: every layer in order, stopping at the first stage that fails — build; types, lint
 * and format side by side; then unit, worker integration (workerd with real bindings) and
 * end-to-end in Chromium.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, statfsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Writes straight to the terminal; otherwise its output is held and printed when it ends. */
  live?: boolean;
  /**
   * Starts with the stage before its own, and is stopped if that stage fails. The e2e run
   * spends its first 30–40 s preparing its site, which the checks' three processes leave
   * room for on two cores.
   */
  early?: boolean;
}

/** Each Vitest run writes its JSON report here; the closing line adds them up. */
const REPORTS = ['test-results/vitest.json', 'test-results/vitest-e2e.json'];
const vitest = (report: string, ...projects: string[]) => ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

/**
 * Stages run in order; the steps of one stage run side by side. The checks before the tests
 * are one process each and mostly one core each (tsc 20–30 s, eslint 10–18 s, prettier 11–14 s
 * on a fresh clone), so side by side on two cores they take about as long as tsc alone.
 */
const stages: Step[][] = [
  [{ name: 'build', command: 'node', args: ['scripts/build-client.ts'] }],
  [
    { name: 'typecheck', command: 'npx', args: ['tsc', '-b'] },
    // Layers (imports one way), hooks, typescript-eslint, then the formatting: a violation fails the run.
    { name: 'lint', command: 'npx', args: ['eslint', '.'] },
    // The worker's rooms import one way, and no file cycle hides behind a type-only import.
    { name: 'rooms', command: 'node', args: ['scripts/check-rooms.ts'] },
    // Every control docs/security.md names is still where the mutation check takes it out.
    { name: 'security map', command: 'node', args: ['scripts/security-mutations.ts', '--check'] },
    { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  ],
  // Two runs side by side: the unit and worker layers (one file per core) and the browser
  // layer (one file at a time, against one site). In one run Vitest takes the layers one
  // after the other, and each leaves part of the two cores idle.
  [
    { name: 'unit + worker tests', command: 'npx', args: vitest(REPORTS[0] ?? '', 'unit', 'worker'), live: true },
    { name: 'e2e tests', command: 'npx', args: vitest(REPORTS[1] ?? '', 'e2e'), early: true },
  ],
];

/**
 * Scratch storage in memory where the machine has it (/dev/shm). Miniflare keeps each worker
 * test file's KV, D1 and R2 under the temp folder, and the browser tests' site under its state
 * folder; SQLite syncs every write to disk. Measured here: a KV put 2.5 ms on disk, 0.6–0.9 ms
 * in memory, and the worker layer alone 350–395 s against 333 s. One folder per checkout, so
 * two checkouts testing at once keep apart; without room in /dev/shm the usual temp folder is used.
 */
function scratch(): Record<string, string> {
  const shm = '/dev/shm';
  try {
    accessSync(shm, constants.W_OK);
    // A container's /dev/shm can be 64 MB; a run kept up to 171 MB there, so 2 GB leaves room to grow.
    const { bavail, bsize } = statfsSync(shm);
    if (bavail * bsize < 2 * 1024 ** 3) return {};
  } catch {
    return {};
  }
  const dir = join(shm, `vitrine-test-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 10)}`);
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  return {
    TMPDIR: join(dir, 'tmp'),
    E2E_STATE: process.env.E2E_STATE ?? join(dir, 'e2e-state'),
    // Node's code cache, shared by every process the run starts: each test file's fork, each
    // command the CLI tests run, wrangler. The CLI tests' 54 commands took 32 CPU-seconds
    // without it, 23 with an empty cache and 19 with a warm one.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(dir, 'node-compile-cache'),
  };
}
const scratchEnv = scratch();

interface Running {
  done: Promise<number>;
  /** Stops the step and everything it started (its own process group). */
  stop(): void;
}

/**
 * Starts one step. Alone in its stage, or marked live, it writes straight to the terminal;
 * beside others its output is held and printed in one piece when it ends, so no two steps'
 * lines interleave.
 */
function start(step: Step, live: boolean): Running {
  const started = Date.now();
  if (live) console.log(`\n▶ ${step.name}`);
  const child = spawn(step.command, step.args, {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...scratchEnv, FORCE_COLOR: process.env.CI ? '0' : '1' },
    // Its own process group, so stopping it reaches what it started (Vitest, wrangler, Chromium).
    detached: true,
  });
  const held: Buffer[] = [];
  child.stdout?.on('data', (d: Buffer) => held.push(d));
  child.stderr?.on('data', (d: Buffer) => held.push(d));
  const done = new Promise<number>((resolve) => {
    child.on('exit', (code) => {
      if (!live) {
        console.log(`\n▶ ${step.name}`);
        process.stdout.write(Buffer.concat(held));
      }
      console.log(`${code === 0 ? '✓' : '✗'} ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(code ?? 1);
    });
  });
  const stop = () => {
    try {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  };
  return { done, stop };
}

/** One plain closing line, the form CI reads: "N passed, N failed", over every report written. */
async function summary(): Promise<void> {
  let passed = 0;
  let failed = 0;
  let read = 0;
  for (const path of REPORTS) {
    try {
      const report: unknown = JSON.parse(await readFile(path, 'utf8'));
      if (typeof report === 'object' && report !== null && 'numPassedTests' in report && 'numFailedTests' in report) {
        passed += Number(report.numPassedTests);
        failed += Number(report.numFailedTests);
        read++;
      }
    } catch {
      // no report: that run stopped before its tests, or never started
    }
  }
  if (read > 0) console.log(`\n${String(passed)} passed, ${String(failed)} failed`);
}

// A run that stops before the tests must not print the last run's figures.
for (const path of REPORTS) await rm(path, { force: true });
const running = new Map<Step, Running>();
// Steps run in their own process groups: an interrupted run stops them too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const step of running.values()) step.stop();
    process.exit(130);
  });
}
for (const [index, stage] of stages.entries()) {
  const next = stages[index + 1] ?? [];
  for (const step of next.filter((s) => s.early === true)) running.set(step, start(step, false));
  const steps = stage.map((step) => running.get(step) ?? start(step, stage.length === 1 || step.live === true));
  for (const [i, step] of steps.entries()) running.set(stage[i] as Step, step);
  const codes = await Promise.all(steps.map((step) => step.done));
  for (const step of stage) running.delete(step);
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    for (const step of next) running.get(step)?.stop();
    await Promise.all(next.map((step) => running.get(step)?.done));
    await summary();
    process.exit(failed);
  }
}
await summary();
