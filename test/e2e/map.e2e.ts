/**
 * The map as a buyer uses it, in Chromium against the site as `npm start` runs it: every
 * matching listing on a real base, clusters that open, the keyboard (Tab through markers,
 * Enter for a preview, Escape back, arrows and +/−, and out again: no trap), "search this
 * area" as an address that the list view honours, and the fallbacks (no JavaScript, a map
 * that cannot load) that keep the list.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, watchConsole, shot } from './browser.ts';
import fr from '../../content/demo/translations/fr.json';
import nl from '../../content/demo/translations/nl.json';
import type { MapPoints } from '../../domain/map-points.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

const hydrated = () => document.documentElement.dataset.hydrated === 'true';

/** A dictionary message with its {{count}} as a number pattern. */
const counted = (message: string) => new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{count\\}\\}', '(\\d+)'));

async function openMap(page: Page, path: string): Promise<void> {
  await page.goto(`${baseURL}${path}`);
  await page.waitForFunction(hydrated);
  await page.locator('.property-map__canvas').scrollIntoViewIfNeeded();
  await page.waitForSelector('.property-map__canvas[data-state="ready"] .leaflet-marker-icon', { state: 'attached' });
}

/** Listings drawn: each pin is one, each cluster says how many it holds. */
async function drawnListings(page: Page): Promise<number> {
  const pins = await page.locator('.property-map__canvas .map-pin').count();
  const clustered = await page.locator('.property-map__canvas .map-cluster').evaluateAll((els) => els.reduce((sum, el) => sum + Number(el.textContent), 0));
  return pins + clustered;
}

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
const zoomScale = (page: Page) => page.evaluate(() => (document.querySelector('.leaflet-proxy') as HTMLElement | null)?.style.transform ?? '');

