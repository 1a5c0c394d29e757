import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withLocalPlatform } from './lib/local-platform.ts';
import { kvPublishStore } from '../content/publish.ts';
import { publishFolder } from './publish-content.ts';

/** `npm run crm:sync` against its own local state, as an operator runs it. */
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-crm-sync-'));
  await withLocalPlatform((env) => publishFolder('content/demo', kvPublishStore(env.CONTENT), () => undefined), path.join(dir, 'state'));
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function crmSync(records: unknown, ...flags: string[]) {
  const file = path.join(dir, `export-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(records));
  // No site answers the alerts hook here: the command must not wait for one.
  return spawnSync('node', ['scripts/crm-sync.ts', '--local', '--persist-to', path.join(dir, 'state'), '--file', file, '--site', 'http://127.0.0.1:9', ...flags], { encoding: 'utf8' });
}

describe('npm run crm:sync', () => {
  it('an empty export exits 3, says why, and publishes nothing', async () => {
    const run = await crmSync([], '--json');
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('Refused: the export holds no listing: publishing it would withdraw all 75 live listings; nothing was published.');
    expect(run.stdout).toBe('');
  }, 60_000);

  it("prints a record's id and reasons as text: an escape sequence in them is shown, never obeyed", async () => {
    const run = await crmSync([{ ID: '\u001b]0;pwned\u0007\u001b[2J' }]);
    // The one record is held back, named; with nothing left to publish the export is refused as empty.
    expect(run.status).toBe(3);
    expect(run.stdout).toContain('Held back, unreadable: NaN ID = \\u001b]0;pwned\\u0007\\u001b[2J');
    expect(`${run.stdout}${run.stderr}`).not.toContain('\u001b');
  }, 60_000);

  it('names the listings that lack what the law asks, a town from the CRM shown as text, and publishes them with the warning', async () => {
    const records = JSON.parse(await readFile('content/demo/properties.json', 'utf8')) as { ID: number; City: string }[];
    const leuven = records.find((r) => r.ID === 2110);
    if (leuven) leuven.City = 'Leuven\u001b[2J';
    const run = await crmSync(records);
    expect(run.status).toBe(0);
    // The P-score the CRM left out comes from the official flood-sensitivity layer, and the run says so; the permit no layer answers.
    expect(run.stdout).toContain('  2110 (Leuven\\u001b[2J): PScore = A from VMM, Overstromingsgevoeligheid – P-score per perceel (informatieplicht) (2025-07-01)');
    expect(run.stdout).toContain('  2110 (Leuven\\u001b[2J, Flanders): building permit not stated');
    expect(run.stdout).not.toContain('PScore missing');
    // Where the CRM and the official map disagree, the listing is published with the CRM's value and the run names both.
    expect(run.stdout).toContain('  2046 (Namur): FloodZone = none in the CRM, medium on SPW');
    expect(run.stdout).toContain('published with this warning');
    expect(run.stdout).not.toContain('\u001b');
  }, 60_000);
});

describe('npm run crm:sync -- --pull against a CRM that keeps growing', () => {
  it("is refused at the pull's total budget, says so, and the whole command stays under 400 MB resident", async () => {
    // An Omnicasa that answers every page with 100 new listings of 120 KB each (12 MB a page) and never a count.
    const filler = 'x'.repeat(120_000);
    let pages = 0;
    const server = createServer((_req, res) => {
      pages += 1;
      const items = Array.from({ length: 100 }, (_, i) => ({ ID: pages * 1000 + i, SubStatus: 1, Note: filler }));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ GetPropertyListJsonResult: { Success: true, Value: { Items: items } } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // GNU time reports the command's peak resident set, in kilobytes, on its last line of stderr.
      const child = spawn('/usr/bin/time', ['-f', 'peak-kb %M', 'node', 'scripts/crm-sync.ts', '--local', '--persist-to', path.join(dir, 'state'), '--pull'], {
        env: { ...process.env, CRM_ADAPTER: 'omnicasa', CRM_FEED_URL: `http://127.0.0.1:${port}`, CRM_USER: 'agency', CRM_PASSWORD: 'secret' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('the pull read more than 32 MB in all; nothing was published.');
      const peakMb = Number(/peak-kb (\d+)/.exec(stderr)?.[1]) / 1024;
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThan(400);
      expect(pages).toBeLessThan(5);
    } finally {
      server.close();
    }
  }, 60_000);
});
