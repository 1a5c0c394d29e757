import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mkdir } from 'node:fs/promises';
import { useBrowser, watchConsole } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
});

/** What a visitor sees in the main menu: label → path. */
const MENUS = {
  nl: { sale: '/nl/te-koop/', rent: '/nl/te-huur/', abroad: '/nl/buitenland/', projects: '/nl/projecten/', services: '/nl/onze-diensten/', team: '/nl/ons-team/', demand: '/nl/ik-ben-op-zoek/' },
  fr: { sale: '/fr/a-vendre/', rent: '/fr/a-louer/', abroad: '/fr/etranger/', projects: '/fr/projets/', services: '/fr/nos-services/', team: '/fr/notre-equipe/', demand: '/fr/je-recherche/' },
  en: { sale: '/en/for-sale/', rent: '/en/for-rent/', abroad: '/en/abroad/', projects: '/en/projects/', services: '/en/our-services/', team: '/en/our-team/', demand: '/en/looking-for-a-home/' },
  de: {
    sale: '/de/zu-verkaufen/',
    rent: '/de/zu-vermieten/',
    abroad: '/de/ausland/',
    projects: '/de/projekte/',
    services: '/de/unsere-leistungen/',
    team: '/de/unser-team/',
    demand: '/de/ich-suche/',
  },
} as const;

describe('the demo agency in four languages', () => {
  it.each(Object.entries(MENUS))('/%s/ renders in its language with the localized menu', async (lang, menu) => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const problems = watchConsole(page);
    const response = await page.goto(`${baseURL}/${lang}/`);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    // The drawer holds the whole menu; the header shows the first items and an 'extra menu'.
    const hrefs = await page.$$eval('#drawer .drawer__menu a', (links) => links.map((a) => a.getAttribute('href')));
    for (const path of Object.values(menu)) expect(hrefs).toContain(path);
    const header = await page.$$eval('header nav .menu > li > a', (links) => links.map((a) => a.getAttribute('href')));
    expect(header).toContain(menu.sale);
    await page.screenshot({ path: `test-results/home-${lang}.png`, fullPage: false });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('/ picks the language from Accept-Language', async () => {
    const context = await browser.newContext({ locale: 'nl-BE', extraHTTPHeaders: { 'Accept-Language': 'nl-BE,nl;q=0.9' } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    await context.close();
  });
});

describe('navigation', () => {
  it('menu links navigate client-side, without reload or hydration warnings', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${baseURL}/fr/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.click('header nav .menu a[href="/fr/a-vendre/"]');
    await page.waitForURL(`${baseURL}/fr/a-vendre/`);
    // The URL changes first; the list renders when its data has arrived.
    await page.waitForFunction(() => /vendre/i.test(document.querySelector('h1')?.textContent ?? ''));
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
    await page.click('header nav .menu a[href="/fr/notre-equipe/"]');
    await page.waitForURL(`${baseURL}/fr/notre-equipe/`);
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the language switcher keeps the page, under the localized path', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.click('.langs a[hreflang="nl"]');
    await page.waitForURL(`${baseURL}/nl/te-koop/`);
    await page.waitForFunction(() => document.documentElement.lang === 'nl' && /koop/i.test(document.querySelector('h1')?.textContent ?? ''));
    await page.close();
  });

  it('the extra menu overlay shows the items beyond the maximum and closes', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${baseURL}/fr/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.click('button[aria-controls="extra-menu"]');
    await page.waitForSelector('#extra-menu');
    const extra = await page.$$eval('#extra-menu a', (links) => links.map((a) => a.getAttribute('href')));
    expect(extra).toContain('/fr/contact/');
    await page.screenshot({ path: 'test-results/extra-menu-fr.png' });
    await page.click('#extra-menu .overlay__close');
    await page.waitForSelector('#extra-menu', { state: 'detached' });
    await page.close();
  });

  it('the mobile drawer opens, lists the menu and closes with Escape', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/nl/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.click('button[aria-controls="drawer"]');
    await page.waitForSelector('#drawer:not([hidden])');
    expect(await page.$$eval('#drawer .drawer__menu a', (a) => a.length)).toBeGreaterThan(5);
    await page.screenshot({ path: 'test-results/drawer-nl-mobile.png' });
    await page.keyboard.press('Escape');
    await page.waitForSelector('#drawer[hidden]', { state: 'attached' });
    await page.close();
  });
});

describe('redirects and errors', () => {
  it.each([
    ['/For-sale/', '/fr/a-vendre/'],
    ['/For-rent/', '/fr/a-louer/'],
    ['/contact-demand/', '/fr/estimation-gratuite/'],
  ])('%s redirects to its localized twin %s', async (from, to) => {
    const response = await fetch(`${baseURL}${from}`, { redirect: 'manual', headers: { 'Accept-Language': 'fr-BE' } });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });

  it('an unknown path answers 404 with a link home', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseURL}/fr/cette-page-nexiste-pas/`);
    expect(response?.status()).toBe(404);
    expect(await page.getAttribute('main a[href="/"]', 'href')).toBe('/');
    await page.screenshot({ path: 'test-results/not-found-fr.png' });
    await page.close();
  });
});