describe.each([
  { lang: 'fr', goal: 'sale', list: '/fr/a-vendre/', dict: fr, viewport: { width: 1280, height: 900 } },
  { lang: 'nl', goal: 'sale', list: '/nl/te-koop/', dict: nl, viewport: { width: 390, height: 844 } },
])('the map ($lang, $viewport.width px)', ({ lang, goal, list, dict, viewport }) => {
  it('draws every matching listing on the base, clustered, with the credit shown', async () => {
    const page = await browser.newPage({ viewport });
    const problems = watchConsole(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await openMap(page, `${list}?view=map`);
    const expected = (await (await fetch(`${baseURL}/api/map-points/${lang}/${goal}`)).json()) as MapPoints;
    const status = (await page.locator('.property-map__status').innerText()).trim();
    expect(Number(counted(dict.MAP_SHOWN_other).exec(status)?.[1])).toBe(expected.points.length);
    // More than one page of the list: the map is not the twelve cards below it.
    expect(expected.points.length).toBeGreaterThan(12);
    expect(await drawnListings(page)).toBe(expected.points.length);
    expect(await page.locator('.map-cluster').count()).toBeGreaterThan(0);
    // The base is drawn (canvas tiles) and credited.
    expect(await page.locator('.property-map__canvas canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('.leaflet-control-attribution').innerText()).toContain('Natural Earth');
    // Every request the map makes stays on the site's origin: tiles, their description, points, code.
    expect(requested.some((url) => /\/tiles\/\d+\/\d+\/\d+\.mvt$/.test(url))).toBe(true);
    expect(requested.filter((url) => !url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is used with the keyboard: Tab through markers, Enter for a preview, Escape back, arrows and +, and out again', async () => {
    const page = await browser.newPage({ viewport });
    const problems = watchConsole(page);
    await openMap(page, `${list}?view=map`);
    await page.locator('.property-map__canvas').focus();
    const before = await page.evaluate(() => (document.querySelector('.leaflet-map-pane') as HTMLElement).style.transform);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => (document.querySelector('.leaflet-map-pane') as HTMLElement).style.transform)).not.toBe(before);
    const scale = await zoomScale(page);
    await page.keyboard.press('+');
    await page.waitForTimeout(600);
    expect(await zoomScale(page)).not.toBe(scale);
    await page.keyboard.press('-');
    await page.waitForTimeout(600);

    // Every marker and cluster is a named button in the tab order.
    const names = await page
      .locator('.property-map__canvas .leaflet-marker-icon')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('role'), e.getAttribute('tabindex'), e.getAttribute('aria-label')]));
    expect(names.length).toBeGreaterThan(0);
    for (const [role, tabindex, name] of names) {
      expect(role).toBe('button');
      expect(tabindex).toBe('0');
      expect(name).toMatch(/ – |\d/);
    }
    expect(names.some(([, , name]) => counted(dict.MAP_CLUSTER_other).test(name ?? ''))).toBe(true);

    // Listings closer than a price pin are clustered: a cluster opened (Enter) until a priced one stands alone.
    for (let i = 0; i < 6 && (await page.locator('.property-map__canvas .map-pin[aria-label*="€"]').count()) === 0; i++) {
      const cluster = page.locator('.property-map__canvas .map-cluster').first();
      if ((await cluster.count()) === 0) break;
      await cluster.focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(700);
    }
    const markers = await page.locator('.property-map__canvas .leaflet-marker-icon').count();
    await page.locator('.property-map__canvas').focus();

    // Tab to the first listing (not a cluster); Enter opens its preview, with focus on its link.
    let label = '';
    for (let i = 0; i < markers + 1; i++) {
      await page.keyboard.press('Tab');
      label = await focusedLabel(page);
      if (label.includes('€')) break;
    }
    expect(label).toMatch(/€.*, .+ – .+/);
    // Focus is seen (WCAG 2.4.7): the ring is drawn on the pin's label, as it is on a cluster's disc.
    const ring = await page.evaluate(() => {
      const marker = document.activeElement as HTMLElement;
      const seen = marker.querySelector('span') ?? marker;
      return getComputedStyle(seen, seen === marker ? '::before' : null).outlineWidth;
    });
    expect(Number.parseFloat(ring)).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    const preview = page.locator('.map-preview');
    await preview.waitFor();
    expect(await preview.getAttribute('aria-label')).toBe(label.split(', ').slice(1).join(', '));
    expect(await page.evaluate(() => document.activeElement?.closest('.map-preview') !== null)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toMatch(new RegExp(`^/${lang}/`));
    await page.screenshot({ path: shot(`map-preview-${lang}-${viewport.width}.png`) });
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe(label);

    // No trap: Tab carries on past the last marker and leaves the map.
    for (let i = 0; i < markers + 4; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.property-map__canvas') === null)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a cluster on a click, and "search this area" makes an address the list view honours', async () => {
    const page = await browser.newPage({ viewport });
    const problems = watchConsole(page);
    await openMap(page, `${list}?view=map`);
    const cluster = page.locator('.map-cluster').first();
    const held = Number(await cluster.innerText());
    await cluster.click();
    await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
    expect(await page.locator('.property-map__status').innerText()).toContain(dict.MAP_ZOOMED_TO_other.replace('{{count}}', String(held)));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: dict.MAP_SEARCH_AREA }).click();
    await page.waitForURL(/bbox=/);
    const bbox = new URL(page.url()).searchParams.get('bbox') ?? '';
    expect(bbox).toMatch(/^-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/);
    await page.waitForSelector('.property-map__canvas[data-state="ready"] .leaflet-marker-icon', { state: 'attached' });
    // The visitor stays at the map, scrolled as before: not sent back to the top of the page.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const inArea = (await (await fetch(`${baseURL}/api/map-points/${lang}/${goal}?bbox=${bbox}`)).json()) as MapPoints;
    expect(inArea.total).toBeGreaterThan(0);
    expect(await page.locator('.area-filter').innerText()).toContain(dict.MAP_AREA_ACTIVE);
    await page.screenshot({ path: shot(`map-area-${lang}-${viewport.width}.png`) });

    // The list, one click away, keeps the area: the same listings.
    await page.getByRole('link', { name: dict.MAP_SHOW_LIST }).click();
    await page.waitForURL(/view=list/);
    expect(new URL(page.url()).searchParams.get('bbox')).toBe(bbox);
    const paging = await page.locator('.paging-title').innerText();
    expect(paging).toContain(String(inArea.total));
    await page.getByRole('link', { name: dict.MAP_AREA_REMOVE }).click();
    await page.waitForURL((url) => !url.searchParams.has('bbox'));
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('when the map cannot be drawn', () => {
  it('says so without JavaScript, and the list is there', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-vendre/?view=map`);
    expect(await page.locator('.property-map').innerText()).toContain(fr.MAP_NEEDS_SCRIPT);
    expect(await page.locator('.card').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('says so when its code does not load, and the list is there', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/\/static\/chunks\/engine\.[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${baseURL}/nl/te-koop/?view=map`);
    await page.waitForFunction(hydrated);
    await page.locator('.property-map').scrollIntoViewIfNeeded();
    await page.locator('.property-map__message[role="alert"]').waitFor();
    expect(await page.locator('.property-map__message[role="alert"]').innerText()).toBe(nl.MAP_FAILED);
    expect(await page.locator('.card').count()).toBeGreaterThan(0);
    await page.close();
  });
});

describe('a property’s map', () => {
  it('shows its one position on the base, drawn once the visitor scrolls to it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await page.waitForFunction(hydrated);
    await page.locator('.card a.card__link').first().click();
    await page.waitForSelector('.property-map');
    // Not loaded before it is needed.
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    await page.locator('.property-map').scrollIntoViewIfNeeded();
    await page.waitForSelector('.property-map__canvas[data-state="ready"] .leaflet-marker-icon', { state: 'attached' });
    expect(await page.locator('.property-map__canvas .leaflet-marker-icon').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
