/**
 * Documents and articles as a visitor meets them in Chromium: a plan downloaded from the
 * property page, documents asked for from a project page (and the browser remembering it
 * asked), an article read at its own address. Screenshots in fr and nl, phone and desktop,
 * go to docs/screenshots/ for the record.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, watchConsole, shot } from './browser.ts';

const baseURL = inject('baseURL');
const SHOTS = shot('').replace(/\/$/, '');
const browser = useBrowser();

const problems = new Map<Page, string[]>();

async function open(path: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
  await context.addInitScript(() => localStorage.setItem('consent', 'set'));
  const page = await context.newPage();
  problems.set(page, watchConsole(page));
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return page;
}

/** The public address of a listing or project, as the site redirects its id to. */
async function pathOf(page: Page, list: string, id: number): Promise<string> {
  await page.goto(list);
  return (await page.locator(`a[href$="/${id}/"]`).first().getAttribute('href')) ?? '';
}

describe('documents', () => {
  it.each([
    ['fr', 390],
    ['fr', 1280],
    ['nl', 390],
    ['nl', 1280],
  ] as const)('a plan downloads from the property page (%s, %i px)', async (lang, width) => {
    const page = await open(`/property/2074/?lng=${lang}`, width);
    await page.goto(page.url().replace(/^https?:\/\/[^/]+\/[a-z]{2}\//, `${baseURL}/${lang}/`));
    const link = page.locator('a.documents__link', { hasText: lang === 'fr' ? 'Plans' : 'Plannen' });
    await expect(link.textContent()).resolves.toMatch(lang === 'fr' ? /Plans \(PDF, \d\s?ko\)/ : /Plannen \(PDF, \d\s?kB\)/);
    await link.scrollIntoViewIfNeeded();
    await page.locator('section[aria-labelledby="documents"]').screenshot({ path: `${SHOTS}/documents-property-${lang}-${width}.png` });
    const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(problems.get(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['fr', 390, '/fr/projets/'],
    ['fr', 1280, '/fr/projets/'],
    ['nl', 390, '/nl/projecten/'],
    ['nl', 1280, '/nl/projecten/'],
  ] as const)('documents are asked for from a project page, and the browser remembers it asked (%s, %i px)', async (lang, width, list) => {
    const page = await open(list, width);
    const path = await pathOf(page, list, 9001);
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const section = page.locator('section[aria-labelledby="project-documents"]');
    await section.locator('summary').click();
    await section.locator('input[name="name"]').fill('Marie Dupont');
    await section.locator('input[name="email"]').fill(`docs-${lang}-${width}@example.be`);
    await section.screenshot({ path: `${SHOTS}/documents-project-request-${lang}-${width}.png` });
    await section.locator('button[type="submit"]').click();
    await expect(section.getByRole('status').first().textContent()).resolves.toMatch(lang === 'fr' ? /envoyés par e-mail/ : /per e-mail/);
    // Back on the page later: this browser asked already, and says so.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(section.locator('.documents__asked').textContent()).resolves.toBe(lang === 'fr' ? 'Vous avez déjà demandé ce document.' : 'U hebt dit document al aangevraagd.');
    expect(problems.get(page)).toEqual([]);
    await page.context().close();
  });
});

describe('articles', () => {
  it.each([
    ['fr', 390, '/fr/a-propos/qui-sommes-nous/', 'Qui sommes-nous ?'],
    ['fr', 1280, '/fr/a-propos/qui-sommes-nous/', 'Qui sommes-nous ?'],
    ['nl', 390, '/nl/over-ons/wie-zijn-wij/', 'Wie zijn wij?'],
    ['nl', 1280, '/nl/over-ons/wie-zijn-wij/', 'Wie zijn wij?'],
    ['fr', 1280, '/fr/nos-services/guides-pratiques/frais-d-achat-en-wallonie/', "Frais d'achat en Wallonie"],
    ['nl', 390, '/nl/onze-diensten/praktische-gidsen/aankoopkosten-in-wallonie/', 'Aankoopkosten in Wallonië'],
  ] as const)('%s, %i px: %s has its page, reached from its category', async (lang, width, path, title) => {
    const category = path.split('/').slice(0, -2).join('/') + '/';
    const page = await open(category, width);
    await page.locator(`a[href="${path}"]`).first().click();
    await page.waitForURL(`**${path}`);
    // The browser navigates in place: the article's heading replaces the category's.
    await page.waitForFunction((heading) => document.querySelector('h1')?.textContent === heading, title);
    await expect(page.locator('nav[aria-label] ol li').count()).resolves.toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: `${SHOTS}/article-${lang}-${width}${path.includes('guides') || path.includes('gidsen') ? '-guide' : ''}.png`, fullPage: true });
    expect(problems.get(page)).toEqual([]);
    await page.context().close();
  });
});
