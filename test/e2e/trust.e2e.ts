/**
 * The abuse controls as a visitor meets them in Chromium: a newsletter sign-up that waits
 * for the address to confirm (with and without JavaScript), the refusal once an inbox had
 * its mails for the day, an upload refusal that names the file, and a date that does not
 * exist. The attacks themselves run against the worker in test/integration/trust-*.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, watchConsole, shot } from './browser.ts';
import { database, scalar } from './local-db.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The confirmation token the site mailed to a pending address. */
function pendingToken(email: string): string {
  const db = database();
  const row = db.prepare("SELECT confirm_token FROM newsletter_subscribers WHERE email = ? AND status = 'pending'").get(email);
  db.close();
  const token = row?.confirm_token;
  if (typeof token !== 'string') throw new Error(`no pending sign-up for ${email}`);
  return token;
}

function statusOf(email: string): string {
  const db = database();
  const row = db.prepare('SELECT status FROM newsletter_subscribers WHERE email = ?').get(email);
  db.close();
  return typeof row?.status === 'string' ? row.status : 'none';
}

async function propertyPage(lang: string, id: number): Promise<string> {
  const response = await fetch(`${baseURL}/property/${id}/?lng=${lang}`, { redirect: 'manual' });
  return response.headers.get('location') ?? '';
}

