/**
 * Every kind of mail as a mail client draws it: one sample of each, built by the outbox's
 * own functions from the demo content, opened in Chromium at a phone's width (375 px) and a
 * desktop reading pane's (640 px), in French and Dutch, its photos from the running site.
 * Screenshots go to docs/screenshots/mails/ for the record (`npm run screenshots`).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mkdir } from 'node:fs/promises';
import { useBrowser, shot } from './browser.ts';
import { loadContent } from '../../content/load.ts';
import { compileContent } from '../../content/compile.ts';
import { MAIL_KIND_NAMES, mailSamples, type CompiledEntries } from '../../scripts/lib/mail-samples.ts';

const baseURL = inject('baseURL');
const SHOTS = shot('mails');
const browser = useBrowser();
let entries: CompiledEntries;

beforeAll(async () => {
  const loaded = await loadContent('content/demo');
  if (!loaded.ok) throw new Error('demo content is invalid');
  entries = compileContent(loaded.content);
  await mkdir(SHOTS, { recursive: true });
});

describe.each(['fr', 'nl'] as const)('mails in %s', (lang) => {
  it.each([375, 640])('every kind fits %d px: no sideways scroll, photos loaded, nothing cut', async (width) => {
    const samples = mailSamples(entries, lang, baseURL);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const kind of MAIL_KIND_NAMES) {
      await page.setContent(samples[kind].html, { waitUntil: 'load' });
      const check = await page.evaluate(() => ({
        wide: document.documentElement.scrollWidth > window.innerWidth,
        broken: [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
      }));
      expect(check.wide, `${kind} scrolls sideways`).toBe(false);
      expect(check.broken, kind).toEqual([]);
      // The digest's ten photos would make a page of several megabytes: its first screen says enough.
      await page.screenshot({ path: `${SHOTS}/${kind}-${lang}-${width}.png`, fullPage: kind !== 'alert-digest' });
    }
    await context.close();
  });
});
