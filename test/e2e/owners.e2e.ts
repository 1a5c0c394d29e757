/**
 * The owner portal as an owner uses it: the README's demo owner logs in (French and Dutch,
 * desktop and phone), sees the statistics and the chart, is refused another owner's
 * property, logs out everywhere, and uses a reset link once.
 */
import { describe, expect, inject, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { useBrowser, watchConsole } from './browser.ts';
import { seriousViolations } from './axe.ts';
import { database, scalar } from './local-db.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** The demo owner exactly as the README tells a new user. */
function readmeOwner(): { email: string; password: string } {
  const line = readFileSync('README.md', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Demo owner'));
  const match = /`([^`]+@[^`]+)` \/ `([^`]+)`/.exec(line ?? '');
  if (!match?.[1] || !match[2]) throw new Error('README names no demo owner');
  return { email: match[1], password: match[2] };
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

async function logIn(page: Page, lang: 'fr' | 'nl', email: string, password: string): Promise<void> {
  await page.goto(`${baseURL}/${lang}/login/`);
  await hydrated(page);
  await page.fill('#owner-username', email);
  await page.fill('#owner-password', password);
  await page.click('form.owner-form button[type="submit"]');
}

describe('the owner portal', () => {
  const owner = readmeOwner();

  it('fr, desktop: the README owner logs in and sees visits, the 30-day chart, history and media', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const pageRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/page')) pageRequests.push(r.url());
    });
    await logIn(page, 'fr', owner.email, owner.password);
    await page.waitForURL(`${baseURL}/fr/login/portail/`);
    await hydrated(page);
    // Hydration uses the data the server rendered: no second request for it.
    expect(pageRequests).toEqual([]);
    expect(await page.textContent('h1')).toBe('Espace propriétaire');
    expect(await page.textContent('.owner-portal .lead')).toContain('Claire Lambert');
    const tiles = await page.$$eval('.owner-tile dd', (els) => els.map((e) => Number((e.textContent ?? '').replace(/\D/g, ''))));
    expect(tiles).toHaveLength(4);
    expect(tiles[3]).toBeGreaterThan(500);
    expect(await page.locator('.owner-chart svg rect').count()).toBe(30);
    expect(await page.getAttribute('.owner-chart svg', 'role')).toBe('img');
    expect(await page.textContent('.owner-chart__summary')).toMatch(/\d+ visites en 30 jours/);
    expect(await page.locator('.owner-history tbody tr').count()).toBeGreaterThan(10);
    expect(await page.textContent('#owner-media ~ div table')).toContain('Immoweb');
    const cookie = (await context.cookies()).find((c) => c.name === '__Host-owner');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    await page.screenshot({ path: 'test-results/owner-portal-fr-desktop.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // One property, chosen with the property chooser.
    await page.selectOption('#owner-property', '2077');
    await page.click('.owner-chooser button');
    await page.waitForURL(`${baseURL}/fr/login/portail/2077/`);
    await hydrated(page);
    expect(await page.textContent('.owner-portal__title')).toContain('Wépion');
    expect(await page.locator('.owner-chart svg rect').count()).toBe(30);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('nl, phone: the same owner logs in in Dutch; the portal fits the screen', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await logIn(page, 'nl', owner.email, owner.password);
    await page.waitForURL(`${baseURL}/nl/login/portaal/`);
    await hydrated(page);
    expect(await page.textContent('h1')).toBe('Eigenaarsportaal');
    expect(await page.textContent('#owner-visits')).toBe('Paginabezoeken');
    expect(await page.locator('.owner-chart svg rect').count()).toBe(30);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/owner-portal-nl-phone.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: login form, portal and chart are server-rendered', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/login/`);
    await page.fill('#owner-username', owner.email);
    await page.fill('#owner-password', owner.password);
    await page.click('form.owner-form button[type="submit"]');
    await page.waitForURL(`${baseURL}/fr/login/portail/`);
    expect(await page.locator('.owner-chart svg rect').count()).toBe(30);
    await context.close();
  });

  it.each([
    ['fr', "Le nom d'utilisateur ou le mot de passe est incorrect.", 'Échec de la connexion'],
    ['nl', 'De gebruikersnaam of het wachtwoord is niet correct.', 'Aanmelden mislukt'],
  ] as const)('a wrong password (%s) shows the localized message', async (lang, message, title) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, lang, owner.email, 'not the password');
    await page.waitForSelector('.error-summary');
    const alert = await page.textContent('.error-summary');
    expect(alert).toContain(title);
    expect(alert).toContain(message);
    expect(page.url()).toBe(`${baseURL}/${lang}/login/`);
    expect(await page.inputValue('#owner-username')).toBe(owner.email);
    expect((await context.cookies()).some((c) => c.name === '__Host-owner')).toBe(false);
    await page.screenshot({ path: `test-results/owner-login-failed-${lang}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('another owner’s property id gives 404', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'fr', owner.email, owner.password);
    await page.waitForURL(`${baseURL}/fr/login/portail/`);
    const response = await page.goto(`${baseURL}/fr/login/portail/2041/`);
    expect(response?.status()).toBe(404);
    const api = await page.request.get(`${baseURL}/api/owner/properties/2041`);
    expect(api.status()).toBe(404);
    await context.close();
  });

  it('logout ends the session on every device', async () => {
    const first = await browser.newContext();
    const page = await first.newPage();
    await logIn(page, 'fr', owner.email, owner.password);
    await page.waitForURL(`${baseURL}/fr/login/portail/`);
    const cookies = await first.cookies();
    const second = await browser.newContext();
    await second.addCookies(cookies.filter((c) => c.name === '__Host-owner'));
    const other = await second.newPage();
    await other.goto(`${baseURL}/fr/login/portail/`);
    expect(other.url()).toBe(`${baseURL}/fr/login/portail/`);

    await hydrated(page);
    await page.click('.owner-portal__head button[type="submit"]');
    await page.waitForURL(`${baseURL}/fr/login/`);
    expect((await first.cookies()).some((c) => c.name === '__Host-owner')).toBe(false);

    await other.goto(`${baseURL}/fr/login/portail/`);
    expect(other.url()).toBe(`${baseURL}/fr/login/`);
    expect(await other.locator('#owner-password').count()).toBe(1);
    await first.close();
    await second.close();
  });

  it('forgot password: the same answer, a mail queued and sent; the reset link works once', async () => {
    const db = database();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/login/`);
    await hydrated(page);
    await page.click('a[href="/fr/login/mot-de-passe-oublie/"]');
    await page.waitForURL(`${baseURL}/fr/login/mot-de-passe-oublie/`);
    // The URL changes before the new screen is drawn: wait for the forgot form itself,
    // or the login form still on screen gets the e-mail.
    const forgotForm = page.locator('form.owner-form[action="/fr/login/mot-de-passe-oublie/"]');
    await forgotForm.waitFor();
    await hydrated(page);
    const before = scalar(db, 'SELECT COUNT(*) FROM owner_resets');
    await forgotForm.locator('#owner-username').fill(owner.email);
    await forgotForm.locator('button[type="submit"]').click();
    await page.waitForURL(`${baseURL}/fr/login/mot-de-passe-oublie/?sent=1`);
    await hydrated(page);
    expect(await page.textContent('.form-done')).toContain('Si cette adresse correspond à un compte');
    expect(scalar(db, 'SELECT COUNT(*) FROM owner_resets')).toBe(before + 1);
    // The queue consumer sends the mail shortly after the answer.
    await expect.poll(() => scalar(db, 'SELECT COUNT(*) FROM owner_resets WHERE mailed_at IS NOT NULL'), { timeout: 15_000 }).toBeGreaterThan(0);

    // The link of the mail: only its hash is stored, so the test plants one it knows.
    const token = randomBytes(32).toString('base64url');
    const ownerId = scalar(db, 'SELECT id FROM owners WHERE email = ?', owner.email);
    const now = Math.floor(Date.now() / 1000);
    db.prepare('INSERT INTO owner_resets (token_hash, owner_id, lang, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
      createHash('sha256').update(token).digest('base64url'),
      ownerId,
      'fr',
      now,
      now + 3600,
    );
    db.close();

    // The mail's link carries the token in its fragment: the page takes it into the form
    // and removes it from the address bar, so it never reaches a server, a log or a Referer.
    await page.goto(`${baseURL}/fr/login/nouveau-mot-de-passe/#token=${token}`);
    await hydrated(page);
    await page.waitForFunction(() => window.location.hash === '');
    expect(await page.locator('form.owner-form input[type="hidden"][name="token"]').getAttribute('value')).toBe(token);
    await page.fill('#owner-password', owner.password);
    await page.fill('#owner-confirm', owner.password);
    await page.click('form.owner-form button[type="submit"]');
    await page.waitForURL(`${baseURL}/fr/login/portail/?done=password`);
    await hydrated(page);
    expect(await page.textContent('.form-done')).toContain('Votre mot de passe a été modifié');

    // Used once: the same link again is refused when posted.
    await page.goto(`${baseURL}/fr/login/nouveau-mot-de-passe/#token=${token}`);
    await hydrated(page);
    await page.waitForFunction(() => window.location.hash === '');
    await page.fill('#owner-password', owner.password);
    await page.fill('#owner-confirm', owner.password);
    await page.click('form.owner-form button[type="submit"]');
    await page.waitForSelector('h1:text("Lien non valable")');
    expect(await page.locator('#owner-password').count()).toBe(0);
    await context.close();
  });

  it('without JavaScript the owner pastes the code of the mail into the reset form', async () => {
    const db = database();
    const token = randomBytes(32).toString('base64url');
    const ownerId = scalar(db, 'SELECT id FROM owners WHERE email = ?', owner.email);
    const now = Math.floor(Date.now() / 1000);
    db.prepare('INSERT INTO owner_resets (token_hash, owner_id, lang, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
      createHash('sha256').update(token).digest('base64url'),
      ownerId,
      'fr',
      now,
      now + 3600,
    );
    db.close();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/login/nouveau-mot-de-passe/#token=${token}`);
    await page.fill('#owner-token', token);
    await page.fill('#owner-password', owner.password);
    await page.fill('#owner-confirm', owner.password);
    await page.click('form.owner-form button[type="submit"]');
    await page.waitForURL(`${baseURL}/fr/login/portail/?done=password`);
    expect(await page.textContent('.form-done')).toContain('Votre mot de passe a été modifié');
    await context.close();
  });
});
