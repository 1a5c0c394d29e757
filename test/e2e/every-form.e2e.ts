/**
 * Every visitor form, as a visitor tries it, in the site's four languages, with and without
 * JavaScript: an empty submit shows the localized required messages, a valid one lands
 * on its thank-you page (or its message) and the request is in D1; a request the worker
 * refuses for another reason (too many, not stored, a confirmation held back) says so in
 * the visitor's language.
 */
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { asNewVisitor, useBrowser, watchConsole } from './browser.ts';
import { favouritesPath } from '../../domain/rules/favourites.ts';
import { FORM_NAMES, formFields, type FormName } from '../../domain/forms/schemas.ts';
import fr from '../../content/demo/translations/fr.json';
import nl from '../../content/demo/translations/nl.json';
import en from '../../content/demo/translations/en.json';
import de from '../../content/demo/translations/de.json';
import { database } from './local-db.ts';

const baseURL = inject('baseURL');
const DICTS = { fr, nl, en, de } as const;
const LANGS = ['fr', 'nl', 'en', 'de'] as const;
type Lang = keyof typeof DICTS;
const browser = useBrowser();

function leadsOf(form: FormName, email: string): number {
  const db = database('clambert', { readOnly: true });
  try {
    const row = db.prepare('SELECT COUNT(*) AS n FROM leads WHERE kind = ? AND payload LIKE ?').get(form, `%${email}%`);
    return Number(row?.n ?? 0);
  } finally {
    db.close();
  }
}

/** The page of a property, as the site's own redirect from its original path says. */
async function propertyPage(lang: Lang, id: number): Promise<string> {
  const response = await fetch(`${baseURL}/property/${id}/?lng=${lang}`, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`no page for property ${id} in ${lang}`);
  return new URL(location, baseURL).pathname;
}

/** The same page in `lang`, as the French page's own alternate link names it. */
async function twinOf(frenchPath: string, lang: Lang): Promise<string> {
  if (lang === 'fr') return frenchPath;
  const [pathname, query] = frenchPath.split('?');
  const html = await (await fetch(`${baseURL}${pathname}`)).text();
  const href = new RegExp(`<link rel="alternate" hrefLang="${lang}" href="([^"]+)"`, 'i').exec(html)?.[1];
  if (!href) throw new Error(`no ${lang} twin of ${frenchPath}`);
  return `${new URL(href).pathname}${query ? `?${query}` : ''}`;
}

async function firstProjectPage(lang: Lang): Promise<string> {
  const html = await (await fetch(`${baseURL}/fr/projets/`)).text();
  const href = /href="(\/fr\/[^"]+\/\d+\/)"/.exec(html)?.[1];
  if (!href) throw new Error('no project link');
  return twinOf(href, lang);
}

const PAGES: Record<FormName, (lang: Lang) => Promise<string> | string> = {
  'site-contact': (lang) => `/${lang}/contact/`,
  'contact-demand': (lang) => twinOf('/fr/estimation-gratuite/', lang),
  'demand-register': (lang) => twinOf('/fr/je-recherche/', lang),
  'sign-newsletter': (lang) => `/${lang}/`,
  testimonial: (lang) => twinOf('/fr/nos-services/temoignages/', lang),
  'job-application': (lang) => twinOf('/fr/notre-equipe/', lang),
  'contact-me': (lang) => propertyPage(lang, 2071),
  'contact-appointment': (lang) => propertyPage(lang, 2071),
  'purchase-offer': (lang) => propertyPage(lang, 2071),
  'send-to-friend': (lang) => propertyPage(lang, 2071),
  'document-request': (lang) => propertyPage(lang, 2071),
  'rental-application': (lang) => propertyPage(lang, 2101),
  'contact-construction': (lang) => firstProjectPage(lang),
  'save-search': (lang) => twinOf('/fr/a-vendre/?type=1', lang),
  'email-selection': (lang) => `${favouritesPath(lang)}?ids=2071,2041`,
};

const THANKS_SEGMENT: Record<Lang, string> = { fr: 'merci', nl: 'bedankt', en: 'thank-you', de: 'danke' };

/** Forms that say their message in place; the others have a thank-you page. */
const DONE_IN_PLACE: Partial<Record<FormName, keyof typeof fr>> = {
  'document-request': 'DOCUMENTS_BY_EMAIL',
  'job-application': 'THANKS_CV',
  'purchase-offer': 'THANKS_OFFER',
  'rental-application': 'THANKS_RENTAL_APPLICATION',
  testimonial: 'TESTIMONIAL_SENT',
  'save-search': 'ALERT_CHECK_INBOX',
  'email-selection': 'SELECTION_SENT',
};

