/**
 * A buyer's alert as a person uses it, against the site as `npm start` runs it: saved on a
 * list page in Chromium, confirmed from the mail the site sent (its link token read from the
 * database: the delivery log keeps mails with their tokens redacted), a CRM sync with a new
 * listing and a price drop (`npm run crm:sync`), the alert mail that follows (`npm run
 * mail list`), and one click to unsubscribe, after which nothing more arrives.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { useBrowser, watchConsole } from './browser.ts';
import fr from '../../content/demo/translations/fr.json';
import { database } from './local-db.ts';

const baseURL = inject('baseURL');
const STATE = process.env.E2E_STATE ?? '.wrangler/e2e-state';
const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-sync-'));
const demo: Record<string, unknown>[] = JSON.parse(readFileSync('content/demo/properties.json', 'utf8'));
const browser = useBrowser();

interface Logged {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function mails(to: string): Logged[] {
  return JSON.parse(execFileSync('node', ['scripts/mail.ts', '--local', '--persist-to', STATE, 'list', '--to', to, '--json'], { encoding: 'utf8' }));
}

async function waitForMail(to: string, count: number): Promise<Logged[]> {
  for (let i = 0; i < 60; i++) {
    let found: Logged[] = [];
    try {
      found = mails(to);
    } catch (error) {
      // Locally the command and the running site share one SQLite file: while the site writes
      // (a publish's warming renders), a read may find it locked. Asked again, like every other poll.
      if (!/database is locked|SQLITE_BUSY/.test(String(error))) throw error;
    }
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no mail #${count} for ${to}`);
}

function sync(records: Record<string, unknown>[]): { added: number[]; changed: number[]; priceDrops: number[]; removed: number[]; alerts: number } {
  const file = path.join(dir, `export-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(records));
  return JSON.parse(execFileSync('node', ['scripts/crm-sync.ts', '--local', '--persist-to', STATE, '--file', file, '--site', baseURL, '--json'], { encoding: 'utf8' }));
}

/** A house for sale in Namur, new to the catalogue. */
function newHouse(id: number): Record<string, unknown> {
  const base = structuredClone(demo.find((p) => p.ID === 2041) as Record<string, unknown>);
  return { ...base, ID: id, RecordFile: `VI-${id}`, Price: 310_000, City: 'Namur', Zip: '5000' };
}

afterAll(async () => {
  // The other browser tests read the demo as published: the export goes back to it.
  sync(demo);
});

describe('a saved search', () => {
  it('saved on a list page, confirmed, mailed after a sync, and ended with one click', async () => {
    const email = `buyer.${Date.now()}@example.be`;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${baseURL}/fr/a-vendre/?type=1&max=400000`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.click('.save-search__summary');
    await page.fill('#save-search-email', email);
    // Without consent: the localized message, nothing saved.
    await page.click('form[data-form="save-search"] button[type="submit"]');
    await page.waitForSelector('form[data-form="save-search"] .error-summary');
    expect(await page.textContent('form[data-form="save-search"] .error-summary')).toContain(fr.ALERT_CONSENT_REQUIRED);
    await page.check('form[data-form="save-search"] input[name="consent"]');
    await page.click('form[data-form="save-search"] button[type="submit"]');
    await page.waitForSelector('.save-search .form-done');

    // The confirmation: only a button on the page behind the link turns the alert on.
    const [confirmation] = await waitForMail(email, 1);
    expect(confirmation?.subject).toContain(fr.ALERT_CONFIRM_SUBJECT);
    expect(confirmation?.text).toContain('À vendre · Maisons · jusqu’à € 400.000');
    // The log keeps the mail without its secret; the link the buyer got carries the one in the database.
    expect(confirmation?.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/alerts\/confirm\/\[redacted\]\//);
    const db = database();
    const confirmToken = String(db.prepare('SELECT confirm_token FROM alerts WHERE email = ?').get(email.toLowerCase())?.confirm_token ?? '');
    db.close();
    await page.goto(`${baseURL}/alerts/confirm/${confirmToken}/`);
    await page.click(`button:has-text("${fr.ALERT_CONFIRM_BUTTON}")`);
    await page.waitForSelector(`h1:has-text("${fr.ALERT_ACTIVE_TITLE}")`);

    // A sync with one new listing and one price drop.
    const summary = sync([...demo.map((p) => (p.ID === 2071 ? { ...p, Price: 360_000 } : p)), newHouse(9301)]);
    expect(summary).toMatchObject({ added: [9301], priceDrops: [2071], removed: [] });
    expect(summary.alerts).toBeGreaterThanOrEqual(1);
    const [alert] = await waitForMail(email, 2);
    expect(alert?.subject).toContain('2 biens pour votre alerte');
    expect(alert?.text).toContain('/fr/a-vendre/namur/maison-3-facades/9301/');
    expect(alert?.text).toContain('Prix réduit de 5 %');
    expect(alert?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The card of the dropped price says so.
    await page.goto(`${baseURL}/fr/a-vendre/?type=1&max=400000`);
    expect(await page.locator('.card', { hasText: 'VI-2071' }).textContent()).toContain('Prix réduit de 5 %');

    // One click, as a mail client does it (RFC 8058), then nothing more arrives.
    expect(alert?.headers['List-Unsubscribe']).toMatch(/\/alerts\/unsubscribe\/\[redacted\]\/>$/);
    const tokens = database();
    const unsubscribe = `${baseURL}/alerts/unsubscribe/${String(tokens.prepare('SELECT token FROM alerts WHERE email = ?').get(email.toLowerCase())?.token ?? '')}/`;
    tokens.close();
    const oneClick = await fetch(unsubscribe, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    const after = sync([...demo, newHouse(9301), newHouse(9302)]);
    expect(after.added).toEqual([9302]);
    await new Promise((r) => setTimeout(r, 3000));
    expect(mails(email)).toHaveLength(2);
    expect(problems).toEqual([]);
    await context.close();
  });
});
