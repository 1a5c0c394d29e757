import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { useBrowser, scrollAndSettle, watchConsole, shot } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
});

async function hydrated(page: Page, path: string): Promise<void> {
  await page.goto(`${baseURL}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}

const sameDocument = (page: Page) => page.evaluate(() => '__sameDocument' in window);

describe('browsing a list', () => {
  it('filters, sorts, pages and switches view without reloading, all in the URL', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const problems = watchConsole(page);
    await hydrated(page, '/fr/a-vendre/');
    await page.selectOption('#f-type', '1');
    await page.waitForURL(/type=1/);
    await page.waitForFunction(() => /Page 1 sur/.test(document.querySelector('.paging-title')?.textContent ?? ''));
    await page.selectOption('#f-sort', 'price-asc');
    await page.waitForURL(/sort=price-asc/);
    // The list re-renders once the new page data has arrived: prices then ascend.
    await page.waitForFunction(() => {
      const prices = [...document.querySelectorAll('.card .price__amount')].map((e) => Number((e.textContent ?? '').replace(/\D/g, '')));
      return prices.length > 1 && prices.every((p, i) => i === 0 || (prices[i - 1] ?? 0) <= p);
    });
    await page.click('.view-toggle a:has-text("Liste")');
    await page.waitForURL(/view=list/);
    await page.waitForSelector('.rows .card');
    expect(await sameDocument(page)).toBe(true);
    await page.screenshot({ path: 'test-results/list-filtered-fr.png', fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a navigation the JSON limit refuses (429) loads the page as a document instead of failing', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await hydrated(page, '/fr/a-vendre/');
    await page.route('**/api/page?**', (route) => route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '60' }, body: '{"error":"TOO_MANY_REQUESTS"}' }));
    await page.click('.pager a[rel="next"]');
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() => /Page 2 sur/.test(document.querySelector('.paging-title')?.textContent ?? ''));
    expect(await sameDocument(page)).toBe(false);
    expect(await page.locator('.card').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('opens a detail and Back lands on the same filters and scroll position', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await hydrated(page, '/nl/te-koop/?sort=price-desc');
    await page.click('.pager a[rel="next"]');
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() => /Pagina 2 van/.test(document.querySelector('.paging-title')?.textContent ?? ''));
    const card = page.locator('.card').nth(6);
    await card.scrollIntoViewIfNeeded();
    await scrollAndSettle(page, await page.evaluate(() => window.scrollY + 120));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    const href = await card.locator('a.card__link').getAttribute('href');
    // A DOM click: Playwright's click would first scroll the link into view, moving the page
    // after its position was measured.
    await card.locator('a.card__link').evaluate((link: HTMLAnchorElement) => link.click());
    await page.waitForURL(`${baseURL}${href}`);
    await page.waitForSelector('.gallery');
    await page.screenshot({ path: 'test-results/detail-nl.png' });
    await page.goBack();
    await page.waitForURL(/te-koop\/\?.*page=2/);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 40, scrolled, { timeout: 5000 });
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-desc');
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('filters with JavaScript off, as a plain GET form', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-louer/`);
    await page.selectOption('#f-beds', '2');
    await page.click('.filters button[type="submit"]');
    await page.waitForURL(/beds=2/);
    const beds = await page.$$eval('.card__facts li:first-child', (els) => els.map((e) => Number((e.textContent ?? '').replace(/\D/g, ''))));
    expect(beds.length).toBeGreaterThan(0);
    expect(beds.every((n) => n >= 2)).toBe(true);
    await context.close();
  });

  it('an energy class and a living area filter without JavaScript, at 390 px, and the cards show both', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-vendre/`);
    // On a phone the filters are a sheet the Filters button opens (a popover: no JavaScript needed).
    await page.click('.filters-toggle');
    await page.selectOption('#f-epc', 'c');
    await page.selectOption('#f-area', '150');
    await page.click('.filters button[type="submit"]');
    await page.waitForURL(/epc=c/);
    expect(page.url()).toMatch(/area=150/);
    const labels = await page.$$eval('.card__epc', (els) => els.map((e) => (e.textContent ?? '').replace(/^\S+\s*/, '').trim()));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((l) => /^[ABC]/.test(l))).toBe(true);
    const areas = await page.$$eval('.card__facts li', (els) => els.filter((e) => /m²/.test(e.textContent ?? '')).map((e) => Number((e.textContent ?? '').replace(/\D/g, ''))));
    expect(areas.every((a) => a >= 150)).toBe(true);
    await context.close();
  });

  it('the home search leads to the filtered list', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await hydrated(page, '/fr/');
    await page.click('.home-search label:has-text("Louer")');
    await page.fill('#home-q', 'Namur');
    await page.click('.home-search button[type="submit"]');
    await page.waitForURL(/\/fr\/a-louer\/\?q=Namur/);
    await page.waitForSelector('.paging-title');
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });
});

describe('switching language', () => {
  it('keeps the list’s filters, and the town named in French finds Namen’s listings in Dutch', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await hydrated(page, '/fr/a-vendre/?city=namur&max=400000&beds=3');
    const french = await page.locator('.card').count();
    expect(french).toBeGreaterThan(0);
    await page.click('.langs a[hreflang="nl"]');
    await page.waitForURL(/\/nl\/te-koop\/\?beds=3&city=namur&max=400000$/);
    await page.waitForFunction((n) => document.querySelectorAll('.card').length === n, french);
    expect(await page.locator('.card').count()).toBe(french);
    await page.close();
  });
});

describe('a property', () => {
  it('on a phone, keeps Call, Visit and Message at hand: a tel: link, the page’s forms, out of the way while typing', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await hydrated(page, '/fr/a-vendre/namur/maison-3-facades/2046/');
    const bar = page.locator('nav.contact-bar');
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.locator('a').first().getAttribute('href')).toMatch(/^tel:/);
    const box = await bar.boundingBox();
    expect(box && box.y + box.height).toBeCloseTo(844, -1);
    await page.screenshot({ path: shot('property-contact-bar-390.png') });
    // Visit leads to the booking form.
    await bar.locator('a[href="#visit"]').click();
    await page.waitForFunction(() => location.hash === '#visit');
    // Typing in a form: the bar steps aside for the keyboard.
    await page.focus('#request input:not([type="hidden"]) >> nth=0');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('nav.contact-bar') as Element).display === 'none');
    // The page's end is not under the bar.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page.evaluate(() => (document.querySelector('footer')?.getBoundingClientRect().bottom ?? 0) - window.innerHeight);
    const barHeight = (await bar.boundingBox())?.height ?? 0;
    expect(footerBottom).toBeLessThanOrEqual(-barHeight + 2);
    // Scrolled down, the back-to-top button stands above the bar, never on its "Message".
    await page.locator('.back-to-top--visible').waitFor();
    const top = await page.locator('.back-to-top').boundingBox();
    const message = await bar.locator('a[href="#request"]').boundingBox();
    expect(top && message && top.y + top.height).toBeLessThanOrEqual(message?.y ?? 0);
    await page.close();
  });

  it('on a phone, the bar comes back once a button of the cost panel is pressed: no keyboard is up', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await hydrated(page, '/fr/a-vendre/namur/maison-3-facades/2046/');
    const calculate = page.getByRole('button', { name: 'Calculer' });
    await calculate.scrollIntoViewIfNeeded();
    await calculate.click();
    await expect.poll(() => page.locator('nav.contact-bar').isVisible()).toBe(true);
    await page.close();
  });

  it('keeps its side card below the fixed header while the page scrolls (1280 px)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await hydrated(page, '/fr/a-vendre/namur/maison-3-facades/2046/');
    await page.mouse.wheel(0, 1600);
    await page.waitForFunction(() => document.querySelector('.header--fixed') !== null);
    await page.waitForTimeout(300);
    const [header, aside] = await Promise.all([page.locator('.header').boundingBox(), page.locator('.property__aside').boundingBox()]);
    expect(header && aside && aside.y >= header.y + header.height).toBe(true);
    await page.close();
  });

  it('has a gallery that moves with the keyboard and opens full screen, and a map', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const problems = watchConsole(page);
    await hydrated(page, '/fr/a-vendre/?sort=price-desc');
    await page.click('.card a.card__link >> nth=0');
    await page.waitForSelector('.gallery__viewport');
    await page.focus('.gallery__arrow--next');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('.gallery__counter')).toMatch(/^2 \//);
    expect(await page.getAttribute('.gallery', 'data-state')).toBe('paused');
    await page.click('.gallery__controls button:has-text("plein écran")');
    await page.waitForSelector('dialog.lightbox[open]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.lightbox:not([open])', { state: 'attached' });
    // The property's own map: drawn once in view, its one marker on the basemap.
    await page.locator('.property-map__canvas').scrollIntoViewIfNeeded();
    await page.waitForSelector('.property-map__canvas[data-state="ready"] .leaflet-marker-icon', { state: 'attached' });
    expect(await page.locator('.property-map__canvas .leaflet-marker-icon').count()).toBe(1);
    await page.screenshot({ path: 'test-results/detail-fr.png', fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
