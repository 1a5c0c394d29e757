/**
 * Set-up of every browser test file: waits until the site the global set-up is starting in
 * the background answers. A start that failed fails the file at once, with wrangler's words.
 */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { parseSiteStatus } from './site-status.ts';

/** The start takes about 35 s on two cores when it has them to itself; the wait allows for sharing them. */
const WAIT_MS = 300_000;

const statusFile = inject('siteStatusFile');
const deadline = Date.now() + WAIT_MS;
for (;;) {
  const status = parseSiteStatus(await readFile(statusFile, 'utf8').catch(() => null));
  if (status.state === 'ready') break;
  if (status.state === 'failed') throw new Error(`the site did not start: ${status.reason}\n${status.output}`);
  if (Date.now() > deadline) throw new Error(`the site was still starting after ${WAIT_MS / 1000} s (${statusFile})`);
  await new Promise((resolve) => setTimeout(resolve, 250));
}
