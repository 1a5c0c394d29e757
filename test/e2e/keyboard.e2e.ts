/**
 * Keyboard-only journeys (WCAG 2.1.1, 2.4.3, 2.4.7): the menu on desktop and in the phone
 * drawer, the list filters and sort, the gallery, the cookie dialog and a form, with only
 * Tab, Shift+Tab, Enter, Space, Escape and the arrow keys, and a visible focus ring each step.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const consentBrowser = useBrowser({ askConsent: true });

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseURL}${path}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** What has focus and whether a visitor can see it: an outline or a box-shadow ring. */
async function focused(page: Page): Promise<{ selector: string; visible: boolean; matches: (css: string) => Promise<boolean> }> {
  const info = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { selector: 'body', visible: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      selector: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
      visible: outline || shadow,
    };
  });
  return { ...info, matches: (css) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, css) };
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, checking on the way that each
 * focused element shows a focus indicator. Returns the elements that showed none.
 */
async function tabTo(page: Page, css: string, options: { back?: boolean; max?: number; unseen?: string[] } = {}): Promise<void> {
  for (let i = 0; i < (options.max ?? 80); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (!now.visible && now.selector !== 'body') options.unseen?.push(now.selector);
    if (await now.matches(css)) return;
  }
  throw new Error(`Tab never reached ${css}`);
}

