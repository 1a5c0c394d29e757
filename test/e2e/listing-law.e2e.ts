/**
 * The legal block and the cost of buying as a buyer meets them in Chromium: the gaps of a
 * Flemish listing in words, the buyer's situation changed with and without JavaScript, the
 * address shared and opened again. Screenshots in fr and nl, phone and desktop, go to
 * docs/screenshots/listing-law/ for the record.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, watchConsole, shot } from './browser.ts';

const baseURL = inject('baseURL');
const SHOTS = shot('listing-law');
const WALLOON = { fr: '/fr/a-vendre/ciney/maison-mitoyenne/2071/', nl: '/nl/te-koop/ciney/gesloten-bebouwing/2071/' };
const FLEMISH = { fr: '/fr/a-vendre/louvain/appartement-3-chambres/2110/', nl: '/nl/te-koop/leuven/appartement-met-3-slaapkamers/2110/' };
const browser = useBrowser();

async function open(path: string, width: number, javaScript = true): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL, javaScriptEnabled: javaScript });
  await context.addInitScript(() => localStorage.setItem('consent', 'set'));
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(path);
  if (javaScript) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, problems };
}

const registrationRow = (page: Page) => page.locator('section.costs .facts__row').first();

describe('the cost of buying', () => {
  it('changes with the buyer’s situation at once, and the address keeps it', async () => {
    const { page, problems } = await open(WALLOON.fr, 390);
    // A first-time buyer's duties first; another property's when the visitor says so.
    await expect.poll(() => registrationRow(page).textContent(), { timeout: 10_000 }).toContain('11.400');
    await page.locator('section.costs').scrollIntoViewIfNeeded();
    await page.getByLabel('Un autre bien (seconde résidence, investissement)').check();
    await expect.poll(() => registrationRow(page).textContent(), { timeout: 10_000 }).toContain('47.500');
    expect(new URL(page.url()).searchParams.get('buyer')).toBe('other');
    await page.getByLabel('Ma seule habitation, où je vivrai').check();
    await expect.poll(() => registrationRow(page).textContent(), { timeout: 10_000 }).toContain('11.400');
    expect(new URL(page.url()).searchParams.get('buyer')).toBeNull();
    await page.getByLabel('Montant emprunté (facultatif, €)').fill('200000');
    await page.getByRole('button', { name: 'Calculer' }).click();
    await expect.poll(() => page.locator('section.costs').textContent(), { timeout: 10_000 }).toContain('Acte de crédit');
    expect(new URL(page.url()).searchParams.get('loan')).toBe('200000');
    // The shared address opens with the same figures.
    const shared = await open(page.url().replace(baseURL, ''), 1280);
    await expect.poll(() => registrationRow(shared.page).textContent(), { timeout: 10_000 }).toContain('11.400');
    expect(await shared.page.getByLabel('Ma seule habitation, où je vivrai').isChecked()).toBe(true);
    expect([...problems, ...shared.problems]).toEqual([]);
    await page.context().close();
    await shared.page.context().close();
  });

  it('works without JavaScript: the form is sent as a GET and the page answers with the figures', async () => {
    const { page } = await open(WALLOON.nl, 390, false);
    expect(await registrationRow(page).textContent()).toContain('11.400');
    await page.getByLabel('Een ander pand (tweede verblijf, investering)').check();
    await Promise.all([page.waitForURL(/buyer=other/), page.getByRole('button', { name: 'Berekenen' }).click()]);
    expect(await registrationRow(page).textContent()).toContain('47.500');
    expect(new URL(page.url()).hash).toBe('#costs');
    await page.context().close();
  });
});

describe('the legal information block', () => {
  it('says what the seller has not provided, in fr and nl, on a phone and a desktop', async () => {
    for (const lang of ['fr', 'nl'] as const) {
      for (const width of [390, 1280]) {
        const { page, problems } = await open(FLEMISH[lang], width);
        const block = page.locator('section.legal');
        await expect.poll(() => block.textContent(), { timeout: 10_000 }).toContain(lang === 'fr' ? 'Non communiqué par le vendeur' : 'Niet meegedeeld door de verkoper');
        await page.addStyleTag({ content: '.header{position:static!important} .back-to-top{display:none!important}' });
        await block.screenshot({ path: `${SHOTS}/flanders-legal-${lang}-${width}.png` });
        await page.locator('section.costs').screenshot({ path: `${SHOTS}/flanders-costs-${lang}-${width}.png` });
        // The page is not wider than the screen (WCAG 1.4.10).
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  });
});
