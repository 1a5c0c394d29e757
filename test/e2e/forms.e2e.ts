import { describe, expect, inject, it } from 'vitest';

import { useBrowser, watchConsole } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('the contact form', () => {
  it('with JavaScript: errors in a focused summary, then the thank-you page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${baseURL}/fr/contact/`);
    await page.waitForFunction(() => document.documentElement?.dataset.hydrated === 'true');
    await page.click('form[data-form="site-contact"] button[type="submit"]');
    await page.waitForSelector('.error-summary');
    // Focus moves on the frame after the summary is drawn (script or autofocus), not at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 2_000 }).toBe('error-summary');
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

  it('asks when to call only while the visitor has not chosen to be written to', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseURL}/en/contact/`);
    await page.waitForFunction(() => document.documentElement?.dataset.hydrated === 'true');
    expect(await page.locator('#site-contact-contactTime').count()).toBe(1);
    await page.selectOption('#site-contact-contactDevice', 'email');
    await page.waitForSelector('#site-contact-contactTime', { state: 'detached' });
    await page.screenshot({ path: 'test-results/contact-by-email-en.png' });
    await page.selectOption('#site-contact-contactDevice', 'phone');
    await page.waitForSelector('#site-contact-contactTime');
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

describe('the answer is where the visitor is (390 px)', () => {
  it('with JavaScript: a rental application’s “sent” message is on screen and focused', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/fr/a-louer/`);
    await page.click('.card a.card__link >> nth=0');
    await page.waitForFunction(() => document.documentElement?.dataset.hydrated === 'true');
    await page.click('dialog.consent button:has-text("Tout accepter")', { timeout: 2000 }).catch(() => undefined);
    await page.locator('details:has(form[data-form="rental-application"]) > summary').click();
    const form = page.locator('form[data-form="rental-application"]');
    await form.locator('select[name="title"]').selectOption('ms');
    await form.locator('input[name="firstName"]').fill('Marie');
    await form.locator('input[name="lastName"]').fill('Dupont');
    await form.locator('input[name="email"]').fill('marie.focus@example.be');
    await form.locator('input[name="phone"]').fill('0475 12 34 56');
    await form.locator('input[name="adults"]').fill('2');
    await form.locator('input[name="movingDate"]').fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
    await form.locator('input[name="income1"]').fill('2600');
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('.form-done');
    await page.waitForFunction(() => document.activeElement?.classList.contains('form-done') === true);
    const box = await page.locator('.form-done').boundingBox();
    expect(box !== null && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    await page.close();
  });

  it('without JavaScript: a refused form comes back with its errors focused and on screen', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/contact/`);
    await page.click('form[data-form="site-contact"] button[type="submit"]');
    await page.waitForSelector('.error-summary');
    // Focus moves on the frame after the summary is drawn (script or autofocus), not at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 2_000 }).toBe('error-summary');
    const box = await page.locator('.error-summary').boundingBox();
    expect(box !== null && box.y >= 0 && box.y < 844).toBe(true);
    await context.close();
  });
});
