/**
 * Starts the site the way `npm start` does (build, publish demo content and photos,
 * `wrangler dev`) on a free port with its own state folder, for the browser tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { prepareLocalState } from '../../scripts/start.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { localOriginVars } from '../../scripts/lib/local-origin.ts';

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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await rm(STATE, { recursive: true, force: true });
  await prepareLocalState({ persistTo: STATE, log: () => undefined });
  const port = await freePort();
  const output: string[] = [];
  server = spawn('npx', ['wrangler', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--local', '--persist-to', STATE, '--show-interactive-dev-session=false', ...localOriginVars(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    detached: true,
  });
  server.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  server.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseURL}/fr/`, server, 60_000);
  } catch (error) {
    console.error(output.join(''));
    throw error;
  }
  project.provide('baseURL', baseURL);
  return async () => {
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
  }
}