describe('keyboard only', () => {
  it('desktop menu: a sub-page reached from the main menu', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, '/fr/');
    const unseen: string[] = [];
    await tabTo(page, '.header__nav .menu .submenu a', { unseen });
    // The submenu shows while focus is inside its item.
    expect(await page.locator('.header__nav .menu .submenu a:focus').isVisible()).toBe(true);
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}${href}`);
    expect(unseen).toEqual([]);
    await page.close();
  });

  it('phone drawer: opened with Enter, a sub-page reached, Escape closes and focus returns', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(page, '/nl/');
    const unseen: string[] = [];
    await tabTo(page, '.header__burger', { unseen });
    await page.keyboard.press('Enter');
    await page.waitForSelector('#drawer.drawer--open');
    expect(await (await focused(page)).matches('#drawer .drawer__close')).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#drawer', { state: 'hidden' });
    expect(await (await focused(page)).matches('.header__burger')).toBe(true);
    await page.keyboard.press('Space');
    await page.waitForSelector('#drawer.drawer--open');
    await tabTo(page, '#drawer .drawer__menu .submenu a', { unseen });
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}${href}`);
    expect(unseen).toEqual([]);
    await page.close();
  });

  it('list: a filter and the sort changed with arrow keys, then a result opened', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, '/fr/a-vendre/');
    const unseen: string[] = [];
    await tabTo(page, '#f-type', { unseen });
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(/type=/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Focus stays on the filter after the list re-renders, so the visitor carries on from there.
    expect(await (await focused(page)).matches('#f-type')).toBe(true);
    await tabTo(page, '#f-sort', { unseen });
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(/sort=/);
    await tabTo(page, '.card a.card__link', { unseen });
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}${href}`);
    await page.waitForSelector('.gallery');
    expect(unseen).toEqual([]);
    await page.close();
  });

  it('gallery: full screen opened, photos moved with arrows, closed with Escape, focus back on its button', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, '/fr/a-vendre/');
    const href = await page.getAttribute('.card a.card__link', 'href');
    await open(page, href ?? '');
    const unseen: string[] = [];
    await tabTo(page, '.gallery__controls button:last-child', { unseen });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.lightbox')?.open === true);
    const src = () => page.getAttribute('dialog.lightbox img', 'src');
    const first = await src();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((s) => document.querySelector('dialog.lightbox img')?.getAttribute('src') !== s, first);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((s) => document.querySelector('dialog.lightbox img')?.getAttribute('src') === s, first);
    await tabTo(page, 'dialog.lightbox button', { unseen, max: 5 });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.lightbox')?.open === false);
    expect(await (await focused(page)).matches('.gallery__controls button:last-child')).toBe(true);
    expect(unseen).toEqual([]);
    await page.close();
  });

  it('cookie dialog: Tab stays inside, settings chosen, a choice toggled with Space and saved', async () => {
    const page = await consentBrowser.newPage({ viewport: { width: 390, height: 844 } });
    await open(page, '/fr/');
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
    const unseen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      const now = await focused(page);
      expect(await page.evaluate(() => document.activeElement?.closest('dialog.consent') !== null), now.selector).toBe(true);
      if (!now.visible) unseen.push(now.selector);
    }
    await tabTo(page, '.consent__actions button.button--ghost', { unseen, max: 12 });
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.consent[data-view="settings"]');
    const box = await page.evaluate(() => document.activeElement?.id ?? '');
    expect(box).not.toBe('');
    expect(await page.isChecked(`#${box}`)).toBe(false);
    await page.keyboard.press('Space');
    expect(await page.isChecked(`#${box}`)).toBe(true);
    await tabTo(page, '.consent__actions button.button--ghost', { unseen, max: 12 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === false);
    expect(await page.evaluate(() => localStorage.getItem('consent'))).toBe('set');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('consent_') && localStorage.getItem(k) === 'true').length)).toBeGreaterThan(0);
    expect(unseen).toEqual([]);
    await page.close();
  });

  it('the language switcher tabbed through, then a link on the page followed: the page keeps its language', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(page, '/fr/contact/');
    await page.click('form.visitor-form button[type="submit"]');
    await page.waitForSelector('.error-summary a');
    const state = () => page.evaluate(() => [document.documentElement.lang, document.querySelector<HTMLInputElement>('form.visitor-form input[name="lang"]')?.value, location.pathname]);
    for (const lang of ['nl', 'en', 'de']) {
      // Focus on another language's link preloads that page; the summary's link is followed while it loads.
      await page.evaluate((other) => {
        document.querySelector<HTMLElement>(`.langs a[hreflang="${other}"]`)?.focus();
        document.querySelector<HTMLElement>('.error-summary a')?.click();
      }, lang);
      await page.waitForFunction(() => location.hash === '#site-contact-title');
      await page.waitForLoadState('networkidle');
      expect(await state()).toEqual(['fr', 'fr', '/fr/contact/']);
      await page.evaluate(() => history.replaceState(history.state, '', location.pathname));
    }
    await page.close();
  });

  it('site contact form: an empty submit focuses the error summary, then filled and sent', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    // What the page sent and where it went, told when the thank-you page is not the French one.
    const trail: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') trail.push(`POST ${new URL(request.url()).pathname} ${request.postData() ?? ''}`);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) trail.push(`at ${frame.url()}`);
    });
    await open(page, '/fr/contact/');
    const unseen: string[] = [];
    await tabTo(page, 'form.visitor-form button[type="submit"]', { unseen, max: 120 });
    await page.keyboard.press('Enter');
    await page.waitForSelector('.error-summary');
    await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary') === true);
    // The summary's first link leads to its field.
    await page.keyboard.press('Tab');
    expect(await (await focused(page)).matches('.error-summary a')).toBe(true);
    await page.keyboard.press('Enter');
    // The first error is the title: chosen with the arrow keys, as a keyboard user does.
    await page.waitForFunction(() => document.activeElement?.id === 'site-contact-title' || location.hash === '#site-contact-title');
    if (!(await (await focused(page)).matches('#site-contact-title'))) await tabTo(page, '#site-contact-title', { unseen, max: 10 });
    await page.keyboard.press('ArrowDown');
    expect(await page.inputValue('#site-contact-title')).not.toBe('');
    const answers: [string, string][] = [
      ['#site-contact-firstName', 'Marie'],
      ['#site-contact-lastName', 'Dupont'],
      ['#site-contact-email', 'marie.keyboard@example.be'],
      ['#site-contact-phone', '0475 12 34 56'],
    ];
    for (const [field, text] of answers) {
      if (!(await (await focused(page)).matches(field))) await tabTo(page, field, { unseen, max: 10 });
      await page.keyboard.type(text);
    }
    await tabTo(page, 'form.visitor-form button[type="submit"]', { unseen, max: 20 });
    expect(await page.evaluate(() => [document.documentElement.lang, location.pathname])).toEqual(['fr', '/fr/contact/']);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/fr/merci/site-contact/`).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${trail.join('\n')}`);
    });
    expect(unseen).toEqual([]);
    await page.close();
  });
});
