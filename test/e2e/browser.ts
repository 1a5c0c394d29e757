/** Debian's Chromium driven by playwright-core, with the flags this closed network needs. */
import { chromium, type Browser, type Page } from 'playwright-core';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
}

/** Collects what a page reports that a visitor would never want: errors and hydration warnings. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  return problems;
}
