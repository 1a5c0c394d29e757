import { describe, expect, it } from 'vitest';
import type { SitemapBundle } from '../../domain/bundles.ts';
import { buildSitemap, escapeXml, lastmodOf, publishedAtOfVersion } from './sitemap.ts';

const options = { origin: 'https://x.test', defaultLang: 'fr' as const, publishedAt: '2026-11-22T06:44:12Z', today: '2026-11-22' };

const bundle: SitemapBundle = {
  entries: [
    { twins: { fr: '/fr/', nl: '/nl/' }, lastmod: null, goneOn: null, xDefault: '/' },
    { twins: { fr: '/fr/a-vendre/namur/maison/1/', nl: '/nl/te-koop/namen/huis/1/' }, lastmod: '2026-10-01T10:00:00Z', goneOn: null },
    { twins: { fr: '/fr/a-vendre/namur/maison/2/', nl: '/nl/te-koop/namen/huis/2/' }, lastmod: '2026-08-01T10:00:00Z', goneOn: '2026-11-22' },
    { twins: { fr: '/fr/a-louer/namur/flat/3/', nl: '/nl/te-huur/namen/flat/3/' }, lastmod: '2026-10-01T10:00:00Z', goneOn: '2026-11-23' },
    { twins: { fr: '/fr/etranger/' }, lastmod: null, goneOn: null },
  ],
};

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('buildSitemap', () => {
  const { root, parts } = buildSitemap(bundle, options);

  it('is one urlset with every twin once, gone listings left out, and the home x-default page', () => {
    expect(parts).toEqual([]);
    expect(root).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    expect(locs(root)).toEqual([
      'https://x.test/',
      'https://x.test/fr/',
      'https://x.test/nl/',
      'https://x.test/fr/a-vendre/namur/maison/1/',
      'https://x.test/nl/te-koop/namen/huis/1/',
      'https://x.test/fr/a-louer/namur/flat/3/',
      'https://x.test/nl/te-huur/namen/flat/3/',
      'https://x.test/fr/etranger/',
    ]);
  });

  it('gives each URL all its twins and x-default; a page without twins gets none', () => {
    const home = /<url><loc>https:\/\/x.test\/nl\/<\/loc>.*?<\/url>/.exec(root)?.[0] ?? '';
    expect(home).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://x.test/fr/"/>');
    expect(home).toContain('<xhtml:link rel="alternate" hreflang="nl" href="https://x.test/nl/"/>');
    expect(home).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://x.test/"/>');
    const detail = /<url><loc>https:\/\/x.test\/nl\/te-koop\/namen\/huis\/1\/<\/loc>.*?<\/url>/.exec(root)?.[0] ?? '';
    expect(detail).toContain('hreflang="x-default" href="https://x.test/fr/a-vendre/namur/maison/1/"');
    expect(detail).toContain('<lastmod>2026-10-01T10:00:00Z</lastmod>');
    const single = /<url><loc>https:\/\/x.test\/fr\/etranger\/<\/loc>.*?<\/url>/.exec(root)?.[0] ?? '';
    expect(single).not.toContain('xhtml:link');
    expect(single).toContain('<lastmod>2026-11-22T06:44:12Z</lastmod>');
  });

  it('becomes an index of numbered files past the limit, keeping twins together', () => {
    const big = buildSitemap(bundle, { ...options, maxUrlsPerFile: 3 });
    expect(big.root).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(big.root)).toEqual(['https://x.test/sitemap-1.xml', 'https://x.test/sitemap-2.xml', 'https://x.test/sitemap-3.xml']);
    expect(big.parts.map(locs)).toEqual([
      ['https://x.test/', 'https://x.test/fr/', 'https://x.test/nl/'],
      ['https://x.test/fr/a-vendre/namur/maison/1/', 'https://x.test/nl/te-koop/namen/huis/1/'],
      ['https://x.test/fr/a-louer/namur/flat/3/', 'https://x.test/nl/te-huur/namen/flat/3/', 'https://x.test/fr/etranger/'],
    ]);
    expect(big.parts.flatMap(locs)).toEqual(locs(root));
  });

  it('is an empty urlset for no content', () => {
    expect(buildSitemap({ entries: [] }, options)).toEqual({ root: expect.stringContaining('<urlset'), parts: [] });
  });
});

describe('lastmodOf', () => {
  it.each([
    ['2026-10-01T10:00:00Z', '2026-10-01T10:00:00Z'],
    ['2026-10-01T10:00:00.250Z', '2026-10-01T10:00:00.250Z'],
    ['2026-10-01', '2026-10-01T00:00:00Z'],
    ['2026-10-01T12:00:00+02:00', '2026-10-01T10:00:00Z'],
    ['2027-01-01T00:00:00Z', '2026-11-22T06:44:12Z'],
    ['garbage', '2026-11-22T06:44:12Z'],
    [null, '2026-11-22T06:44:12Z'],
  ])('%s → %s', (value, expected) => {
    expect(lastmodOf(value, '2026-11-22T06:44:12Z')).toBe(expected);
  });
});

describe('publishedAtOfVersion', () => {
  it.each([
    ['20261122T064412Z-1a2b3c4d', '2026-11-22T06:44:12Z'],
    ['pending', null],
    ['', null],
  ])('%s → %s', (version, expected) => {
    expect(publishedAtOfVersion(version)).toBe(expected);
  });
});

describe('escapeXml', () => {
  it.each([
    ['https://x.test/a?b=1&c=2', 'https://x.test/a?b=1&amp;c=2'],
    [`<"'>`, '&lt;&quot;&apos;&gt;'],
    ['plain', 'plain'],
  ])('%s', (input, expected) => {
    expect(escapeXml(input)).toBe(expected);
  });
});
