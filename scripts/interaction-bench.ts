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
import { command } from './lib/cli.ts';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/e2e/browser.ts';
import { writeBenchRecord } from './lib/bench-record.ts';

const { values } = command({
  name: 'npm run bench:interaction',
  usage: ['npm run bench:interaction -- [--url http://127.0.0.1:8787] [--runs 5] [--cpu 4]'],
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8787' },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    lang: { type: 'string', default: 'fr' },
    property: { type: 'string', default: '/fr/a-vendre/ciney/maison-mitoyenne/2071/' },
  },
});
const baseURL = values.url.replace(/\/$/, '');
const runs = Math.max(1, Number(values.runs) || 5);
const cpuRate = Math.max(1, Number(values.cpu) || 4);
const lang = values.lang;
/** The property page in the chosen language: the French page's own hreflang link names it. */
async function propertyPath(): Promise<string> {
  if (lang === 'fr') return values.property;
  const html = await (await fetch(`${baseURL}${values.property}`)).text();
  const href = new RegExp(`<link rel="alternate" hrefLang="${lang}" href="([^"]+)"`, 'i').exec(html)?.[1];
  if (!href) throw new Error(`no ${lang} version of ${values.property}`);
  return new URL(href).pathname;
}
const detailPath = await propertyPath();

interface Sample {
  eventMs: number | null;
  toAnswerMs: number;
}

/** What the visitor does, on which page, and the DOM state that shows the site has answered. */
interface Interaction {
  name: string;
  path: (lang: string) => string;
  /** Done before the clock starts (scrolling a form into view, as a visitor would before tapping it). */
  prepare?: (page: Page) => Promise<void>;
  act: (page: Page) => Promise<void>;
  /** Runs in the page: true once the answer is in the DOM; given the state read before the input. */
  answered: string;
  /** Runs in the page before the input: a snapshot `answered` compares against. */
  before: string;
}

/**
 * Runs in the page (sent as source, so it may not close over anything): the first trusted
 * input starts the clock, the first DOM change after which `answered(before)` holds ends it at the following frame, and the Event Timing entries at or
 * after the input give the handler-to-paint duration.
 */
function instrument(before: () => unknown, answered: (before: unknown) => boolean): void {
  const state: { start: number | null; answer: number | null; events: number[]; before: unknown } = { start: null, answer: null, events: [], before: before() };
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
  const check = () => {
    if (state.start === null || state.answer !== null || !answered(state.before)) return;
    state.answer = -1;
    // The frame after the DOM change is the one that paints it; its task end approximates the paint.
    requestAnimationFrame(() => setTimeout(() => (state.answer = performance.now())));
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  // A native dialog opening or an attribute React sets are mutations too; this catches the rest.
  const poll = () => {
    check();
    if (state.answer === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

async function measure(page: Page, interaction: Interaction): Promise<Sample> {
  // A fresh document each time: the interaction is the page's first, its island's code not yet run.
  await page.goto(`${baseURL}${interaction.path(lang)}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await interaction.prepare?.(page);
  // One source string: the site's CSP forbids eval in the page, not the debugger's own evaluation.
  await page.evaluate(`(${instrument.toString()})(${interaction.before}, ${interaction.answered})`);
  await page.waitForTimeout(200);
  await interaction.act(page);
  await page.waitForFunction(
    () => {
      const s = (window as unknown as { __bench: { answer: number | null } }).__bench;
      return s.answer !== null && s.answer > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  // Event Timing entries are delivered after their paint; give the observer a moment.
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const s = (window as unknown as { __bench: { start: number; answer: number; events: number[] } }).__bench;
    return { eventMs: s.events.length ? Math.max(...s.events) : null, toAnswerMs: s.answer - s.start };
  });
}

const listPath = (l: string) => (l === 'nl' ? '/nl/te-koop/' : '/fr/a-vendre/');
/** The list's page title and first cards: what changes when a filter, sort or page answers. */
const LIST_SIGNATURE = `() => (document.querySelector('.paging-title')?.textContent ?? '') + '|' + [...document.querySelectorAll('.card a.card__link')].slice(0, 4).map((a) => a.getAttribute('href')).join(',')`;
const LIST_CHANGED = `(before) => (${LIST_SIGNATURE})() !== before`;
const NOTHING = '() => null';
/** On a phone the filters and sort sit in a sheet the "Filters" button opens (a native popover). */
async function openFilters(page: Page): Promise<void> {
  if (await page.locator('.filters-toggle').isVisible()) {
    await page.click('.filters-toggle');
    await page.locator('#f-type').waitFor({ state: 'visible' });
  }
}

const INTERACTIONS: Interaction[] = [
  {
    name: 'filter (type, keyboard)',
    path: listPath,
    before: LIST_SIGNATURE,
    answered: LIST_CHANGED,
    prepare: openFilters,
    act: async (page) => {
      await page.focus('#f-type');
      await page.keyboard.press('ArrowDown');
    },
  },
  {
    name: 'sort (keyboard)',
    path: listPath,
    before: LIST_SIGNATURE,
    answered: LIST_CHANGED,
    prepare: openFilters,
    act: async (page) => {
      await page.focus('#f-sort');
      await page.keyboard.press('ArrowDown');
    },
  },
  {
    name: 'next page (click)',
    path: listPath,
    before: LIST_SIGNATURE,
    answered: LIST_CHANGED,
    act: async (page) => {
      await page.click('.pager a[rel="next"]');
    },
  },
  {
    name: 'favourite heart, first tap (list)',
    path: listPath,
    before: NOTHING,
    answered: `() => document.querySelector('.card .favourite')?.getAttribute('aria-pressed') === 'true'`,
    act: async (page) => {
      await page.tap('.card .favourite');
    },
  },
  {
    name: 'gallery next photo, first tap (property)',
    path: () => detailPath,
    before: `() => document.querySelector('.gallery__track')?.getAttribute('style') ?? ''`,
    answered: `(before) => (document.querySelector('.gallery__track')?.getAttribute('style') ?? '') !== before`,
    act: async (page) => {
      await page.tap('.gallery__arrow--next');
    },
  },
  {
    name: 'visit form, first submit (property)',
    path: () => detailPath,
    before: NOTHING,
    answered: `() => !!document.querySelector('form[data-form="contact-appointment"] .error-summary')`,
    prepare: async (page) => {
      await page.locator('form[data-form="contact-appointment"] button[type="submit"]').scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
    },
    act: async (page) => {
      await page.tap('form[data-form="contact-appointment"] button[type="submit"]');
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
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  // Every run starts as a returning visitor who chose cookies and saved no favourite yet.
  await context.addInitScript(() => {
    localStorage.setItem('consent', 'set');
    localStorage.removeItem('favourites');
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const results = [];
  for (const interaction of INTERACTIONS) {
    console.log(`${interaction.name}…`);
    await measure(page, interaction);
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) samples.push(await measure(page, interaction));
    const events = samples.map((s) => s.eventMs).filter((x): x is number => x !== null);
    const paints = samples.map((s) => s.toAnswerMs);
    results.push({
      interaction: interaction.name,
      runs,
      eventMedianMs: events.length ? round(median(events)) : null,
      eventWorstMs: events.length ? round(Math.max(...events)) : null,
      answerMedianMs: round(median(paints)),
      answerWorstMs: round(Math.max(...paints)),
      samples,
    });
  }
  await context.close();
  const report = {
    date: new Date().toISOString(),
    url: baseURL,
    pages: { list: listPath(lang), property: detailPath },
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
