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

describe('the contact form', () => {
  it('with JavaScript: errors in a focused summary, then the thank-you page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${baseURL}/fr/contact/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.click('form[data-form="site-contact"] button[type="submit"]');
    await page.waitForSelector('.error-summary');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    expect(await page.textContent('.error-summary')).toContain('Prénom est un champ obligatoire');
    expect(await page.getAttribute('#site-contact-firstName', 'aria-invalid')).toBe('true');
    await page.screenshot({ path: 'test-results/contact-errors-fr.png', fullPage: true });
    await page.selectOption('#site-contact-title', 'ms');
    await page.fill('#site-contact-firstName', 'Marie');
    await page.fill('#site-contact-lastName', 'Dupont');
    await page.fill('#site-contact-email', 'marie@example.be');
    await page.fill('#site-contact-phone', '0475 12 34 56');
    await page.click('form[data-form="site-contact"] button[type="submit"]');
    await page.waitForURL(`${baseURL}/fr/merci/site-contact/`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('Merci'));
    await page.screenshot({ path: 'test-results/contact-thanks-fr.png' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('without JavaScript: the page comes back with errors and the input kept, then 303 to thanks', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/nl/contact/`);
    await page.fill('#site-contact-firstName', 'Jan');
    await page.click('form[data-form="site-contact"] button[type="submit"]');
    await page.waitForSelector('.error-summary');
    expect(await page.inputValue('#site-contact-firstName')).toBe('Jan');
    expect(await page.textContent('.error-summary')).toMatch(/verplicht veld/);
    await page.selectOption('#site-contact-title', 'mr');
    await page.fill('#site-contact-lastName', 'Peeters');
    await page.fill('#site-contact-email', 'jan@example.be');
    await page.fill('#site-contact-phone', '081 22 45 67');
    await page.click('form[data-form="site-contact"] button[type="submit"]');
    await page.waitForURL(`${baseURL}/nl/bedankt/site-contact/`);
    await context.close();
  });
});
