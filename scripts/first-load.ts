/**
 * node scripts/first-load.ts [--url http://127.0.0.1:8787] [--lang fr]: the JavaScript a browser
 * really fetches on first load, per page type, on a phone (390×844) and a desktop (1280×900)
 * viewport, in Debian's Chromium with an empty cache: every same-origin script until the page
 * is hydrated and the network idle, gzip -9 of its bytes, against what the HTML announced (the
 * figure `npm run bench` reports), and on the phone the long tasks (> 50 ms) with the CPU slowed
 * 4×. No scrolling, no input. Reported, never asserted; writes
 * docs/bench/first-load.json. Start the site first (`PORT=8795 npm start`, --url accordingly).
 */
import { gzipSync } from 'node:zlib';
import { command } from './lib/cli.ts';
import { launchBrowser } from '../test/e2e/browser.ts';
import { announcedScripts, firstLoadSummary, type FetchedScript, type FirstLoadSummary } from './lib/first-load.ts';
import { writeBenchRecord } from './lib/bench-record.ts';

const { values } = command({
  name: 'npm run bench:first-load',
  usage: ['npm run bench:first-load -- [--url http://127.0.0.1:8787] [--lang fr]'],
  options: { url: { type: 'string', default: 'http://127.0.0.1:8787' }, lang: { type: 'string', default: 'fr' } },
});
const baseURL = values.url.replace(/\/$/, '');
const fr = values.lang !== 'nl';

/** The first link under `listPath` that ends in an id: a detail or a project page. */
async function firstItem(listPath: string): Promise<string> {
  const html = await (await fetch(`${baseURL}${listPath}`)).text();
  const href = new RegExp(`href="(${listPath}[^"]+/\\d+/)"`).exec(html)?.[1];
  if (!href) throw new Error(`no item link on ${listPath}`);
  return href;
}

const pages: [string, string][] = [
  // React and TanStack Router alone: what every page fetches at least (client/floor/).
  ['floor', '/bench/floor/'],
  ['home', `/${values.lang}/`],
  ['list', fr ? '/fr/a-vendre/' : '/nl/te-koop/'],
  ['detail', await firstItem(fr ? '/fr/a-vendre/' : '/nl/te-koop/')],
  ['project', await firstItem(fr ? '/fr/projets/' : '/nl/projecten/')],
  ['module page', fr ? '/fr/nos-services/' : '/nl/onze-diensten/'],
  ['form page', `/${values.lang}/contact/`],
  ['article', fr ? '/fr/a-propos/qui-sommes-nous/' : '/nl/over-ons/wie-zijn-wij/'],
];
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

const browser = await launchBrowser();
const rows: ({ page: string; path: string; viewport: string; longTasksMs: number[] | null } & FirstLoadSummary)[] = [];

/**
 * The main thread's long tasks (over 50 ms) while a phone loads the page with its CPU slowed
 * 4× (DevTools' throttling, as Lighthouse's mobile preset simulates), from navigation until
 * the page is hydrated, the network idle and 2 s more: what blocks a tap.
 */
async function longTasks(path: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    const seen: number[] = [];
    Object.defineProperty(window, '__longTasks', { value: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(Math.round(entry.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await tab.goto(`${baseURL}${path}`);
  await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(2000);
  const tasks = await tab.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.slice());
  await context.close();
  return tasks;
}
try {
  for (const [page, path] of pages) {
    for (const [viewport, size] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport: size });
      const tab = await context.newPage();
      const scripts: Promise<FetchedScript | null>[] = [];
      tab.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== baseURL || !url.pathname.endsWith('.js')) return;
        scripts.push(
          response.body().then(
            (body) => ({ path: url.pathname, gzip: gzipSync(body, { level: 9 }).length }),
            () => null,
          ),
        );
      });
      const response = await tab.goto(`${baseURL}${path}`);
      const html = (await response?.text()) ?? '';
      await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await tab.waitForLoadState('networkidle');
      const fetched = (await Promise.all(scripts)).filter((s): s is FetchedScript => s !== null);
      rows.push({ page, path, viewport, ...firstLoadSummary(fetched, announcedScripts(html)), longTasksMs: viewport === 'phone' ? await longTasks(path) : null });
      await context.close();
    }
  }
} finally {
  await browser.close();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('page          viewport  fetched   announced  long tasks (phone, CPU ×4)  fetched beyond the HTML');
for (const row of rows) {
  const extra = row.extra.map((e) => `${e.path.split('/').pop()} ${kb(e.gzip)}`).join(', ') || '–';
  const tasks = row.longTasksMs === null ? '' : row.longTasksMs.length === 0 ? 'none' : `${row.longTasksMs.map((ms) => `${ms} ms`).join(', ')}`;
  console.log(`${row.page.padEnd(13)} ${row.viewport.padEnd(8)} ${kb(row.fetched).padStart(9)} ${kb(row.announced).padStart(10)}  ${tasks.padEnd(26)}  ${extra}`);
}
await writeBenchRecord('first-load', { baseURL, rows });
