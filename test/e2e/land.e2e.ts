/**
 * What the land says, as a buyer meets it on a phone in Chromium against the site as
 * `npm start` runs it: the property page's section (each fact with its meaning, source,
 * date, licence and official map; the deed prices of the commune with their year), the P-score
 * the CRM left out filled from the official layer and said so, the list's "outside flood
 * hazard zones" filter with and without JavaScript, kept by a saved search, and the high
 * hazard badge. Answers are the demo's hand-drawn layers (content/demo/land-sources).
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, watchConsole, shot } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const hydrated = () => document.documentElement.dataset.hydrated === 'true';
const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
const serious = (page: Page, selector: string) => seriousViolations(page, { include: selector });

async function phone(javaScript = true): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: javaScript });
  await context.addInitScript(() => localStorage.setItem('consent', 'set'));
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

describe('what the land says on a property page', () => {
  it('a Dinant house: the flood class with its source and map, the zoning, the radon class and the deed median with its year', async () => {
    const { page, problems } = await phone();
    // From the Dinant list, as a buyer would come.
    await page.goto(`${baseURL}/fr/a-vendre/?city=dinant`);
    await page.locator('a.card__link[href$="/2041/"]').click();
    await page.waitForURL(/\/2041\/$/);
    await page.waitForFunction(hydrated);
    const section = 'section[aria-labelledby="land-title"]';
    await page.locator(section).scrollIntoViewIfNeeded();
    const words = await text(page, section);
    expect(words).toContain('Ce que dit le terrain');
    expect(words).toContain('InondationAléa très faible Une inondation n’y est possible que lors de crues exceptionnelles.');
    expect(words).toContain('Source : SPW, Cartographie de l’aléa d’inondation par débordement de cours d’eau, 1 juin 2024. Licence : CC BY 4.0.');
    expect(words).toContain("Zone d'habitat");
    expect(words).toContain('Classe 2a');
    expect(words).toContain('Prix de vente médian des maisons à Dinant en 2025 : € 205.000. (101 actes)');
    expect(words).toContain('Prix demandé pour ce bien : € 2.113 par m².');
    expect(words).toContain('Source : Statbel');
    const map = page.locator(`${section} a`, { hasText: 'Voir sur la carte officielle' }).first();
    expect(await map.getAttribute('href')).toBe('https://geoportail.wallonie.be/walonmap');
    expect(await map.getAttribute('rel')).toBe('noopener noreferrer');
    await page.addStyleTag({ content: '.header{position:static!important} .contact-bar{display:none!important}' });
    await page.locator(section).screenshot({ path: shot('land-property-fr-390.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await serious(page, section)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the Leuven flat: its P-score, which the CRM left out, from the official layer, said in the section and the legal block', async () => {
    const { page } = await phone();
    await page.goto(`${baseURL}/nl/te-koop/leuven/appartement-met-3-slaapkamers/2110/`);
    const section = await text(page, 'section[aria-labelledby="land-title"]');
    expect(section).toContain('P-score (perceel)A Het perceel is niet overstromingsgevoelig.');
    expect(section).toContain('De advertentie moet deze waarde vermelden en het dossier van het kantoor gaf ze niet: dit is die van de officiële kaart.');
    expect(section).toContain('Bron: VMM');
    expect(await text(page, 'section.legal')).toContain('A (volgens de officiële kaart, het dossier vermeldde ze niet)');
    await page.context().close();
  });
});

describe('the list’s flood filter', () => {
  it('without JavaScript: the plain form’s checkbox in the filter sheet, kept in the address; every card outside the zones', async () => {
    const { page } = await phone(false);
    await page.goto(`${baseURL}/fr/a-vendre/`);
    const all = await page.locator('article.card').count();
    await page.locator('.filters-toggle').click();
    await page.getByLabel('Hors zones d’aléa d’inondation').check();
    await page.locator('#filters-sheet .filters button[type="submit"]').click();
    await page.waitForURL(/noflood=1/);
    const ids = await page.locator('a.card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')?.split('/').at(-2)));
    expect(ids.sort()).toEqual(['2051', '2055', '2065', '2075', '2077', '2109', '2110']);
    expect(ids.length).toBeLessThan(all);
    expect(await page.locator('.card__flood').count()).toBe(0);
    await page.context().close();
  });

  it('with JavaScript: the checkbox narrows at once, a saved search names it, and the high hazard badge shows where it matters', async () => {
    const { page, problems } = await phone();
    await page.goto(`${baseURL}/fr/a-vendre/?city=dinant`);
    await page.waitForFunction(hydrated);
    const dinant = page.locator('article.card', { has: page.locator('a[href$="/2064/"]') });
    expect(await text(page, 'article.card:has(a[href$="/2064/"]) .card__flood')).toBe('Aléa d’inondation élevé');
    expect(await page.locator('article.card:has(a[href$="/2041/"]) .card__flood').count()).toBe(0);
    await dinant.screenshot({ path: shot('land-card-badge-fr-390.png') });
    expect(await serious(page, 'article.card:has(a[href$="/2064/"])')).toEqual([]);
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await page.waitForFunction(hydrated);
    await page.locator('.filters-toggle').click();
    await page.getByLabel('Hors zones d’aléa d’inondation').check();
    await page.waitForURL(/noflood=1/);
    await expect.poll(() => page.locator('article.card').count()).toBe(7);
    expect(await text(page, '.save-search__criteria')).toContain('Hors zones d’aléa d’inondation');
    expect(await serious(page, 'main')).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
