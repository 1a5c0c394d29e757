/**
 * Forms below the fold load their code (the form chunk with zod) only when the visitor
 * comes near them or turns to them (client/lib/island.ts): none of it on first load, the
 * server's form meanwhile, nothing typed lost, a submit before the code arrives held and
 * then validated in the page, and the plain post when the code cannot load at all. The
 * property page's media (virtual tour, video) come the same way; a click on its button made
 * before the code arrives is not lost. The screen itself follows the frame, and a property's
 * facts table loads code only to draw another property.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, watchConsole } from './browser.ts';
import fr from '../../content/demo/translations/fr.json';
import { announcedScripts } from '../../scripts/lib/first-load.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

interface Assets {
  preload: string[];
  chunks: Record<string, string[]>;
}

/** Files of the form chunk that a page of this screen does not announce: what waits for a need. */
function formOnlyFiles(screen: string): string[] {
  const assets: Assets = JSON.parse(readFileSync('dist/client-assets.json', 'utf8'));
  const announced = new Set([...assets.preload, ...(assets.chunks[screen] ?? [])]);
  return (assets.chunks.form ?? []).filter((file) => !announced.has(file));
}

/** Holds the requests for `files` until the returned function is called. */
async function holdFiles(page: Page, files: string[]): Promise<{ release: () => void; requested: string[] }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(
    (url) => files.includes(url.pathname),
    async (route) => {
      requested.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  return { release, requested };
}

async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(`${baseURL}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForLoadState('networkidle');
}

// The form's own island (the screen around it is one too).
const island = (form: string) => `[data-island]:has(> form[data-form="${form}"])`;

async function propertyPage(id: number): Promise<string> {
  const response = await fetch(`${baseURL}/property/${id}/?lng=fr`, { redirect: 'manual' });
  return new URL(response.headers.get('location') ?? '/fr/', baseURL).pathname;
}

describe('forms hydrated when needed', () => {
  it('a property page loads no form code until the visitor scrolls down to its forms', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    const formFiles = formOnlyFiles('property');
    const fetched: string[] = [];
    page.on('request', (request) => {
      const pathname = new URL(request.url()).pathname;
      if (formFiles.includes(pathname)) fetched.push(pathname);
    });
    await openHydrated(page, await propertyPage(2071));
    expect(fetched).toEqual([]);
    expect(await page.getAttribute(island('contact-me'), 'data-hydrated')).toBeNull();
    // The server's form is there and usable meanwhile.
    expect(await page.getAttribute('form[data-form="contact-me"]', 'method')).toBe('post');

    // Scrolling as a visitor does: the form's code arrives before the form is reached.
    await page.mouse.move(200, 400);
    for (let i = 0; i < 60; i++) {
      const top = await page.evaluate(() => document.querySelector('form[data-form="contact-me"]')?.getBoundingClientRect().top ?? 0);
      if (top < 844) break;
      await page.mouse.wheel(0, 400);
    }
    await page.waitForSelector(`${island('contact-me')}[data-hydrated="true"]`);
    expect(fetched.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps what the visitor typed before the code arrived, then validates in the page', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    const held = await holdFiles(page, formOnlyFiles('property'));
    await openHydrated(page, await propertyPage(2071));
    await page.focus('#contact-me-firstName');
    await page.keyboard.type('Marie');
    await page.focus('#contact-me-message');
    await page.keyboard.type('Une visite samedi ?');
    // Focusing the form asked for its code (after the screen's, which holds it); it has not arrived yet.
    await expect.poll(() => held.requested.length).toBeGreaterThan(0);
    expect(await page.getAttribute(island('contact-me'), 'data-hydrated')).toBeNull();
    held.release();
    await page.waitForSelector(`${island('contact-me')}[data-hydrated="true"]`);
    expect(await page.inputValue('#contact-me-firstName')).toBe('Marie');
    expect(await page.inputValue('#contact-me-message')).toBe('Une visite samedi ?');

    const url = page.url();
    await page.click('form[data-form="contact-me"] button[type="submit"]');
    await page.waitForSelector('form[data-form="contact-me"] .error-summary');
    const summary = (await page.textContent('form[data-form="contact-me"] .error-summary')) ?? '';
    const required = (label: string) => fr.REQUIRED_FIELD.replace('{{field}}', label);
    expect(summary).toContain(required(fr.EMAIL_ADDRESS));
    expect(summary).not.toContain(required(fr.FIRST_NAME));
    // Focus moves on the frame after the summary is drawn (script or autofocus), not at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 2_000 }).toBe('error-summary');
    expect(page.url()).toBe(url);
    expect(await page.inputValue('#contact-me-firstName')).toBe('Marie');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('holds a submit made before the code arrived, then validates it in the page', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    const held = await holdFiles(page, formOnlyFiles('home'));
    await openHydrated(page, '/fr/');
    await page.evaluate(() => Reflect.set(window, 'sameDocument', true));
    await page.click('form[data-form="sign-newsletter"] button[type="submit"]');
    // The screen's code comes first (the form lies in it), then the form's.
    await expect.poll(() => held.requested.length).toBeGreaterThan(0);
    held.release();
    await page.waitForSelector('form[data-form="sign-newsletter"] .error-summary');
    await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary') === true);
    // Validated by the page's own code: no post, no new document.
    expect(posts).toEqual([]);
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('posts the plain way when the code cannot load, and the page comes back with the errors', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const files = formOnlyFiles('home');
    await page.route(
      (url) => files.includes(url.pathname),
      (route) => route.abort(),
    );
    await openHydrated(page, '/fr/');
    await page.click('form[data-form="sign-newsletter"] button[type="submit"]');
    await page.waitForSelector('form[data-form="sign-newsletter"] .error-summary');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // The answer is the home page with the errors, and the router hydrates it as the home page.
    expect(new URL(page.url()).pathname).toBe('/fr/');
    expect(await page.textContent('h1')).not.toMatch(/introuvable/i);
    await page.close();
  });
});

describe('property page parts hydrated when needed', () => {
  it('a click on the virtual tour before its code arrived opens the tour once it has', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(
      (url) => url.pathname.includes('/PropertyMedia.'),
      async (route) => {
        held.push(route.request().url());
        await released;
        await route.continue();
      },
    );
    await openHydrated(page, await propertyPage(2071));
    expect(held).toEqual([]);
    await page.click('button.media-button');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.locator('.media-frame').count()).toBe(0);
    release();
    await page.waitForSelector('iframe.media-frame, video.media-frame');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the first load announces only the frame; the screen comes when a part of it that draws itself comes in view; the facts table never loads code until another property is drawn', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const path = await propertyPage(2071);
    const html = await (await fetch(`${baseURL}${path}`, { headers: { 'User-Agent': 'Mozilla/5.0 e2e' } })).text();
    const announced = announcedScripts(html);
    // React, the router and the frame: the property screen is not among them.
    expect(announced.length).toBeGreaterThan(0);
    expect(announced.some((file) => file.includes('PropertyScreen'))).toBe(false);
    await openHydrated(page, path);
    // Reading the top of the page needs no screen code: it waits for the visitor.
    await page.waitForTimeout(800);
    expect(scripts.filter((file) => file.includes('/PropertyScreen.'))).toEqual([]);
    // The map further down draws itself once in view: the screen around it comes for it (a form in view would not bring it).
    await page.locator('.property-map__canvas').first().scrollIntoViewIfNeeded();
    await expect.poll(() => scripts.some((file) => file.includes('/PropertyScreen.'))).toBe(true);
    await page.waitForTimeout(800);
    expect(scripts.filter((file) => file.includes('/PropertyFactGroups.'))).toEqual([]);
    const factsBefore = await page.locator('.facts-group').allTextContents();
    expect(factsBefore.length).toBeGreaterThan(2);

    // A similar property, by the router: its facts are drawn with its own data, not the first one's.
    const link = page.locator('.similar a').first();
    const next = (await link.getAttribute('href')) ?? '';
    await page.evaluate(() => Reflect.set(window, 'sameDocument', true));
    await link.click();
    await page.waitForURL(`**${next}`);
    // The page went on in place.
    expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
    // Drawn anew, not merely gone: the facts' code may still be on its way.
    await page.waitForFunction((before) => {
      const first = document.querySelector('.facts-group');
      return first !== null && first.textContent !== before;
    }, factsBefore[0]);
    const served = await (await fetch(`${baseURL}${next}`, { headers: { 'User-Agent': 'Mozilla/5.0 e2e' } })).text();
    const factsServed = [...served.matchAll(/<section aria-labelledby="group-[^"]+" class="facts-group">([\s\S]*?)<\/section>/g)].length;
    expect(await page.locator('.facts-group').count()).toBe(factsServed);
    expect(scripts.some((file) => file.includes('/PropertyFactGroups.'))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
