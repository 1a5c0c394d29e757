/**
 * Revalidation in a real browser: a page answered 304 is shown from the browser cache
 * with the CSP it was first served with, so its nonces still match and it hydrates.
 */
import { describe, expect, inject, it } from 'vitest';

import { useBrowser, watchConsole } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('what crawlers and social networks are told', () => {
  // Images are the same in every language (a listing's photo, an article's image, the site's
  // banner): the French pages of the sitemap name them all, in a quarter of the time.
  it('every French page of the sitemap advertises an image that answers 200', async () => {
    const started = Date.now();
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname).filter((path) => path.startsWith('/fr/'));
    expect(pages.length).toBeGreaterThan(90);
    const images = new Map<string, string>();
    const without: string[] = [];
    for (let i = 0; i < pages.length; i += 12) {
      await Promise.all(
        pages.slice(i, i + 12).map(async (path) => {
          const html = await (await fetch(`${baseURL}${path}`)).text();
          const found = [...html.matchAll(/<meta (?:property|name)="(?:og|twitter):image" content="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
          if (!found.some((u) => u.includes('/media/'))) without.push(path);
          for (const url of found) images.set(url, path);
        }),
      );
    }
    expect(without).toEqual([]);
    console.log(`og:image: ${pages.length} pages read in ${Date.now() - started} ms, ${images.size} images`);
    const broken: string[] = [];
    const entries = [...images];
    for (let i = 0; i < entries.length; i += 8) {
      await Promise.all(
        entries.slice(i, i + 8).map(async ([url, page]) => {
          // Only the answer's status matters: a crawler that gets 200 shows the card.
          const response = await fetch(`${baseURL}${new URL(url).pathname}${new URL(url).search}`, { method: 'HEAD' });
          if (response.status !== 200) broken.push(`${page} → ${url}: ${response.status}`);
        }),
      );
    }
    expect(broken).toEqual([]);
  }, 180_000);
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
