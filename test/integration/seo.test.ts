/**
 * The site as a crawler reads it: sitemap, robots, canonical and hreflang,
 * JSON-LD, conditional requests, crawler rendering and gone listings.
 */
import { richResultProblems } from '../fixtures/rich-results.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../content/schema.ts';
import { demoContent, publish, request } from './support.ts';

const ORIGIN = 'https://vitrine.test';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface SitemapUrl {
  loc: string;
  lastmod: string;
  alternates: Record<string, string>;
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&apos;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function parseSitemap(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    loc: decode(/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? ''),
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1] ?? '',
    alternates: Object.fromEntries([...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang = '', href = '']) => [lang, decode(href)])),
  }));
}

/** Attributes of every `<tag …>` in the HTML, names lower-cased, values decoded. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(([, attrs = '']) =>
    Object.fromEntries([...attrs.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name.toLowerCase(), decode(value)])),
  );
}

function canonicalOf(html: string): string | undefined {
  return tags(html, 'link').find((l) => l.rel === 'canonical')?.href;
}

function hreflangsOf(html: string): Record<string, string> {
  return Object.fromEntries(
    tags(html, 'link')
      .filter((l) => l.rel === 'alternate' && l.hreflang)
      .map((l) => [l.hreflang, l.href]),
  );
}

function meta(html: string, key: string): string[] {
  return tags(html, 'meta')
    .filter((m) => m.property === key || m.name === key)
    .map((m) => m.content ?? '');
}

type Node = Record<string, unknown>;

function jsonLdOf(html: string): Node[] {
  const blocks = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(([, text = '']) => text);
  expect(blocks).toHaveLength(1);
  const doc: unknown = JSON.parse(blocks[0] ?? '');
  expect(doc).toMatchObject({ '@context': 'https://schema.org' });
  const graph = (doc as { '@graph': unknown })['@graph'];
  expect(Array.isArray(graph)).toBe(true);
  return graph as Node[];
}

function nodeOf(graph: Node[], type: string): Node {
  const node = graph.find((n) => n['@type'] === type);
  expect(node, `a ${type} node`).toBeDefined();
  return node ?? {};
}

const pathOf = (url: string) => url.slice(ORIGIN.length);

beforeAll(async () => {
  await publish();
});

describe('the demo as a crawler walks it', () => {
  let urls: SitemapUrl[] = [];
  const pages = new Map<string, string>();

  beforeAll(async () => {
    const response = await request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/xml/);
    urls = parseSitemap(await response.text());
  });

  it('robots.txt names the sitemap and keeps crawlers out of thank-you pages', async () => {
    const response = await request('/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ['/fr/merci/', '/nl/bedankt/', '/en/thank-you/', '/de/danke/']) expect(text).toContain(`Disallow: ${path}\n`);
    // The owner portal lives below the login page, which stays crawlable for its noindex.
    expect(text).toContain('Allow: /fr/login/$\nAllow: /nl/login/$');
    expect(text).toContain('Disallow: /fr/login/\n');
    expect(text).not.toMatch(/Disallow: \/\n/);
  });

  it('/favicon.ico, asked by browsers for documents without an icon link and by crawlers, leads to the site icon', async () => {
    const response = await request('/favicon.ico');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/static/favicon.svg');
  });

  it('lists every language of the home, the lists, the pages, properties and projects', () => {
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of ['/', '/fr/', '/nl/', '/en/', '/de/', '/fr/a-vendre/', '/nl/te-huur/', '/fr/projets/', '/fr/declaration-de-confidentialite/']) expect(locs).toContain(`${ORIGIN}${path}`);
    expect(locs.some((l) => /\/fr\/a-vendre\/[^/]+\/[^/]+\/\d+\/$/.test(l))).toBe(true);
    expect(locs.some((l) => /\/nl\/projecten\/[^/]+\/\d+\/$/.test(l))).toBe(true);
    expect(locs.some((l) => /\/(merci|bedankt|thank-you|danke|login)\//.test(l))).toBe(false);
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('every page in it answers 200 with its own URL as canonical and the same twins as the sitemap', { timeout: 240_000 }, async () => {
    for (const url of urls) {
      const response = await request(pathOf(url.loc), { headers: { 'User-Agent': GOOGLEBOT } });
      expect(response.status, url.loc).toBe(200);
      const html = await response.text();
      pages.set(url.loc, html);
      expect(canonicalOf(html), url.loc).toBe(url.loc);
      expect(meta(html, 'robots').join(), url.loc).not.toMatch(/noindex/);
      const links = hreflangsOf(html);
      expect(links, url.loc).toEqual(url.alternates);
    }
  });

  it('hreflang links are reciprocal: every twin names this page back', () => {
    expect(pages.size).toBe(urls.length);
    for (const [loc, html] of pages) {
      const links = hreflangsOf(html);
      for (const [lang, href] of Object.entries(links)) {
        if (lang === 'x-default') continue;
        const twin = pages.get(href);
        expect(twin, `${loc} → ${href}`).toBeDefined();
        expect(Object.values(hreflangsOf(twin ?? '')), `${href} names ${loc}`).toContain(loc === `${ORIGIN}/` ? links[lang] : loc);
      }
    }
  });

  it('JSON-LD on every page meets Google’s documented rules for each type it uses', () => {
    for (const [loc, html] of pages) expect(richResultProblems(jsonLdOf(html)), loc).toEqual([]);
    // The rules find what they are for: a residence typed Product without offers of its own.
    expect(richResultProblems([{ '@type': 'Offer', itemOffered: { '@type': ['House', 'Product'], name: 'x' } }])).toEqual(['Product: one of offers, review or aggregateRating is required']);
    expect(
      richResultProblems([
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Home' },
            { '@type': 'ListItem', position: 2, name: 'x' },
          ],
        },
      ]),
    ).toEqual(['ListItem 1: item (a URL) is required']);
  });

  it('JSON-LD parses on every page; details carry agency, breadcrumbs, listing, offer, residence and photos', () => {
    let properties = 0;
    let withPhotos = 0;
    let projects = 0;
    for (const [loc, html] of pages) {
      const graph = jsonLdOf(html);
      const agency = nodeOf(graph, 'RealEstateAgent');
      expect(agency).toMatchObject({
        telephone: '+3281224567',
        address: { '@type': 'PostalAddress', postalCode: '5000', addressLocality: 'Namur', addressCountry: 'BE' },
        knowsLanguage: ['fr', 'nl', 'en', 'de'],
      });
      expect(agency.openingHoursSpecification).toHaveLength(3);
      if (/\/(a-vendre|a-louer|te-koop|te-huur|for-sale|for-rent|zu-verkaufen|zu-vermieten)\/[^/]+\/[^/]+\/\d+\/$/.test(loc)) {
        properties++;
        expect(nodeOf(graph, 'BreadcrumbList').itemListElement).toEqual(expect.arrayContaining([expect.objectContaining({ '@type': 'ListItem', position: 1 })]));
        const listing = nodeOf(graph, 'RealEstateListing');
        expect(listing.url).toBe(loc);
        // Some demo properties have no photo: then there is no image to list.
        if (Array.isArray(listing.image)) {
          withPhotos++;
          for (const image of listing.image) expect(image).toMatch(/^https:\/\/vitrine\.test\/media\//);
        }
        const offer = listing.offers as Node;
        expect(offer.businessFunction).toMatch(/^http:\/\/purl\.org\/goodrelations\/v1#(Sell|LeaseOut)$/);
        if ('price' in offer) expect(offer.priceCurrency).toBe('EUR');
        const residence = offer.itemOffered as Node;
        expect(residence.address).toMatchObject({ '@type': 'PostalAddress' });
        if (![residence['@type']].flat().includes('Place')) expect('floorSize' in residence || 'numberOfRooms' in residence, loc).toBe(true);
      }
      if (/\/(projets|projecten|projects|projekte)\/[^/]+\/\d+\/$/.test(loc)) {
        projects++;
        const offer = nodeOf(graph, 'RealEstateListing').offers as Node;
        expect(offer).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'EUR', itemOffered: { '@type': 'ApartmentComplex' } });
      }
    }
    expect(properties).toBeGreaterThan(100);
    expect(withPhotos).toBeGreaterThan(properties / 2);
    expect(projects).toBeGreaterThan(0);
  });

  it('a sale detail offers the house with price, rooms, floor size and geo', async () => {
    const loc = [...pages.keys()].find((l) => l.endsWith('/2041/') && l.includes('/fr/'));
    expect(loc).toBeDefined();
    const listing = nodeOf(jsonLdOf(pages.get(loc ?? '') ?? ''), 'RealEstateListing');
    expect(listing.offers).toMatchObject({
      price: 450000,
      priceCurrency: 'EUR',
      businessFunction: 'http://purl.org/goodrelations/v1#Sell',
      availability: 'https://schema.org/InStock',
      itemOffered: {
        '@type': 'House',
        // Label A on the Walloon scale.
        additionalProperty: { '@type': 'PropertyValue', name: 'energyEfficiencyCategory', value: 'a', description: 'https://schema.org/EUEnergyEfficiencyCategoryA' },
        address: { streetAddress: 'Rue des Carmes 66', postalCode: '5500', addressLocality: 'Dinant', addressCountry: 'BE' },
        geo: { '@type': 'GeoCoordinates', latitude: 50.25329, longitude: 4.932093 },
        numberOfBedrooms: 5,
        floorSize: { '@type': 'QuantitativeValue', value: 213, unitCode: 'MTK' },
      },
    });
  });

  it('the head has the social card, locales, and description of the page', () => {
    const loc = [...pages.keys()].find((l) => l.endsWith('/2041/') && l.includes('/fr/')) ?? '';
    const html = pages.get(loc) ?? '';
    expect(meta(html, 'og:image')[0]).toMatch(/^https:\/\/vitrine\.test\/media\/demo\/2041\/1\.jpg\?width=1200&format=jpeg$/);
    expect(meta(html, 'og:image:width')).toEqual(['1050']);
    expect(meta(html, 'og:locale')).toEqual(['fr_BE']);
    expect(meta(html, 'og:locale:alternate').sort()).toEqual(['de_BE', 'en_GB', 'nl_BE']);
    expect(meta(html, 'og:url')).toEqual([loc]);
    expect(meta(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(meta(html, 'description')[0]?.length).toBeGreaterThan(50);
    expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]).toMatch(/Immobilière Meuse &amp; Ardenne$/);
  });

  it('sends the JSON-LD once: in the head, not again in the data the page hydrates from', () => {
    for (const [loc, html] of [...pages.entries()].slice(0, 40)) {
      expect(html.match(/<script type="application\/ld\+json"/g) ?? [], loc).toHaveLength(1);
      expect(html, loc).not.toMatch(/jsonLd:/);
    }
  });

  it('crawlers get the whole document in one response, nothing left to stream', () => {
    for (const html of [...pages.values()].slice(0, 20)) {
      expect(html.trimEnd()).toMatch(/<\/html>$/);
      expect(html).not.toContain('<!--$?-->');
      expect(html).not.toContain('<template');
    }
  });
});

describe('pages that are not indexed', () => {
  it.each([
    ['a thank-you page', '/fr/merci/site-contact/'],
    ['the login', '/fr/login/'],
    ['a preview', '/fr/preview/a-vendre/'],
  ])('%s says noindex', async (_, path) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    expect(meta(await response.text(), 'robots').join()).toMatch(/noindex/);
  });

  it('an unknown property answers 404, noindex', async () => {
    const response = await request('/fr/a-vendre/namur/maison/999999/');
    expect(response.status).toBe(404);
    expect(meta(await response.text(), 'robots').join()).toMatch(/noindex/);
  });
});

describe('revalidation', () => {
  it('a page has a weak ETag; If-None-Match answers 304 with no body and no new CSP nonce', async () => {
    const first = await request('/fr/a-vendre/');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('content-security-policy')).toContain('nonce-');
    const again = await request('/fr/a-vendre/', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-security-policy')).toBeNull();
    expect(again.headers.get('cache-control')).toBe('no-cache');
  });

  it('the ETag differs by query, by negotiated language, and after a publish that changes the page, and only then', async () => {
    const etagOf = async (path: string, headers: Record<string, string> = {}) => (await request(path, { headers })).headers.get('etag');
    const base = await etagOf('/fr/a-vendre/');
    expect(await etagOf('/fr/a-vendre/?sort=price-asc')).not.toBe(base);
    const rootFr = await etagOf('/', { 'Accept-Language': 'fr' });
    const rootNl = await etagOf('/', { 'Accept-Language': 'nl' });
    expect(rootFr).not.toBe(rootNl);
    const response = await request('/', { headers: { 'Accept-Language': 'nl', 'If-None-Match': rootFr ?? '' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    // A new price in Dinant changes the Dinant list, not the Mons one.
    const dinant = await etagOf('/fr/a-vendre/?city=dinant');
    const mons = await etagOf('/fr/a-vendre/?city=mons');
    const content = demoContent();
    const first = content.properties.find((p) => p.Goal === 0 && p.Status === 'available' && p.City === 'Dinant');
    if (!first) throw new Error('the demo has a listing for sale in Dinant');
    first.Price = (first.Price ?? 100000) + 1000;
    await publish(content, new Date(Date.now() + 45_000));
    const stale = await request('/fr/a-vendre/?city=dinant', { headers: { 'If-None-Match': dinant ?? '' } });
    expect(stale.status).toBe(200);
    await stale.text();
    const unchanged = await request('/fr/a-vendre/?city=mons', { headers: { 'If-None-Match': mons ?? '' } });
    expect(unchanged.status).toBe(304);
  });

  it.each(['/robots.txt', '/sitemap.xml', '/api/site/fr'])('%s is revalidated by the content version: 304 with no body until the next publish', async (path) => {
    const first = await request(path);
    const etag = first.headers.get('etag');
    await first.arrayBuffer();
    expect(etag).toBeTruthy();
    const again = await request(path, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const content = demoContent();
    content.site.agency.name = `${content.site.agency.name} ${path}`;
    await publish(content);
    const after = await request(path, { headers: { 'If-None-Match': etag ?? '' } });
    expect(after.status).toBe(200);
  });

  it('a form answered without JavaScript gets no ETag', async () => {
    const response = await request('/forms/site-contact', {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lang: 'fr', back: '/fr/contact/' }).toString(),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('etag')).toBeNull();
  });
});

describe('sold and rented listings', () => {
  const day = 86_400_000;
  const ago = (days: number) => new Date(Date.now() - days * day).toISOString().replace(/\.\d+Z$/, 'Z');
  let content: ContentSource;
  let longSold: number;
  let recentSold: number;
  let longRented: number;

  beforeAll(async () => {
    content = demoContent();
    const sale = content.properties.filter((p) => p.Goal === 0 && p.CountryID === 10);
    const rent = content.properties.filter((p) => p.Goal === 1 && p.CountryID === 10);
    const [a, b] = sale;
    const [c] = rent;
    if (!a || !b || !c) throw new Error('the demo needs sale and rent properties');
    Object.assign(a, { Status: 'sold', StatusDate: ago(120) });
    Object.assign(b, { Status: 'sold', StatusDate: ago(10) });
    Object.assign(c, { Status: 'rented', StatusDate: ago(91) });
    [longSold, recentSold, longRented] = [a.ID, b.ID, c.ID];
    await publish(content);
  });

  async function detailPath(id: number, lang = 'fr'): Promise<string> {
    const sitemap = await (await request('/sitemap.xml')).text();
    const all = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, l = '']) => pathOf(l));
    return all.find((p) => p.startsWith(`/${lang}/`) && p.endsWith(`/${id}/`)) ?? '';
  }

  it('a recently sold property stays, with its state, in the sitemap and the list', async () => {
    const path = await detailPath(recentSold);
    expect(path).not.toBe('');
    const response = await request(path);
    expect(response.status).toBe(200);
    const found = await (
      await request(`/api/page?lang=fr&path=/fr/a-vendre/&q=${content.properties.find((p) => p.ID === recentSold)?.RecordFile ?? ''}`)
    ).json<{ list: { cards: { id: number }[] } }>();
    expect(found.list.cards.map((c) => c.id)).toContain(recentSold);
  });

  it.each([
    ['sold', () => longSold, 'a-vendre', 'Ce bien est vendu.'],
    ['rented', () => longRented, 'a-louer', 'Ce bien est loué.'],
  ])('past the grace period a %s property answers 410 with a localized page and leaves sitemap and list', async (_, id, segment, title) => {
    const sitemap = await (await request('/sitemap.xml')).text();
    expect(sitemap).not.toMatch(new RegExp(`/${id()}/</loc>`));
    const property = content.properties.find((p) => p.ID === id());
    const response = await request(`/fr/${segment}/ville/type/${id()}/`);
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(meta(html, 'robots').join()).toMatch(/noindex/);
    expect(html).toContain(`href="/fr/${segment}/"`);
    const found = await (await request(`/api/page?lang=fr&path=/fr/${segment}/&q=${property?.RecordFile ?? ''}`)).json<{ list: { cards: { id: number }[] } }>();
    expect(found.list.cards.map((c) => c.id)).not.toContain(id());
  });

  it('the grace period comes from site info', async () => {
    const strict = structuredClone(content);
    strict.site.siteInfo.soldListingGraceDays = 5;
    await publish(strict);
    const response = await request(`/fr/a-vendre/ville/type/${recentSold}/`);
    expect(response.status).toBe(410);
  });
});

describe('JSON-LD is valid JSON whatever the content says', () => {
  const hostile = 'Maison "3" </script><script>alert(1)</script> & <!-- co';
  beforeAll(async () => {
    const content = demoContent();
    const property = content.properties.find((p) => p.ID === 2041);
    if (!property) throw new Error('demo property 2041 is missing');
    property.TypeDescription = { ...property.TypeDescription, fr: hostile };
    await publish(content);
  });

  it('a type with quotes and </script> cannot break out of the script element', async () => {
    const sitemap = await (await request('/sitemap.xml')).text();
    const loc = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, l = '']) => l).find((l) => l.includes('/fr/') && l.endsWith('/2041/')) ?? '';
    const html = await (await request(pathOf(loc))).text();
    expect(html).not.toContain('<script>alert(1)');
    const listing = nodeOf(jsonLdOf(html), 'RealEstateListing');
    expect(listing.name).toBe(`${hostile} – Dinant`);
  });
});
