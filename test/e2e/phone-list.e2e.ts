/**
 * A buyer on a phone (390×844): the list opens with properties, not a screen of filters.
 * The filters fold into a "Filters (n)" button that opens a sheet; the result count and
 * the sort stay in view; with JavaScript off, the sheet still opens and filters.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const PHONE = { width: 390, height: 844 };
const browser = useBrowser();

async function phonePage(javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  return context.newPage();
}

async function hydrated(page: Page, path: string): Promise<void> {
  await page.goto(`${baseURL}${path}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

describe('the list on a phone', () => {
  it.each([
    ['fr', '/fr/a-vendre/', 'Filtres (0)'],
    ['nl', '/nl/te-koop/', 'Filters (0)'],
  ])('%s: the first card starts in the first screen; count, sort and a "Filters (n)" button are in view', async (_, path, button) => {
    const page = await phonePage();
    await hydrated(page, path);
    const card = await page.locator('.card').first().boundingBox();
    expect(card?.y).toBeLessThan(PHONE.height - 200);
    expect(await page.locator('.filters-toggle').innerText()).toBe(button);
    expect(await page.locator('.paging-title').isVisible()).toBe(true);
    expect(await page.locator('#f-sort').isVisible()).toBe(true);
    expect(await page.locator('#f-type').isVisible()).toBe(false);
    await page.context().close();
  });

  it('the sheet opens from the button, filters the list, keeps count and filter number, and closes with Escape', async () => {
    const page = await phonePage();
    await hydrated(page, '/fr/a-vendre/');
    await page.locator('.filters-toggle').click();
    await page.locator('#f-type').waitFor({ state: 'visible' });
    const show = page.locator('.filters-sheet button[type="submit"]');
    expect(await show.innerText()).toMatch(/^Voir \d+ biens$/);
    await page.locator('#f-beds').selectOption('4');
    await page.waitForURL(/beds=4/);
    await page.waitForFunction(() => document.querySelector('.filters-toggle')?.textContent === 'Filtres (1)');
    await page.locator('#f-type').waitFor({ state: 'visible' });
    const count = Number(/\d+ biens/.exec(await show.innerText())?.[0].split(' ')[0]);
    expect(await page.locator('.paging-title').innerText()).toContain(`${count} résultat`);
    await page.keyboard.press('Escape');
    await page.locator('#f-type').waitFor({ state: 'hidden' });
    expect(await page.locator('.filters-toggle').getAttribute('aria-expanded')).not.toBe('true');
    await page.context().close();
  });

  it.each([
    ['with no change', async () => undefined],
    [
      'after a change',
      async (page: Page) => {
        await page.locator('#f-beds').selectOption('3');
        await page.waitForURL(/beds=3/);
        await page.locator('#f-type').waitFor({ state: 'visible' });
      },
    ],
  ])('"Voir N biens" %s closes the sheet and shows the list', async (_how, change) => {
    const page = await phonePage();
    await hydrated(page, '/fr/a-vendre/');
    await page.locator('.filters-toggle').click();
    await page.locator('#f-type').waitFor({ state: 'visible' });
    await change(page);
    await page.locator('.filters-sheet button[type="submit"]').click();
    await page.locator('#f-type').waitFor({ state: 'hidden' });
    expect(await page.locator('.card').first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('Enter in the search box applies it and closes the sheet', async () => {
    const page = await phonePage();
    await hydrated(page, '/fr/a-vendre/');
    await page.locator('.filters-toggle').click();
    await page.locator('#f-q').fill('Ciney');
    await page.locator('#f-q').press('Enter');
    await page.waitForURL(/q=Ciney/);
    await page.locator('#f-type').waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('without JavaScript the sheet opens and its form filters by a plain GET', async () => {
    const page = await phonePage(false);
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await page.locator('.filters-toggle').click();
    await page.locator('#f-beds').waitFor({ state: 'visible' });
    await page.locator('#f-beds').selectOption('4');
    await page.locator('.filters-sheet button[type="submit"]').click();
    await page.waitForURL(/beds=4/);
    expect(await page.locator('.filters-toggle').innerText()).toBe('Filtres (1)');
    await page.context().close();
  });
});

describe('gallery thumbnails', () => {
  it.each([
    [PHONE, 3, 400],
    [{ width: 1280, height: 900 }, 1, 100],
  ])('are shown at the width they are delivered for (%j at %ix: width=%i)', async (viewport, deviceScaleFactor, delivered) => {
    const context = await browser.newContext({ viewport, deviceScaleFactor });
    const page = await context.newPage();
    await hydrated(page, '/fr/a-vendre/ciney/maison-mitoyenne/2071/');
    await page.locator('.gallery__thumbs').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.gallery__thumbs img')].slice(0, 2).every((img) => img.complete && img.currentSrc !== ''));
    const thumbs = await page.$$eval('.gallery__thumbs img', (imgs) => (imgs as HTMLImageElement[]).slice(0, 2).map((img) => ({ shown: img.clientWidth, src: img.currentSrc })));
    for (const thumb of thumbs) {
      expect(thumb.shown).toBe(100);
      expect(thumb.src).toContain(`width=${delivered}`);
    }
    await context.close();
  });
});

describe('the list on a desktop', () => {
  it('shows the filters inline, without the phone button', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await hydrated(page, '/fr/a-vendre/');
    expect(await page.locator('#f-type').isVisible()).toBe(true);
    expect(await page.locator('.filters-toggle').isVisible()).toBe(false);
    await context.close();
  });
});
