import { describe, expect, inject, it } from 'vitest';

import { useBrowser, watchConsole } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

const isDictionary = (url: string) => new URL(url).pathname.startsWith('/api/dictionary/');

describe('the dictionary, fetched beside the script instead of inside the page', () => {
  it('hydrates with the text the server drew and fetches another language’s only when switching to it', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const problems = watchConsole(page);
    const dictionaries: string[] = [];
    page.on('response', (response) => {
      if (isDictionary(response.url())) dictionaries.push(new URL(response.url()).pathname);
    });
    await page.goto(`${baseURL}/fr/a-vendre/`);
    const served = await page.textContent('header');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.textContent('header')).toBe(served);
    expect(dictionaries).toHaveLength(1);
    expect(dictionaries[0]).toMatch(/\/fr$/);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await page.click('.langs a[hreflang="nl"]');
    await page.waitForURL(`${baseURL}/nl/te-koop/`);
    await page.waitForFunction(() => document.documentElement.lang === 'nl' && /koop/i.test(document.querySelector('h1')?.textContent ?? ''));
    // Words of the layout come from the Dutch dictionary, with no key left untranslated.
    expect(await page.textContent('.skip-link')).toBe('Naar de inhoud');
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
    expect(dictionaries.map((path) => path.slice(path.lastIndexOf('/') + 1))).toEqual(['fr', 'nl']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('leaves the page as served, still usable, when the dictionary cannot be fetched', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.route(
      (url) => isDictionary(url.toString()),
      (route) => route.abort(),
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const given = page.waitForEvent('console', { predicate: (message) => /left as served/.test(message.text()), timeout: 20_000 });
    await page.goto(`${baseURL}/fr/`);
    await given;
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(errors).toEqual([]);
    // The server's page works like it does without JavaScript: its links load the next page.
    await page.click('header nav .menu a[href="/fr/a-vendre/"]');
    await page.waitForURL(`${baseURL}/fr/a-vendre/`);
    expect(await page.textContent('h1')).toMatch(/vendre/i);
    await context.close();
  });
});
