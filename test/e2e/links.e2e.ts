/**
 * Every link of the demo site, followed from its sitemap (scripts/lib/site-links.ts, the
 * check `npm run links` runs on any site): none answers 400 or more.
 */
import { describe, expect, inject, it } from 'vitest';
import { checkSiteLinks } from '../../scripts/lib/site-links.ts';

const baseURL = inject('baseURL');

describe('links', () => {
  it('the checker sees a broken link: a page that does not exist is reported with its status', async () => {
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>');
    const { LinkChecker, LinkState } = await import('linkinator');
    const result = await new LinkChecker().check({ path: `${baseURL}/fr/page-qui-n-existe-pas/`, recurse: false });
    expect(result.links.find((l) => l.state === LinkState.BROKEN)?.status).toBe(404);
  });

  // The four languages are drawn by the same templates: the French pages, every link on them
  // and every photo once, in a quarter of the time; `npm run links` follows all of them.
  it('no French page links to anything on the site that answers 400 or more', async () => {
    const report = await checkSiteLinks(baseURL, { imageSizes: 'one', language: '/fr/' });
    console.log(`links: ${report.pages} sitemap pages, ${report.checked} checked (photos once each), ${report.skipped} not fetched (other hosts and languages), ${(report.ms / 1000).toFixed(1)} s`);
    expect(report.pages).toBeGreaterThan(100);
    expect(report.checked).toBeGreaterThan(report.pages);
    expect(report.broken).toEqual([]);
  }, 300_000);
});
