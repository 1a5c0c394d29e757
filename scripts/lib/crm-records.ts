/**
 * The CRM's records as last published (R2 `crm/records.json`), which the cron and
 * `crm:sync` write: what a held-back listing falls back to, and what `content:publish`
 * publishes as the listings when a CRM manages them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CRM_RECORDS_KEY } from '../../content/crm-publish.ts';
import { remoteObject } from './agency-scope.ts';

/** The CRM's records as last published, in the site's R2 bucket. */
export interface RecordsFile {
  read(): Promise<Record<string, unknown>[] | null>;
  write(records: Record<string, unknown>[]): Promise<void>;
}

export function r2RecordsFile(bucket: R2Bucket): RecordsFile {
  return {
    read: async () => {
      const object = await bucket.get(CRM_RECORDS_KEY);
      return object ? ((await object.json()) as Record<string, unknown>[]) : null;
    },
    write: async (list) => void (await bucket.put(CRM_RECORDS_KEY, JSON.stringify(list), { httpMetadata: { contentType: 'application/json' } })),
  };
}

/** The same file in the deployed bucket, through wrangler (it reads the account from the environment). */
export function remoteRecordsFile(): RecordsFile {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitrine-crm-')), 'records.json');
  const wrangler = (args: string[]) => spawnSync('npx', ['wrangler', 'r2', 'object', ...args, '--remote'], { stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  return {
    read: async () => (wrangler(['get', remoteObject(CRM_RECORDS_KEY), '--file', file]) ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[]) : null),
    write: async (list) => {
      writeFileSync(file, JSON.stringify(list));
      if (!wrangler(['put', remoteObject(CRM_RECORDS_KEY), '--file', file, '--content-type', 'application/json']))
        console.error('The published records could not be kept in R2; the next run holds back less.');
    },
  };
}
