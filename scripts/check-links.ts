/**
 * npm run links -- [--url http://127.0.0.1:8787] [--record]
 * Follows every link of a running site from its sitemap and lists the broken ones with the
 * page that carries each; exits 1 when one is found. --record keeps the figures in
 * docs/bench/links.json with the commit. `npm test` runs the same check on the
 * demo (test/e2e/links.e2e.ts).
 */
import { command, run } from './lib/cli.ts';
import { checkSiteLinks } from './lib/site-links.ts';
import { writeBenchRecord } from './lib/bench-record.ts';

const { values, fail } = command({
  name: 'npm run links',
  usage: ['npm run links -- [--url http://127.0.0.1:8787] [--record]'],
  options: { url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 8787}` }, record: { type: 'boolean', default: false } },
});
const origin = (values.url ?? '').replace(/\/$/, '');
if (!URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol)) fail('--url takes the address of a running site, as http://127.0.0.1:8787');
await run('npm run links', async () => {
  const report = await checkSiteLinks(origin);
  for (const link of report.broken) console.log(`${link.status ?? 'no answer'}  ${link.url}  ← ${link.page ?? '(start)'}`);
  console.log(`${report.pages} sitemap pages, ${report.checked} links checked, ${report.skipped} to other hosts not fetched, ${report.broken.length} broken, ${(report.ms / 1000).toFixed(1)} s`);
  if (values.record) console.log(`kept in ${await writeBenchRecord('links', report)}`);
  process.exitCode = report.broken.length > 0 ? 1 : 0;
});
