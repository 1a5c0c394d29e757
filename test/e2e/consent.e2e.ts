/**
 * Cookie consent, analytics after consent, the layout's moving parts and print,
 * tried as a new visitor in Chromium. Third-party hosts never see a request: tracker IDs are
 * written into the served site bundle by interception, and the providers' scripts are stubs.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowser, presetConsent, scrollAndSettle, watchConsole } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
const browser = useBrowser({ askConsent: true });

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
});

const FLAGS = ['consent_ad_user_data', 'consent_ad_storage', 'consent_analytics_storage', 'consent_ad_personalization'];
const IDS = { analyticsId: 'G-E2ETEST', adsId: '', tagManagerId: 'GTM-E2E1', facebookPixel: '123456789' };

async function stored(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), ['consent', ...FLAGS]);
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

async function dialogOpen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
}

/** The dialog opens right after hydration, once its effect has read the stored choice (it marks that). */
async function settled(page: Page): Promise<void> {
  await hydrated(page);
  await page.waitForSelector('dialog.consent[data-checked="true"]', { state: 'attached' });
}

/**
 * A context where the site has tracker IDs (the demo has none): the IDs are written into the
 * bundle the server sends, every other host is cut off, and the providers' scripts are stubs.
 */
async function trackedContext(options: { viewport?: { width: number; height: number } } = {}): Promise<{ context: BrowserContext; thirdParty: string[] }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  const thirdParty: string[] = [];
  const local = new URL(baseURL).host;
  await context.route(
    (url) => url.host !== local,
    (route) => {
      thirdParty.push(route.request().url());
      const url = new URL(route.request().url());
      if (url.host === 'www.googletagmanager.com' || url.host === 'connect.facebook.net') {
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: `window.__loaded = (window.__loaded || []).concat(${JSON.stringify(url.pathname)});` });
      }
      return route.abort();
    },
  );
  await context.route(
    (url) => url.host === local && (url.pathname.startsWith('/api/site/') || (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/static/') && !url.pathname.startsWith('/media/'))),
    async (route) => {
      const response = await route.fetch();
      const type = response.headers()['content-type'] ?? '';
      if (!/html|json/.test(type)) return route.fulfill({ response });
      let body = await response.text();
      for (const [key, value] of Object.entries(IDS)) body = body.replace(new RegExp(`(["']?${key}["']?\\s*:\\s*)(["'])\\2`, 'g'), `$1"${value}"`);
      return route.fulfill({ response, body });
    },
  );
  return { context, thirdParty };
}

function nonceOf(csp: string | undefined): string {
  return /'nonce-([^']+)'/.exec(csp ?? '')?.[1] ?? '';
}

/** window.dataLayer with gtag's `arguments` entries as arrays. */
async function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window.dataLayer ?? []).map((entry) => (Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry)));
}

function pageViews(layer: unknown[]): Record<string, string>[] {
  return layer.filter((e): e is [string, string, Record<string, string>] => Array.isArray(e) && e[0] === 'event' && e[1] === 'page_view').map((e) => e[2]);
}