describe('newsletter double opt-in', () => {
  it.each([
    { js: true, lang: 'fr', thanks: 'confirmer votre inscription', button: 'Oui, envoyez-moi la newsletter', done: 'votre inscription est confirmée' },
    { js: false, lang: 'nl', thanks: 'uw inschrijving op de nieuwsbrief te bevestigen', button: 'Ja, stuur me de nieuwsbrief', done: 'uw inschrijving is bevestigd' },
  ])('$lang, JavaScript $js: pending after the sign-up, subscribed only by the button on the mailed page', async ({ js, lang, thanks, button, done }) => {
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const email = `reader.${lang}.${Date.now()}@example.be`;
    await page.goto(`${baseURL}/${lang}/`);
    if (js) await hydrated(page);
    const form = page.locator('form[data-form="sign-newsletter"]');
    await form.scrollIntoViewIfNeeded();
    await form.locator('input[name="email"]').fill(email);
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector(`text=${thanks}`);
    expect(statusOf(email)).toBe('pending');

    await page.goto(`${baseURL}/newsletter/confirm/${pendingToken(email)}/`);
    expect(statusOf(email)).toBe('pending');
    await page.screenshot({ path: `test-results/newsletter-confirm-${lang}.png` });
    await page.click(`button:text("${button}")`);
    await page.waitForSelector(`text=${done}`);
    expect(statusOf(email)).toBe('confirmed');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('mail limits', () => {
  it('the fourth friend mail to one address today is refused with a message, the input kept', async () => {
    const friend = `inbox.${Date.now()}@example.be`;
    const path = await propertyPage('fr', 2071);
    for (let i = 0; i < 4; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseURL}${path}`);
      await hydrated(page);
      const summary = page.locator('details:not([open]):has(form[data-form="send-to-friend"]) > summary');
      if ((await summary.count()) > 0) await summary.first().click();
      const form = page.locator('form[data-form="send-to-friend"]');
      await form.locator('input[name="name"]').fill('Marie');
      await form.locator('input[name="email"]').fill(`marie${i}@example.be`);
      await form.locator('input[name="friendEmail"]').fill(friend);
      await form.locator('button[type="submit"]').click();
      if (i < 3) await page.waitForURL(/\/merci\/send-to-friend\/$/);
      else {
        await page.waitForSelector('.error-summary');
        expect(await page.textContent('.error-summary')).toContain("Cette adresse a déjà reçu aujourd'hui");
        expect(await form.locator('input[name="friendEmail"]').inputValue()).toBe(friend);
        await page.screenshot({ path: 'test-results/mail-limit-fr.png' });
      }
      await context.close();
    }
    const db = database();
    expect(scalar(db, "SELECT COUNT(*) FROM leads WHERE kind = 'send-to-friend' AND payload LIKE ?", `%${friend}%`)).toBe(3);
    db.close();
  });
});

/** The job application of the team page, filled in as Léa Martin would, without its CV. */
async function fillJobApplication(page: Page) {
  const form = page.locator('form[data-form="job-application"]');
  await form.scrollIntoViewIfNeeded();
  await form.locator('select[name="title"]').selectOption('ms');
  await form.locator('input[name="firstName"]').fill('Léa');
  await form.locator('input[name="lastName"]').fill('Martin');
  await form.locator('input[name="email"]').fill('lea@example.be');
  await form.locator('input[name="phone"]').fill('0475 12 34 56');
  return form;
}

describe('uploads and dates', () => {
  it('a CV that is a Word 97 file is refused by name and reason', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/notre-equipe/`);
    await hydrated(page);
    const form = await fillJobApplication(page);
    await page.setInputFiles('#job-application-cv', { name: 'mon-cv.doc', mimeType: 'application/msword', buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]) });
    expect(await form.locator('.field__hint').first().textContent()).toContain('PDF, DOCX ou ODT, 5 Mo au maximum');
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('.error-summary');
    expect(await page.textContent('.error-summary')).toContain('mon-cv.doc\u00a0: Uniquement des documents PDF, DOCX ou ODT');
    await page.screenshot({ path: 'test-results/upload-refused-fr.png' });
    await context.close();
  });

  it.each([
    ['fr', '/fr/notre-equipe/', 'Ce document contient des macros, du code ou un modèle chargé depuis Internet'],
    ['nl', '/nl/ons-team/', 'Dit document bevat macro'],
  ])('a CV that would launch a program on opening is refused by name and reason (%s, 390 px)', async (lang, path, reason) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${baseURL}${path}`);
    await hydrated(page);
    const form = await fillJobApplication(page);
    const launcher = '%PDF-1.7\n1 0 obj << /Type /Action /S /Launch /F (cmd.exe) >> endobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n';
    await page.setInputFiles('#job-application-cv', { name: 'cv-lea.pdf', mimeType: 'application/pdf', buffer: Buffer.from(launcher) });
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('.error-summary');
    const summary = (await page.textContent('.error-summary')) ?? '';
    expect(summary).toContain('cv-lea.pdf');
    expect(summary).toContain(reason);
    await page.screenshot({ path: shot(`unattended/cv-active-content-${lang}-390.png`) });
    await context.close();
  });

  it('a purchase offer dated 30 February is refused in the page, before anything is sent', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto(`${baseURL}${await propertyPage('fr', 2071)}`);
    await hydrated(page);
    const summary = page.locator('details:not([open]):has(form[data-form="purchase-offer"]) > summary');
    if ((await summary.count()) > 0) await summary.first().click();
    const form = page.locator('form[data-form="purchase-offer"]');
    // Typing hydrates the form (its code loads when the visitor uses it).
    await form.locator('input[name="buyerA"]').fill('Anne Petit');
    await form.locator('input[name="email"]').fill('anne@example.be');
    await form.locator('input[name="phone"]').fill('0475 12 34 56');
    await form.locator('input[name="amount"]').fill('200000');
    await form.locator('input[name="place"]').fill('Namur');
    await form.locator('input[name="validUntil"]').fill('2027-12-31');
    // Only once the form's code has taken over does a value set below survive: hydration
    // would otherwise replace the field the script changed. The form's own island, the
    // innermost: the property section around it is an island too, and hydrates first.
    await page.waitForFunction(() => {
      let island = document.querySelector('form[data-form="purchase-offer"]')?.closest('[data-island]');
      if (!island) return false;
      for (; island; island = island.parentElement?.closest('[data-island]')) if (island.getAttribute('data-hydrated') !== 'true') return false;
      return true;
    });
    // A browser's date picker offers real days only; an older browser's text field does not.
    // The page's own check (the worker's schema) must catch it before anything is sent.
    // Changed and sent in one step, with the focus already on the button: a render in between
    // (the check when the last typed field loses focus) sets the field back to a date field,
    // and Chromium then drops a day that does not exist.
    await form.locator('input[name="signingDate"]').evaluate((input: HTMLInputElement) => {
      const send = input.form?.querySelector<HTMLButtonElement>('button[type="submit"]');
      send?.focus();
      input.type = 'text';
      input.value = '2027-02-30';
      input.form?.requestSubmit(send);
    });
    await page.waitForSelector('.error-summary');
    expect(await page.textContent('.error-summary')).toContain("Cette date n'existe pas ou est trop éloignée");
    expect(posts.filter((url) => url.includes('/forms/'))).toEqual([]);
    await context.close();
  });
});
