import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = ['/fr/', '/nl/te-koop/', '/fr/a-vendre/?view=list', '/en/our-services/', '/de/unser-team/', '/fr/projets/', '/nl/gratis-schatting/', '/fr/merci/contact-me/', '/fr/nexiste-pas/'];

describe('WCAG 2.1 AA: no serious or critical axe violation', () => {
  it.each(PAGES)('%s', async (path) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}${path}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious).toEqual([]);
    await context.close();
  });

  it('a property detail page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-vendre/`);
    const href = await page.getAttribute('.card a.card__link', 'href');
    await page.goto(`${baseURL}${href}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious).toEqual([]);
    await context.close();
  });
});
