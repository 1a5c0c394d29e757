/**
 * npm run bench:interaction -- [--url http://127.0.0.1:8787] [--runs 5] [--cpu 4] [--lang fr]
 *
 * Filter, sort and paging on the sale list, from the visitor's input to the next paint after
 * the list has changed, in Debian's Chromium with the CPU slowed down by CDP. Two figures per
 * interaction: the Event Timing duration (input to the paint that follows its handlers, what
 * INP counts) and input to the first paint showing the new list (data fetch included).
 * Timings are reported, never asserted: printed as a table and written to docs/bench/interaction.json.
 * Start the site first (`npm start`, or `PORT=8795 npm start` and --url accordingly).
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/e2e/browser.ts';
import { writeBenchRecord } from './lib/bench-record.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8787' },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    lang: { type: 'string', default: 'fr' },
  },
});
const baseURL = values.url.replace(/\/$/, '');
const runs = Math.max(1, Number(values.runs) || 5);
const cpuRate = Math.max(1, Number(values.cpu) || 4);
const listPath = values.lang === 'nl' ? '/nl/te-koop/' : '/fr/a-vendre/';

interface Sample {
  eventMs: number | null;
  toListPaintMs: number;
}

/**
 * Runs in the page: the first trusted input starts the clock, the first mutation that changes
 * the list's signature (paging title and first cards) ends it at the following frame, and the
 * Event Timing entries at or after the input give the handler-to-paint duration.
 */
function instrument(): void {
  const signature = () =>
    `${document.querySelector('.paging-title')?.textContent ?? ''}|${[...document.querySelectorAll('.card a.card__link')]
      .slice(0, 4)
      .map((a) => a.getAttribute('href'))
      .join(',')}`;
  const state: { start: number | null; listPaint: number | null; events: number[]; before: string } = { start: null, listPaint: null, events: [], before: signature() };
  Object.assign(window, { __bench: state });
  for (const type of ['pointerdown', 'keydown']) {
    window.addEventListener(
      type,
      (e) => {
        if (e.isTrusted && state.start === null) state.start = e.timeStamp;
      },
      { capture: true },
    );
  }
  // durationThreshold is Event Timing's own option, missing from the DOM typings.
  const options: PerformanceObserverInit & { durationThreshold: number } = { type: 'event', durationThreshold: 16 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (state.start !== null && entry.startTime >= state.start - 1) state.events.push(entry.duration);
    }
  }).observe(options);
  new MutationObserver(() => {
    if (state.start === null || state.listPaint !== null || signature() === state.before) return;
    state.listPaint = -1;
    // The frame after the DOM change is the one that paints it; its task end approximates the paint.
    requestAnimationFrame(() => setTimeout(() => (state.listPaint = performance.now())));
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

async function measure(page: Page, act: (page: Page) => Promise<void>): Promise<Sample> {
  await page.goto(`${baseURL}${listPath}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.evaluate(instrument);
  await page.waitForTimeout(200);
  await act(page);
  await page.waitForFunction(
    () => {
      const s = (window as unknown as { __bench: { listPaint: number | null } }).__bench;
      return s.listPaint !== null && s.listPaint > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  // Event Timing entries are delivered after their paint; give the observer a moment.
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const s = (window as unknown as { __bench: { start: number; listPaint: number; events: number[] } }).__bench;
    return { eventMs: s.events.length ? Math.max(...s.events) : null, toListPaintMs: s.listPaint - s.start };
  });
}

const INTERACTIONS: { name: string; act: (page: Page) => Promise<void> }[] = [
  {
    name: 'filter (type, keyboard)',
    act: async (page) => {
      await page.focus('#f-type');
      await page.keyboard.press('ArrowDown');
    },
  },
  {
    name: 'sort (keyboard)',
    act: async (page) => {
      await page.focus('#f-sort');
      await page.keyboard.press('ArrowDown');
    },
  },
  {
    name: 'next page (click)',
    act: async (page) => {
      await page.click('.pager a[rel="next"]');
    },
  },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const round = (x: number) => Math.round(x * 10) / 10;

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const results = [];
  for (const interaction of INTERACTIONS) {
    await measure(page, interaction.act);
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) samples.push(await measure(page, interaction.act));
    const events = samples.map((s) => s.eventMs).filter((x): x is number => x !== null);
    const paints = samples.map((s) => s.toListPaintMs);
    results.push({
      interaction: interaction.name,
      runs,
      eventMedianMs: events.length ? round(median(events)) : null,
      eventWorstMs: events.length ? round(Math.max(...events)) : null,
      listPaintMedianMs: round(median(paints)),
      listPaintWorstMs: round(Math.max(...paints)),
      samples,
    });
  }
  await context.close();
  const report = {
    date: new Date().toISOString(),
    url: `${baseURL}${listPath}`,
    cpuThrottling: cpuRate,
    viewport: '390x844',
    note: 'one warm-up run per interaction, not counted; event = Event Timing duration (>= 16 ms entries, null when none reached 16 ms)',
    results,
  };
  await writeBenchRecord('interaction', report);
  console.log(`Interaction on ${report.url}, CPU ${cpuRate}× slower, ${runs} runs (after one warm-up)`);
  console.table(results.map(({ samples: _, ...r }) => ({ ...r, eventMedianMs: r.eventMedianMs ?? '<16', eventWorstMs: r.eventWorstMs ?? '<16' })));
  console.log('written to docs/bench/interaction.json');
} finally {
  await browser.close();
}
