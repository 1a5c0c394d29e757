/**
 * WCAG 2.1 AA by axe-core on every page type, in French and Dutch, at phone and desktop
 * widths, including forms re-rendered with their errors and the owner portal after logging in.
 * One browser and one page per width walk the whole list, so the suite stays quick.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const consentBrowser = useBrowser({ askConsent: true });

type Lang = 'fr' | 'nl';
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

/** Each language's own paths; detail pages are found from their lists at run time. */
const PATHS: Record<Lang, Record<string, string>> = {
  fr: {
    home: '/fr/',
    sale: '/fr/a-vendre/',
    rent: '/fr/a-louer/',
    filtered: '/fr/a-vendre/?type=1&beds=2&sort=price-asc',
    empty: '/fr/a-vendre/?q=zzzzzz-introuvable',
    projects: '/fr/projets/',
    module: '/fr/nos-services/',
    policy: '/fr/declaration-de-confidentialite/',
    team: '/fr/notre-equipe/',
    contact: '/fr/contact/',
    valuation: '/fr/estimation-gratuite/',
    demand: '/fr/je-recherche/',
    testimonials: '/fr/nos-services/temoignages/',
    thanks: '/fr/merci/site-contact/',
    missing: '/fr/nexiste-pas/',
    login: '/fr/login/',
    forgot: '/fr/login/mot-de-passe-oublie/',
    portal: '/fr/login/portail/',
    favourites: '/fr/favoris/?ids=2071,2041,999999',
    rights: '/privacy/?lang=fr',
    statement: '/accessibility/?lang=fr',
  },
  nl: {
    home: '/nl/',
    sale: '/nl/te-koop/',
    rent: '/nl/te-huur/',
    filtered: '/nl/te-koop/?type=1&beds=2&sort=price-asc',
    empty: '/nl/te-koop/?q=zzzzzz-onvindbaar',
    projects: '/nl/projecten/',
    module: '/nl/onze-diensten/',
    policy: '/nl/privacyverklaring/',
    team: '/nl/ons-team/',
    contact: '/nl/contact/',
    valuation: '/nl/gratis-schatting/',
    demand: '/nl/ik-ben-op-zoek/',
    testimonials: '/nl/onze-diensten/getuigenissen/',
    thanks: '/nl/bedankt/site-contact/',
    missing: '/nl/bestaat-niet/',
    login: '/nl/login/',
    forgot: '/nl/login/wachtwoord-vergeten/',
    portal: '/nl/login/portaal/',
    favourites: '/nl/favorieten/?ids=2071,2041,999999',
    rights: '/privacy/?lang=nl',
    statement: '/accessibility/?lang=nl',
  },
};