const WORDS: Record<Lang, string> = { fr: 'deux cent quatre-vingt-cinq mille', nl: 'tweehonderdvijfentachtigduizend', en: 'two hundred eighty-five thousand', de: 'zweihundertfünfundachtzigtausend' };

function sample(name: string, lang: Lang, email: string): string | null {
  const values: Record<string, string> = {
    firstName: 'Marie',
    lastName: 'Dupont',
    name: 'Marie Dupont',
    buyerA: 'Marie Dupont',
    email,
    phone: '0475 12 34 56',
    street: 'Rue de Fer',
    zip: '5000',
    city: 'Namur',
    zones: 'Namur, 5100',
    friendEmail: `friend.${email}`,
    amount: '285000',
    amountWords: WORDS[lang],
    startDate: '2027-01-05',
    signingDate: '2027-01-10',
    validUntil: '2027-01-25',
    place: 'Namur',
    adults: '2',
    movingDate: '2027-02-01',
    income1: '2600',
    comment: `Un service remarquable, merci ! (${email})`,
  };
  return values[name] ?? null;
}

async function fill(page: Page, form: FormName, lang: Lang, email: string): Promise<void> {
  for (const field of formFields(form)) {
    const selector = `#${form}-${field.name}`;
    if (field.kind === 'hidden') continue;
    // A visit is booked on a slot the visitor chooses, when the property offers some.
    if (field.kind === 'slots') {
      // The slots are there once the form no longer links to them (fetched, or drawn by the server).
      await page.waitForFunction((f) => !document.querySelector(`form[data-form="${f}"] .slots__link`), form);
      const slot = page.locator(`form[data-form="${form}"] input[name="${field.name}"]`).first();
      if ((await slot.count()) > 0) await slot.check();
      continue;
    }
    if (field.kind === 'file') {
      if (field.required)
        await page.setInputFiles(selector, {
          name: 'cv.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n% a test CV\n1 0 obj << /Type /Catalog >> endobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n'),
        });
      continue;
    }
    if (field.kind === 'checkboxes') {
      if (field.required) await page.check(`form[data-form="${form}"] input[name="${field.name}"] >> nth=0`);
      continue;
    }
    if (field.kind === 'select') {
      if (field.required) await page.selectOption(selector, { index: 1 });
      continue;
    }
    const value = sample(field.name, lang, email);
    if (field.required && value === null) throw new Error(`no sample value for ${form}.${field.name}`);
    if (value !== null) await page.fill(selector, value);
  }
}

async function open(page: Page, form: FormName): Promise<void> {
  // Closed panels only: a second click on a summary would close it again.
  const summary = page.locator(`details:not([open]):has(form[data-form="${form}"]) > summary`);
  while ((await summary.count()) > 0) await summary.first().click();
}

const submit = (page: Page, form: FormName) => page.click(`form[data-form="${form}"] button[type="submit"]`);

/** Is the element the visitor is meant to read in the screen, its top not under the fixed header? */
function seenAt(page: Page, selector: string, text?: string): Promise<boolean> {
  return page.evaluate(
    ([sel, words]) => {
      const element = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => (words ? e.innerText.includes(words) : true) && e.getClientRects().length > 0);
      if (!element) return false;
      const rect = element.getBoundingClientRect();
      if (rect.top < 0 || rect.top >= window.innerHeight) return false;
      const hit = document.elementFromPoint(rect.left + Math.min(8, rect.width / 2), rect.top + Math.min(8, rect.height / 2));
      return hit !== null && (element.contains(hit) || hit.contains(element));
    },
    [selector, text ?? ''] as const,
  );
}

