/**
 * Travel times as a buyer uses them, in Chromium against the site as `npm start` runs it:
 * the list narrowed to "at most 30 minutes to Namur" by its selects (with JavaScript, and
 * without: the plain GET form), each card's minutes, the listing's page naming its journeys,
 * and its map naming the stop they start from. Journeys are the demo feeds' (content/demo/gtfs).
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, watchConsole, shot } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

const hydrated = () => document.documentElement.dataset.hydrated === 'true';

/** Minutes of each card's travel line ("1 h 28 jusqu’à …", "1 u 28 naar …", "17 min …"). */
async function cardMinutes(page: Page): Promise<number[]> {
  const lines = await page.locator('.card__travel').allTextContents();
  return lines.map((line) => {
    const m = /(?:(\d+)\s[hu]\s(\d+)|(\d+)\smin)/.exec(line);
    return m?.[3] !== undefined ? Number(m[3]) : Number(m?.[1]) * 60 + Number(m?.[2]);
  });
}

describe('travel time to a hub', () => {
  it('narrows the list with its selects, and the listing’s page and map agree', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await page.selectOption('#f-hub', 'namur');
    await page.waitForURL(/hub=namur/);
    await page.waitForFunction(hydrated);
    await page.selectOption('#f-mins', '30');
    await page.waitForURL(/mins=30/);
    await page.waitForSelector('.card__travel');
    const minutes = await cardMinutes(page);
    expect(minutes.length).toBeGreaterThan(3);
    expect(Math.max(...minutes)).toBeLessThanOrEqual(30);
    expect(await page.locator('.card__travel').first().textContent()).toContain('jusqu’à Namur');
    expect((await page.locator('.save-search__criteria').textContent())?.replace(/\u00a0/g, ' ')).toContain('au plus 30 min jusqu’à Namur en transports en commun');

    // Bouge 2051: the 08:45 bus 4, 17 minutes door to station.
    await page.locator('a.card__link[href$="/2051/"]').click();
    await page.waitForURL(/\/2051\/$/);
    const travel = page.locator('section[aria-labelledby="travel-title"]');
    const plain = async () => (await travel.textContent())?.replace(/\u00a0/g, ' ');
    await expect.poll(plain).toContain('Namur : 17 min en bus depuis Bouge Place (470 m à pied), direct, départ 8 h 45');
    await page.locator('#map').scrollIntoViewIfNeeded();
    await page.waitForSelector('.property-map__canvas[data-state="ready"] .map-stop', { state: 'attached' });
    expect(await page.locator('.property-map__canvas .map-stop').allTextContents()).toEqual(['Bouge Place']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works without JavaScript: the plain form’s selects and button', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/nl/te-koop/`);
    await page.selectOption('#f-mins', '90');
    await page.selectOption('#f-hub', 'brussels');
    await page.locator('.filters button[type="submit"]').click();
    await page.waitForURL(/mins=90/);
    expect(new URL(page.url()).searchParams.get('hub')).toBe('brussels');
    expect(Math.max(...(await cardMinutes(page)))).toBeLessThanOrEqual(90);
    await page.locator('#f-sort').selectOption('travel');
    await page.locator('.sort-form button[type="submit"]').click();
    await page.waitForURL(/sort=travel/);
    const sorted = await cardMinutes(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    await page.evaluate(() => document.querySelector('.list-bar')?.scrollIntoView());
    await page.screenshot({ path: shot('travel-list-nl-1280.png') });
    await context.close();
  });

  it('reads well on a phone and passes axe', async () => {
    // axe needs a page of its own context.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-vendre/?mins=120&hub=brussels&sort=travel`);
    await page.locator('a.card__link[href$="/2079/"]').click();
    await page.waitForURL(/\/2079\/$/);
    await page.locator('#travel-title').scrollIntoViewIfNeeded();
    expect((await page.locator('section[aria-labelledby="travel-title"]').textContent())?.replace(/\u00a0/g, ' ')).toContain('Bruxelles-Central : 1 h 28 en train depuis Ciney');
    await page.screenshot({ path: shot('travel-property-fr-390.png') });
    expect(await seriousViolations(page, { include: 'section[aria-labelledby="travel-title"]' })).toEqual([]);
    await context.close();
  });
});