/** The demo owner exactly as the README tells a new user. */
function readmeOwner(): { email: string; password: string } {
  const line = readFileSync('README.md', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Demo owner'));
  const match = /`([^`]+@[^`]+)` \/ `([^`]+)`/.exec(line ?? '');
  if (!match?.[1] || !match[2]) throw new Error('README names no demo owner');
  return { email: match[1], password: match[2] };
}

/** A sold or rented demo listing past its grace period, when the demo has one (it answers 410). */
async function gonePath(lang: Lang): Promise<string | null> {
  const properties: unknown = JSON.parse(readFileSync('content/demo/properties.json', 'utf8'));
  if (!Array.isArray(properties)) return null;
  for (const p of properties) {
    if (typeof p !== 'object' || p === null || !('Status' in p) || !('ID' in p)) continue;
    if (p.Status !== 'sold' && p.Status !== 'rented') continue;
    const path = `/${lang}/${lang === 'fr' ? 'a-vendre' : 'te-koop'}/x/y/${String(p.ID)}/`;
    const response = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
    if (response.status === 410) return path;
  }
  return null;
}

/** Waits for the page's script to take over; a page that never does names itself in the failure. */
async function hydrated(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
  } catch (error) {
    throw new Error(`${page.url()} did not hydrate: ${String(error)}`, { cause: error });
  }
}

/** First card link of a list page, to reach a detail page the way a visitor does. */
async function firstCard(page: Page, path: string): Promise<string> {
  await page.goto(`${baseURL}${path}`, { waitUntil: 'domcontentloaded' });
  const href = await page.getAttribute('.card a.card__link', 'href');
  if (!href) throw new Error(`no card on ${path}`);
  return href;
}

/** Submits the page's visitor form empty, so it comes back with its error summary and invalid fields. */
async function submitEmpty(page: Page, form: string): Promise<void> {
  await page.click(`${form} button[type="submit"]`);
  await page.waitForSelector('.error-summary, .form-error, [aria-invalid="true"]');
}

/** Every page type a visitor can reach, checked in one language at one width. */
async function checkAll(page: Page, lang: Lang, checked: string[]): Promise<Record<string, string[]>> {
  const paths = PATHS[lang];
  const found: Record<string, string[]> = {};
  const check = async (name: string, path: string | null, after?: () => Promise<void>) => {
    if (path !== null) {
      const response = await page.goto(`${baseURL}${path}`, { waitUntil: 'domcontentloaded' });
      if (!response || response.status() >= 500) throw new Error(`${path} answered ${response?.status()}`);
      if (name !== 'missing' && name !== 'gone' && response.status() !== 200) throw new Error(`${path} answered ${response.status()}`);
      await hydrated(page);
    }
    await after?.();
    const violations = await seriousViolations(page);
    // WCAG 1.4.10 reflow: nothing makes a visitor scroll sideways (wide tables scroll in their own box).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) violations.push(`reflow: the page is ${overflow} px wider than the screen`);
    checked.push(`${lang} ${name}`);
    if (violations.length > 0) found[`${name} ${page.url()}`] = violations;
  };
  for (const name of [
    'home',
    'sale',
    'filtered',
    'projects',
    'module',
    'policy',
    'team',
    'contact',
    'valuation',
    'demand',
    'testimonials',
    'thanks',
    'missing',
    'login',
    'forgot',
    'rights',
    'statement',
  ]) {
    await check(name, paths[name] ?? null);
  }
  await check('list view', `${paths.sale}?view=list`);
  await check('map view, a marker’s preview open', `${paths.sale}?view=map`, async () => {
    await page.locator('.property-map__canvas').scrollIntoViewIfNeeded();
    await page.waitForSelector('.property-map__canvas[data-state="ready"] .map-pin', { state: 'attached' });
    await page.locator('.property-map__canvas .map-pin').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.map-preview');
  });
  await check('empty list shows it', paths.empty ?? '', async () => {
    expect(await page.locator('.empty').count()).toBeGreaterThan(0);
  });
  await check('detail sale', await firstCard(page, paths.sale ?? ''));
  await check('detail rent', await firstCard(page, paths.rent ?? ''));
  await check('project detail', await firstCard(page, paths.projects ?? ''));
  for (const name of ['contact', 'valuation', 'demand', 'testimonials']) {
    await check(`${name} with errors`, paths[name] ?? null, () => submitEmpty(page, 'form.visitor-form'));
  }
  await check('login with errors', paths.login ?? null, async () => {
    await page.click('form.owner-form button[type="submit"]');
    await page.waitForLoadState('domcontentloaded');
    await hydrated(page);
  });
  const gone = await gonePath(lang);
  if (gone) await check('gone', gone);
  else checked.push(`${lang} gone: the demo has no listing past its grace period`);
  const owner = readmeOwner();
  await page.goto(`${baseURL}${paths.login}`, { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  await page.fill('#owner-username', owner.email);
  await page.fill('#owner-password', owner.password);
  await page.click('form.owner-form button[type="submit"]');
  await page.waitForURL(`${baseURL}${paths.portal}`);
  await check('owner portal', null, () => hydrated(page));
  return found;
}

describe('WCAG 2.1 AA: no serious or critical axe violation', () => {
  const checked: string[] = [];
  afterAll(() => {
    console.info(`axe: ${checked.length} page checks\n${checked.filter((c) => c.includes(':')).join('\n')}`);
  });

  for (const lang of ['fr', 'nl'] as const) {
    for (const width of WIDTHS) {
      it(`every page type, ${lang}, ${width.name}`, { timeout: 180_000 }, async () => {
        const context = await browser.newContext({ viewport: width.viewport });
        const page = await context.newPage();
        try {
          expect(await checkAll(page, lang, checked)).toEqual({});
        } finally {
          await context.close();
        }
      });
    }
  }

  it('the cookie dialog, open, in both languages and widths', async () => {
    const found: Record<string, string[]> = {};
    for (const lang of ['fr', 'nl'] as const) {
      for (const width of WIDTHS) {
        const context = await consentBrowser.newContext({ viewport: width.viewport });
        const page = await context.newPage();
        await page.goto(`${baseURL}/${lang}/`, { waitUntil: 'domcontentloaded' });
        await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${lang} ${width.name}`] = violations;
        await page.click('.consent__actions button.button--ghost >> nth=0');
        await page.waitForSelector('dialog.consent[data-view="settings"]');
        const settings = await seriousViolations(page);
        if (settings.length > 0) found[`${lang} ${width.name} settings`] = settings;
        checked.push(`${lang} cookie dialog ${width.name}`);
        await context.close();
      }
    }
    expect(found).toEqual({});
  });
});