describe.each([
  { mode: 'with JavaScript', js: true },
  { mode: 'without JavaScript', js: false },
])('every form $mode', ({ js }) => {
  // One page for the 60 cases of a mode, each case another visitor (asNewVisitor): what is
  // tested is each form's answer, not a fresh browser, and a page per case cost a second each.
  let page: Page;
  beforeAll(async () => {
    // A phone: where a message lands off screen or under the header, the visitor thinks the form failed.
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 390, height: 844 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await page.context().close();
  });

  it.each(FORM_NAMES.flatMap((form) => LANGS.map((lang) => ({ form, lang }))))('$form ($lang)', async ({ form, lang }) => {
    await asNewVisitor(page, baseURL);
    const problems = watchConsole(page);
    const answers: string[] = [];
    const onResponse = (r: Response) => {
      if (r.url().includes('/forms/')) answers.push(`${r.request().method()} ${r.url()} ${r.status()}`);
    };
    page.on('response', onResponse);
    onTestFinished(() => {
      problems.stop();
      page.off('response', onResponse);
    });
    const dict = DICTS[lang];
    const pagePath = await PAGES[form](lang);
    await page.goto(`${baseURL}${pagePath}`);
    if (js) {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // Forms arrive as their own chunk; a click before it runs would be a plain post.
      await page.waitForLoadState('networkidle');
    }
    await open(page, form);
    // A folded form's code arrives when it opens: wait for it, or the click is a plain post.
    if (js) await page.waitForLoadState('networkidle');

    // Empty: the localized required messages, the fields marked, nothing stored.
    await submit(page, form);
    await page.waitForSelector(`form[data-form="${form}"] .error-summary`);
    const summary = (await page.textContent(`form[data-form="${form}"] .error-summary`)) ?? '';
    expect(summary).toContain(dict.CHECK_RED_FIELDS);
    const requiredWords = dict.REQUIRED_FIELD.replace('{{field}}', '').trim();
    expect(summary).toContain(requiredWords);
    expect(await page.locator(`form[data-form="${form}"] [aria-invalid="true"]`).count()).toBeGreaterThan(0);
    // The summary takes focus on the frame after it is drawn (requestAnimationFrame), not at once.
    if (js) await expect.poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 2_000 }).toBe('error-summary');
    await expect.poll(() => seenAt(page, `form[data-form="${form}"] .error-summary`)).toBe(true);

    // Valid: the thank-you page or the message, and the request stored.
    const email = `${form}.${lang}.${js ? 'js' : 'nojs'}.${Date.now()}@example.be`;
    await open(page, form);
    await fill(page, form, lang, email);
    await submit(page, form);
    const inPlace = DONE_IN_PLACE[form];
    if (inPlace) {
      // Polled from here, not in the page: without JavaScript the page runs no timers, so a wait
      // polled inside it checks once, and ran out with the words on screen when that once came early.
      const read = () =>
        page
          .locator('body')
          .innerText({ timeout: 1_000 })
          .catch(() => '');
      try {
        await expect.poll(read, { timeout: 30_000, interval: 250 }).toContain(dict[inPlace]);
      } catch (error) {
        // Say where the visitor landed and what the forms answered, not only that the words never came.
        throw new Error(`${String(error)}\nat ${page.url()} (${answers.join('; ')})`, { cause: error });
      }
    }
    // A booked visit's thank-you page names the booking (?visit=…).
    else await page.waitForURL((url) => url.href.startsWith(`${baseURL}/${lang}/${THANKS_SEGMENT[lang]}/${form}/`));
    await page.locator('h1').first().waitFor({ state: 'attached' });
    // The answer is where the visitor is: the message in place, or the thank-you page's title.
    // (Polled: a page drawn by the router replaces the form's page a moment after the address changes.)
    await expect.poll(() => seenAt(page, inPlace ? '[role="status"], .form-done, .lead' : 'h1', inPlace ? dict[inPlace] : dict.THANK_YOU)).toBe(true);
    expect(leadsOf(form, email)).toBe(1);
    // Without JavaScript the 422 page with the errors is the expected answer, not a problem.
    expect(problems.filter((p) => !/status of 422/.test(p))).toEqual([]);
  });
});

describe('a request the worker refuses for another reason says so in the visitor’s language, with JavaScript', () => {
  /** The newsletter sign-up on the home page, answered by the worker (or, for a failure it cannot be made to have here, as it answers one). */
  async function signUp(lang: Lang, answer?: { status: number; key: string }): Promise<string> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (answer)
      await page.route('**/forms/sign-newsletter', (route) =>
        route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify({ ok: false, errors: [{ field: '', key: answer.key }] }) }),
      );
    await page.goto(`${baseURL}/${lang}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForLoadState('networkidle');
    await open(page, 'sign-newsletter');
    await page.fill('#sign-newsletter-email', `refused.${lang}.${Date.now()}@example.be`);
    await submit(page, 'sign-newsletter');
    await page.waitForSelector('form[data-form="sign-newsletter"] .error-summary, form[data-form="sign-newsletter"] [role="alert"]');
    const text = (await page.textContent('form[data-form="sign-newsletter"]')) ?? '';
    await context.close();
    return text;
  }

  it.each(LANGS)('%s: not stored (503) and too many (429) each give their own words, not “mail not sent”', async (lang) => {
    const notStored = await signUp(lang, { status: 503, key: 'MAIL_FAILED' });
    expect(notStored).toContain(DICTS[lang].MAIL_FAILED);
    const tooMany = await signUp(lang, { status: 429, key: 'TOO_MANY_REQUESTS' });
    expect(tooMany).toContain(DICTS[lang].TOO_MANY_REQUESTS);
  });
});
