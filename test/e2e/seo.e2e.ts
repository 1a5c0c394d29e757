/**
 * Revalidation in a real browser: a page answered 304 is shown from the browser cache
 * with the CSP it was first served with, so its nonces still match and it hydrates.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, watchConsole } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('conditional requests', () => {
  it.each(['/fr/a-vendre/', '/nl/'])('%s reloaded is revalidated with a 304 and hydrates again', async (path) => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    const etags: (string | undefined)[] = [];
    const validators: (string | undefined)[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'document') return;
      etags.push(await response.headerValue('etag').then((v) => v ?? undefined));
      validators.push((await response.request().allHeaders())['if-none-match']);
    });
    await page.goto(`${baseURL}${path}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 10_000 });
    // The browser revalidated with the ETag it was given…
    expect(validators[1]).toMatch(/^W\/".+"$/);
    expect(validators[1]).toBe(etags[0]);
    // …and only headers crossed the wire: the body came from its cache (a 304).
    const entry = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return navigation instanceof PerformanceNavigationTiming ? { transfer: navigation.transferSize, body: navigation.encodedBodySize } : null;
    });
    expect(entry?.body).toBeGreaterThan(5000);
    expect(entry?.transfer).toBeLessThan(2000);
    // The cached page kept its own CSP, so its nonces still matched: nothing was refused.
    expect(problems).toEqual([]);
    await page.close();
  });
});
