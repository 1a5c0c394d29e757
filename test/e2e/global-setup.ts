/**
 * Starts the site the way `npm start` does (build, publish demo content and photos,
 * `wrangler dev`) on a free port with its own state folder, for the browser tests.
 *
 * The start (about 85 s on two cores) runs in the background: Vitest runs every project's
 * global set-up before the first test file of any layer, and the browser tests come after
 * the unit and worker layers, so waiting here kept both cores idle-but-one for the whole
 * start. Each browser test file waits for the site instead (site-ready.ts), and a start
 * that failed says why there at once rather than after a timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { prepareLocalState, wranglerDevArgs } from '../../scripts/start.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { SITE_STATUS_FILE, type SiteStatus } from './site-status.ts';

/** Own state folder per run; E2E_STATE lets two runs on one machine keep apart. */
const STATE = process.env.E2E_STATE ?? '.wrangler/e2e-state';

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`site did not answer at ${url} within ${timeoutMs} ms`);
}

let server: ChildProcess | undefined;

async function report(statusFile: string, status: SiteStatus): Promise<void> {
  await writeFile(statusFile, JSON.stringify(status));
}

/** Prepares the state folder and starts `wrangler dev`; what it says goes into `output`. */
async function startSite(port: number, output: string[]): Promise<void> {
  await prepareLocalState({ persistTo: STATE, log: (line) => output.push(`${line}\n`) });
  server = spawn('npx', wranglerDevArgs(String(port), { persistTo: STATE, production: true }), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    detached: true,
  });
  server.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  server.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  await waitFor(`http://127.0.0.1:${port}/fr/`, server, 120_000);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await rm(STATE, { recursive: true, force: true });
  await mkdir(STATE, { recursive: true });
  const statusFile = `${STATE}/${SITE_STATUS_FILE}`;
  await report(statusFile, { state: 'starting' });
  const port = await freePort();
  const output: string[] = [];
  const started = Date.now();
  const starting = startSite(port, output).then(
    () => report(statusFile, { state: 'ready', seconds: Math.round((Date.now() - started) / 1000) }),
    (error: unknown) => report(statusFile, { state: 'failed', reason: String(error), output: output.join('').slice(-8_000) }),
  );
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  project.provide('siteStatusFile', statusFile);
  return async () => {
    // A run that ends before the site is up (a unit test failed) still stops what it started.
    await starting;
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the background start writes how it went (site-status.ts). */
    siteStatusFile: string;
  }
}
