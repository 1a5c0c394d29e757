/**
 * Two agencies served by one `npm start`: the demo agency on 127.0.0.1 and Ourthe & Famenne
 * Immo on agence-b.localhost, as a visitor, an owner and the operator meet them.
 */
import { describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { shot, useBrowser } from './browser.ts';
import { seriousViolations } from './axe.ts';
import { DEMO_OWNER, DEMO_OWNER_B } from '../../scripts/lib/seed-owners.ts';

const baseURL = inject('baseURL');
const port = new URL(baseURL).port;
const agencyB = `http://agence-b.localhost:${port}`;
const STATE = process.env.E2E_STATE ?? '.wrangler/e2e-state';
const browser = useBrowser();

/** What `npm run leads` shows the operator, for the home agency or for one named with --agency. */
function leadsCsv(agency?: string): string {
  return execFileSync('node', ['scripts/leads.ts', '--local', '--persist-to', STATE, '--csv', ...(agency ? ['--agency', agency] : [])], { encoding: 'utf8' });
}

describe('a second agency on the same deployment', () => {
  it('is its own site: its name, logo, listings and languages, and passes axe at 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${agencyB}/fr/`);
    await expect(page.title()).resolves.toContain('Ourthe & Famenne Immo');
    expect(await page.locator('header img').first().getAttribute('src')).toBe('/static/agence-b-logo.svg');
    const body = await page.locator('body').innerText();
    expect(body).not.toContain('Meuse & Ardenne');
    // French and Dutch only: no way to an English or German page.
    expect(await page.locator('a[href^="/en/"], a[href^="/de/"]').count()).toBe(0);
    await page.screenshot({ path: shot('agence-b-home-390.png'), fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${agencyB}/fr/a-vendre/`);
    const cities = await page.locator('article').allInnerTexts();
    expect(cities.join(' ')).toMatch(/Durbuy|Barvaux/);
    expect(cities.join(' ')).not.toMatch(/Namur|Dinant|Charleroi/);
    await page.screenshot({ path: shot('agence-b-sale-390.png'), fullPage: false });
    await context.close();
  });

  it('links to nothing of its own that is missing: every page of its sitemap and every link on them', async () => {
    // Node's resolver knows no *.localhost: the browser fetches, as a visitor's would.
    const page = await browser.newPage();
    await page.goto(`${agencyB}/fr/`);
    const broken = await page.evaluate(async () => {
      const sitemap = await (await fetch('/sitemap.xml')).text();
      const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
      const links = new Set<string>(pages);
      for (const path of pages) {
        const html = await (await fetch(path)).text();
        for (const m of html.matchAll(/(?:href|src)="(\/[^"#]*)"/g)) if (!m[1]?.startsWith('//')) links.add((m[1] ?? '').replaceAll('&amp;', '&'));
      }
      const bad: string[] = [];
      for (const link of links) {
        // A redirect (a menu item that leads to another site) is an answer; where it leads is that site's.
        const answer = await fetch(link, { redirect: 'manual' }).catch((error: unknown) => String(error));
        if (typeof answer === 'string') bad.push(`${answer} ${link}`);
        else if (answer.type !== 'opaqueredirect' && answer.status >= 400) bad.push(`${answer.status} ${link}`);
      }
      return { pages: pages.length, links: links.size, bad };
    });
    expect(broken.pages).toBeGreaterThan(10);
    expect(broken.bad).toEqual([]);
    await page.close();
  }, 240_000);

  it('refuses a host no agency has', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`http://unknown-agency.localhost:${port}/fr/`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('body').innerText()).toBe('Not found');
    await page.close();
  });

  it("keeps a visitor's request to the agency it was sent to: the other agency's operator never sees it", async () => {
    const page = await browser.newPage();
    const email = `isolde.${Date.now()}@example.be`;
    await page.goto(`${agencyB}/fr/contact/`);
    await page.selectOption('#site-contact-title', 'ms');
    await page.fill('#site-contact-firstName', 'Isolde');
    await page.fill('#site-contact-lastName', 'Martin');
    await page.fill('#site-contact-email', email);
    await page.fill('#site-contact-phone', '0475 12 34 56');
    await page.click('form[data-form="site-contact"] button[type="submit"]');
    await page.waitForURL(`${agencyB}/fr/merci/site-contact/`);
    await page.close();
    expect(leadsCsv('agence-b')).toContain(email);
    expect(leadsCsv()).not.toContain(email);
  });

  it("lets each agency's owner in on their own agency only", async () => {
    const page = await browser.newPage();
    const login = async (origin: string, owner: { email: string; password: string }) => {
      await page.goto(`${origin}/fr/login/`);
      await page.fill('input[name="username"]', owner.email);
      await page.fill('input[name="password"]', owner.password);
      await page.click('form[action="/fr/login/"] button[type="submit"]');
      await page.waitForLoadState('load');
      return new URL(page.url()).pathname;
    };
    expect(await login(agencyB, DEMO_OWNER_B)).toBe('/fr/login/portail/');
    await page.screenshot({ path: shot('agence-b-portal.png') });
    await page.context().clearCookies();
    expect(await login(agencyB, DEMO_OWNER)).toBe('/fr/login/');
    await page.close();
  });
});