describe('the cookie dialog', () => {
  it('shows on a first visit as an accessible modal, without shifting the page', async () => {
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1366, height: 900 }],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${baseURL}/fr/`);
      // Server-rendered closed: in the HTML, taking no room, before any script runs.
      const ssr = await page.evaluate(() => {
        const d = document.querySelector('dialog.consent');
        return d ? { open: d.hasAttribute('open'), heading: d.querySelector('h2')?.textContent } : null;
      });
      expect(ssr?.heading).toBeTruthy();
      await hydrated(page);
      await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
      expect(await page.evaluate(() => document.querySelector('dialog.consent')?.matches(':modal'))).toBe(true);
      // Opening it moved nothing, and the largest paint is the page's, not the dialog's.
      const vitals = await page.evaluate(
        () =>
          new Promise<{ cls: number; lcpInDialog: boolean }>((resolve) => {
            let cls = 0;
            let lcp: Element | null = null;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) if ('value' in e && typeof e.value === 'number') cls += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) if ('element' in e && e.element instanceof Element) lcp = e.element;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve({ cls, lcpInDialog: lcp?.closest('dialog') != null }), 200);
          }),
      );
      expect(vitals.cls).toBeLessThan(0.1);
      expect(vitals.lcpInDialog).toBe(false);
      expect(await page.evaluate(() => document.querySelector('dialog.consent')?.contains(document.activeElement))).toBe(true);
      const labelled = await page.evaluate(() => {
        const d = document.querySelector('dialog.consent');
        return document.getElementById(d?.getAttribute('aria-labelledby') ?? '')?.textContent;
      });
      expect(labelled).toBe('Nous utilisons des cookies');
      await page.screenshot({ path: `test-results/consent-${name}.png` });
      await page.getByRole('button', { name: /Paramètres/ }).click();
      expect(await page.locator('dialog.consent input[type=checkbox]').count()).toBe(5);
      await page.screenshot({ path: `test-results/consent-settings-${name}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('has no serious or critical axe violation, in both views', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
    for (const step of ['simple', 'settings']) {
      if (step === 'settings') await page.click('dialog.consent button:has-text("Settings")');
      expect((await seriousViolations(page, { include: 'dialog.consent' })).map((v) => `${step} ${v}`)).toEqual([]);
    }
    await context.close();
  });

  it("'Agree all' stores consent and the four flags; a reload shows no dialog; ?setcookies brings it back", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/`);
    await hydrated(page);
    await page.click('dialog.consent button:has-text("Tout accepter")');
    expect(await dialogOpen(page)).toBe(false);
    expect(await stored(page)).toEqual({ consent: 'set', consent_ad_user_data: 'true', consent_ad_storage: 'true', consent_analytics_storage: 'true', consent_ad_personalization: 'true' });
    await page.reload();
    await settled(page);
    expect(await dialogOpen(page)).toBe(false);
    await page.goto(`${baseURL}/fr/a-vendre/?setcookies`);
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
    expect(await stored(page)).toEqual({ consent: null, consent_ad_user_data: null, consent_ad_storage: null, consent_analytics_storage: null, consent_ad_personalization: null });
    await context.close();
  });

  it("'Agree partly' saves the toggles; the necessary one is always on; the footer link reopens the settings", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    await page.click('dialog.consent button:has-text("Settings")');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent-analytics_storage');
    const necessary = page.locator('#consent-necessary');
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    await page.check('#consent-analytics_storage');
    await page.click('dialog.consent button:has-text("Save my choices")');
    expect(await dialogOpen(page)).toBe(false);
    expect(await stored(page)).toEqual({ consent: 'set', consent_ad_user_data: 'false', consent_ad_storage: 'false', consent_analytics_storage: 'true', consent_ad_personalization: 'false' });
    await page.click('footer button:has-text("Cookie settings")');
    expect(await dialogOpen(page)).toBe(true);
    expect(await page.locator('#consent-analytics_storage').isChecked()).toBe(true);
    expect(await page.locator('#consent-ad_storage').isChecked()).toBe(false);
    await context.close();
  });

  it('Escape closes it without accepting anything', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/nl/`);
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
    await page.keyboard.press('Escape');
    expect(await dialogOpen(page)).toBe(false);
    expect((await stored(page)).consent).toBeNull();
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
    await context.close();
  });

  it('does not show on a preview (a path with a preview segment), and does on a page whose name merely contains the word', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/preview/a-vendre/`);
    await settled(page);
    expect(await dialogOpen(page)).toBe(false);
    await page.goto(`${baseURL}/fr/preview-page/`);
    await settled(page);
    expect(await dialogOpen(page)).toBe(true);
    await context.close();
  });
});

describe('trackers after consent', () => {
  it("'Decline' stores the four flags as 'false' and adds no tracker script, even with IDs set", async () => {
    const { context, thirdParty } = await trackedContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/`);
    await hydrated(page);
    await page.click('dialog.consent button:has-text("Refuser")');
    expect(await stored(page)).toEqual({ consent: 'set', consent_ad_user_data: 'false', consent_ad_storage: 'false', consent_analytics_storage: 'false', consent_ad_personalization: 'false' });
    await page.click('header nav .menu a[href="/fr/a-vendre/"]');
    await page.waitForURL(`${baseURL}/fr/a-vendre/`);
    // The navigation's page view is the event that follows every tracker decision.
    await page.waitForFunction(
      () =>
        (window.dataLayer ?? []).filter((e) => Object.prototype.toString.call(e) === '[object Arguments]' && (e as ArrayLike<unknown>)[0] === 'event' && (e as ArrayLike<unknown>)[1] === 'page_view')
          .length >= 2,
    );
    expect(await page.locator('script[data-tracker]').count()).toBe(0);
    expect(thirdParty).toEqual([]);
    // Consent mode still says no to everything.
    const layer = await dataLayer(page);
    expect(layer.filter((e) => Array.isArray(e) && e[0] === 'consent').at(-1)).toEqual([
      'consent',
      'update',
      { ad_user_data: 'denied', ad_storage: 'denied', analytics_storage: 'denied', ad_personalization: 'denied' },
    ]);
    await context.close();
  });

  it('with IDs set and consent given, the tags load with the nonce and every client-side navigation is a page view', async () => {
    const { context, thirdParty } = await trackedContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    const response = await page.goto(`${baseURL}/fr/?utm_source=e2e&utm_medium=test`);
    const nonce = nonceOf(response?.headers()['content-security-policy']);
    expect(nonce).not.toBe('');
    await hydrated(page);
    // The bundle really carries the IDs, and nothing was loaded before the choice.
    expect(thirdParty).toEqual([]);
    await page.click('dialog.consent button:has-text("Tout accepter")');
    await page.waitForFunction(() => (window as { __loaded?: string[] }).__loaded?.length === 3);
    const scripts = await page.$$eval('script[data-tracker]', (list) =>
      list.map((s) => ({ kind: (s as HTMLScriptElement).dataset.tracker, src: (s as HTMLScriptElement).src, nonce: (s as HTMLScriptElement).nonce })),
    );
    expect(scripts).toEqual([
      { kind: 'tag-manager', src: 'https://www.googletagmanager.com/gtm.js?id=GTM-E2E1', nonce },
      { kind: 'gtag', src: 'https://www.googletagmanager.com/gtag/js?id=G-E2ETEST', nonce },
      { kind: 'pixel', src: 'https://connect.facebook.net/en_US/fbevents.js', nonce },
    ]);
    expect(thirdParty.sort()).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://www.googletagmanager.com/gtag/js?id=G-E2ETEST',
      'https://www.googletagmanager.com/gtm.js?id=GTM-E2E1',
    ]);

    let layer = await dataLayer(page);
    expect(layer[0]).toEqual(['consent', 'default', { ad_user_data: 'denied', ad_storage: 'denied', analytics_storage: 'denied', ad_personalization: 'denied', wait_for_update: 500 }]);
    expect(layer).toContainEqual(['consent', 'update', { ad_user_data: 'granted', ad_storage: 'granted', analytics_storage: 'granted', ad_personalization: 'granted' }]);
    expect(layer).toContainEqual(['config', 'G-E2ETEST', { send_page_view: false }]);

    const home = `${baseURL}/fr/?utm_source=e2e&utm_medium=test`;
    await page.click('header nav .menu a[href="/fr/a-vendre/"]');
    await page.waitForURL(`${baseURL}/fr/a-vendre/`);
    await page.waitForFunction(() => /vendre/i.test(document.querySelector('h1')?.textContent ?? ''));
    await page.click('header nav .menu a[href="/fr/notre-equipe/"]');
    await page.waitForURL(`${baseURL}/fr/notre-equipe/`);
    await page.waitForFunction(() => (window.dataLayer ?? []).filter((e) => Object.prototype.toString.call(e) === '[object Arguments]' && (e as ArrayLike<unknown>)[1] === 'page_view').length >= 3);
    layer = await dataLayer(page);
    // One view per page: the landing page is counted once, when the choice is made.
    expect(pageViews(layer)).toEqual([
      { page_location: home, page_referrer: '' },
      { page_location: `${baseURL}/fr/a-vendre/?utm_source=e2e&utm_medium=test`, page_referrer: home },
      { page_location: `${baseURL}/fr/notre-equipe/?utm_source=e2e&utm_medium=test`, page_referrer: `${baseURL}/fr/a-vendre/` },
    ]);
    expect(await page.evaluate(() => sessionStorage.getItem('utm_parameters'))).toBe('utm_source=e2e&utm_medium=test');
    // The pixel function is called for each page view after it exists.
    const pixel = await page.evaluate(() => (window.fbq?.queue ?? []).map((args) => args.slice(0, 2)));
    expect(pixel).toEqual([
      ['init', '123456789'],
      ['track', 'PageView'],
      ['track', 'PageView'],
      ['track', 'PageView'],
    ]);

    // A returning visitor: the tags load at once from the stored choice, no dialog.
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await settled(page);
    expect(await dialogOpen(page)).toBe(false);
    expect(await page.locator('script[data-tracker]').count()).toBe(3);
    expect(pageViews(await dataLayer(page))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('analytics only: the analytics tags, not the pixel', async () => {
    const { context } = await trackedContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/`);
    await hydrated(page);
    await page.click('dialog.consent button:has-text("Paramètres")');
    await page.check('#consent-analytics_storage');
    await page.click('dialog.consent button:has-text("Enregistrer")');
    await page.waitForFunction(() => document.querySelectorAll('script[data-tracker]').length === 2);
    expect(await page.$$eval('script[data-tracker]', (list) => list.map((s) => (s as HTMLScriptElement).dataset.tracker))).toEqual(['tag-manager', 'gtag']);
    expect(await page.evaluate(() => typeof window.fbq)).toBe('undefined');
    await context.close();
  });
});

describe("the layout's moving parts", () => {
  it('header fixed past 30 px, back-to-top from 10 px and back up in about 500 ms', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(presetConsent);
    const page = await context.newPage();
    try {
      await page.goto(`${baseURL}/fr/a-vendre/`);
      await hydrated(page);
      expect(await page.getAttribute('.back-to-top', 'aria-hidden')).toBe('true');
      await scrollAndSettle(page, 9);
      expect(await page.getAttribute('.back-to-top', 'class')).not.toContain('visible');
      await page.evaluate(() => window.scrollTo(0, 10));
      await page.waitForSelector('.back-to-top--visible');
      expect(await page.getAttribute('header.header', 'class')).not.toContain('header--fixed');
      await page.evaluate(() => window.scrollTo(0, 31));
      await page.waitForSelector('header.header--fixed');
      await scrollAndSettle(page, 1200);
      expect(await page.evaluate(() => Math.round(document.querySelector('header.header')?.getBoundingClientRect().top ?? -1))).toBe(0);
      const t0 = Date.now();
      await page.click('.back-to-top');
      await page.waitForFunction(() => window.scrollY === 0);
      const took = Date.now() - t0;
      expect(took).toBeGreaterThan(300);
      expect(took).toBeLessThan(1500);
      await page.waitForSelector('.back-to-top:not(.back-to-top--visible)');
    } finally {
      await context.close();
    }
  });

  it('back-to-top is instant with prefers-reduced-motion', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await context.addInitScript(presetConsent);
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForSelector('.back-to-top--visible');
    await page.click('.back-to-top');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('device class: both readings on <html>, updated on resize', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.addInitScript(presetConsent);
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/`);
    await hydrated(page);
    const read = () => page.evaluate(() => [document.documentElement.dataset.device, document.documentElement.dataset.helperDevice]);
    expect(await read()).toEqual(['desktop', 'desktop']);
    for (const [width, expected] of [
      [1000, ['tablet', 'desktop']],
      [800, ['tablet', 'tablet']],
      [767, ['tablet', 'mobile']],
      [390, ['mobile', 'mobile']],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((want) => document.documentElement.dataset.device === want[0] && document.documentElement.dataset.helperDevice === want[1], expected);
    }
    await context.close();
  });

  it('the footer images load when the footer comes within 100 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(presetConsent);
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await hydrated(page);
    expect(await page.getAttribute('footer.footer', 'data-loaded')).toBe('false');
    expect(await page.locator('footer img').count()).toBe(0);
    // 150 px above the footer: not yet; 90 px above: within the 100 px offset.
    const footerTop = await page.evaluate(() => (document.querySelector('footer.footer')?.getBoundingClientRect().top ?? 0) + window.scrollY);
    await scrollAndSettle(page, await page.evaluate((y) => y - window.innerHeight - 150, footerTop));
    expect(await page.getAttribute('footer.footer', 'data-loaded')).toBe('false');
    await page.evaluate((y) => window.scrollTo(0, y - window.innerHeight - 90), footerTop);
    await page.waitForSelector('footer.footer[data-loaded="true"]');
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('footer img')].some((img) => img.complete && img.naturalWidth > 0));
    await context.close();
  });

  it('the photo slider pauses on hover and focus', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(presetConsent);
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-vendre/`);
    const href = await page.getAttribute('.card a.card__link', 'href');
    await page.goto(`${baseURL}${href}`);
    await hydrated(page);
    await page.mouse.move(0, 0);
    await page.click('.gallery__controls button[aria-pressed]');
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.waitForSelector('.gallery[data-state="playing"]');
    await page.hover('.gallery__viewport');
    await page.waitForSelector('.gallery[data-state="hovered"]');
    await page.mouse.move(0, 0);
    await page.waitForSelector('.gallery[data-state="playing"]');
    await page.focus('.gallery__arrow--next');
    await page.waitForSelector('.gallery[data-state="focused"]');
    await context.close();
  });

  it('print hides navigation, footer, back-to-top and the cookie dialog', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/fr/a-vendre/`);
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog.consent')?.open === true);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForSelector('.back-to-top--visible');
    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(() =>
      ['.header__nav', '.header__tools', '.topbar', 'footer.footer', '.back-to-top', 'dialog.consent', '#drawer'].filter((s) => {
        const el = document.querySelector(s);
        return el !== null && getComputedStyle(el).display !== 'none';
      }),
    );
    expect(shown).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main') as Element).display)).not.toBe('none');
    await page.pdf({ path: 'test-results/print-list.pdf' });
    await context.close();
  });
});
