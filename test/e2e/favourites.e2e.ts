/**
 * Favourites as a buyer uses them, in Chromium against the site as `npm start` runs it:
 * hearts on cards (mouse and keyboard), the header's count, a reload, the favourites page
 * in French and Dutch, a shared link opened on another device.
 */
import { describe, expect, inject, it } from 'vitest';

import { useBrowser, watchConsole } from './browser.ts';
import fr from '../../content/demo/translations/fr.json';
import nl from '../../content/demo/translations/nl.json';

const baseURL = inject('baseURL');
const browser = useBrowser();

const hydrated = () => document.documentElement.dataset.hydrated === 'true';

describe.each([
  { lang: 'fr', list: '/fr/a-vendre/', page: '/fr/favoris/', dict: fr, viewport: { width: 1280, height: 900 } },
  { lang: 'nl', list: '/nl/te-koop/', page: '/nl/favorieten/', dict: nl, viewport: { width: 390, height: 844 } },
])('favourites ($lang)', ({ list, page: favouritesPage, dict, viewport }) => {
  it('two hearts, a reload, the page, and the link shared to another device', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${baseURL}${list}`);
    await page.waitForFunction(hydrated);
    const hearts = page.locator('.card__favourite');
    expect(await hearts.first().getAttribute('aria-pressed')).toBe('false');
    const first = (await hearts.nth(0).innerText()).trim();
    expect(first.startsWith(dict.FAVOURITE_NAME.split('{{')[0] ?? '')).toBe(true);
    await hearts.nth(0).click();
    // The keyboard: focus the third heart and press Space.
    await hearts.nth(2).focus();
    await page.keyboard.press('Space');
    // A tap before the list's code has come is held and counted once it has.
    await page.waitForFunction(() => document.querySelectorAll('.card__favourite[aria-pressed="true"]').length === 2);
    expect(await hearts.nth(0).getAttribute('aria-pressed')).toBe('true');
    expect(await hearts.nth(2).getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => document.querySelector('.header__favourites')?.textContent?.includes('2') === true);

    await page.reload();
    await page.waitForFunction(hydrated);
    await page.waitForFunction(() => document.querySelectorAll('.card__favourite[aria-pressed="true"]').length === 2);

    await page.click('.header__favourites');
    await page.waitForURL((url) => url.pathname === favouritesPage && url.searchParams.get('ids') !== null);
    await page.waitForFunction(() => document.querySelectorAll('.favourites__item').length === 2);
    expect(await page.textContent('h1')).toBe(dict.FAVOURITES);
    const shared = await page.inputValue('#favourites-link');
    expect(shared).toMatch(new RegExp(`${favouritesPage}\\?ids=\\d+,\\d+$`));

    // Removing one from its page.
    await page.locator('.favourites__item .card__favourite').first().click();
    await page.waitForFunction(() => document.querySelectorAll('.favourites__item').length === 1);

    // The shared link on another device: the same two, said to be a shared selection.
    const other = await browser.newContext({ viewport });
    const phone = await other.newPage();
    await phone.goto(shared);
    await phone.waitForFunction(hydrated);
    expect(await phone.textContent('h1')).toBe(dict.FAVOURITES_SHARED);
    expect(await phone.locator('.favourites__item').count()).toBe(2);
    await phone.click(`button:has-text("${dict.FAVOURITES_TAKE_OVER}")`);
    await phone.waitForFunction(() => document.querySelector('.header__favourites')?.textContent?.includes('2') === true);
    expect(problems).toEqual([]);
    await other.close();
    await context.close();
  });
});
