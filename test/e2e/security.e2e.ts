/**
 * The CSP in a real browser: every page type loads, hydrates and (for the detail page)
 * draws its map without a single `securitypolicyviolation` event or "Refused to" console line.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
let detail = '';
let project = '';

async function firstCardPath(listPath: string): Promise<string> {
  const text = await (await fetch(`${baseURL}/api/page?lang=fr&path=${listPath}`)).text();
  const match = new RegExp(`"path":"(${listPath}[^"]+/)"`).exec(text);
  if (!match?.[1]) throw new Error(`no card below ${listPath}`);
  return match[1];
}

beforeAll(async () => {
  detail = await firstCardPath('/fr/a-vendre/');
  project = await firstCardPath('/fr/projets/');
});

/** Records CSP violations in every frame of the page from before its first script. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = Reflect.get(window, 'reportViolation');
      if (typeof report === 'function') report(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

describe('the watch sees a violation when there is one (the control)', () => {
  it('an inline event handler, as an injected tag would carry it, is blocked and reported', async () => {
    const page = await browser.newPage();
    const violations = await watchViolations(page);
    await page.goto(`${baseURL}/fr/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 });
    // What an HTML injection looks like: markup with a handler. A script the page's own code
    // creates is trusted through 'strict-dynamic'; an inline handler never is.
    await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/media/none.jpg" onerror="window.ranUnnonced = true">';
      document.body.appendChild(holder);
    });
    await expect.poll(() => violations.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => Reflect.get(window, 'ranUnnonced'))).toBeUndefined();
    await page.close();
  });
});

describe('no CSP violation on any page type', () => {
  it.each([
    ['home', () => '/fr/'],
    ['list', () => '/fr/a-vendre/'],
    ['detail (with its map)', () => detail],
    ['list as a map', () => '/fr/a-vendre/?view=map'],
    ['project', () => project],
    ['form page', () => '/fr/contact/'],
    ['login', () => '/fr/login/'],
  ])(
    '%s',
    async (_, path) => {
      const page = await browser.newPage();
      const violations = await watchViolations(page);
      await page.goto(`${baseURL}${path()}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 });
      // Lazy parts (footer, map, images) load on scroll: the map drawn with its tiles, the bottom, and back.
      if ((await page.locator('.property-map').count()) > 0) {
        await page.locator('.property-map').scrollIntoViewIfNeeded();
        await page.waitForSelector('.property-map__canvas[data-state="ready"] canvas', { state: 'attached' });
      }
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(violations).toEqual([]);
      await page.close();
    },
    30_000,
  );
});
