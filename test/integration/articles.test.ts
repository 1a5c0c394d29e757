import { beforeAll, describe, expect, it } from 'vitest';
import { publish, request, demoContent } from './support.ts';

beforeAll(async () => {
  await publish();
});

/** The JSON-LD nodes of a page. */
function jsonLd(html: string): { '@type': string; [key: string]: unknown }[] {
  const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  const parsed = JSON.parse(script) as { '@graph'?: { '@type': string }[] };
  return parsed['@graph'] ?? [];
}

describe('an article at the address its names build', () => {
  it.each([
    ['fr', '/fr/a-propos/qui-sommes-nous/', 'Qui sommes-nous ?', ['Accueil', 'À propos']],
    ['nl', '/nl/over-ons/wie-zijn-wij/', 'Wie zijn wij?', ['Home', 'Over ons']],
    ['en', '/en/our-services/practical-guides/buying-costs-in-wallonia/', 'Buying costs in Wallonia', ['Home', 'Our services', 'Practical guides']],
    ['de', '/de/unsere-leistungen/ratgeber/erwerbsnebenkosten-in-wallonien/', 'Erwerbsnebenkosten in Wallonien', ['Startseite', 'Unsere Leistungen', 'Ratgeber']],
  ])('%s %s: its own page, breadcrumbs, an Article for search engines', async (_lang, path, title, crumbs) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1`);
    expect(html).toContain(title.replace("'", '&#x27;'));
    for (const crumb of crumbs) expect(html).toContain(`>${crumb}</a>`);
    const article = jsonLd(html).find((n) => n['@type'] === 'Article');
    expect(article).toMatchObject({ headline: title, url: `https://vitrine.test${path}` });
    expect(html).toMatch(/<meta property="og:type" content="article"/);
  });

  it('names its twins in every language, and the sitemap lists them with reciprocal hreflang', async () => {
    const html = await (await request('/fr/a-propos/qui-sommes-nous/')).text();
    for (const twin of ['/nl/over-ons/wie-zijn-wij/', '/en/about-us/who-we-are/', '/de/uber-uns/wer-wir-sind/'])
      expect(html).toContain(`hrefLang="${twin.split('/')[1]}" href="https://vitrine.test${twin}"`);
    const sitemap = await (await request('/sitemap.xml')).text();
    const entry = sitemap.split('<url>').find((u) => u.includes('<loc>https://vitrine.test/nl/over-ons/wie-zijn-wij/</loc>')) ?? '';
    expect(entry).toContain('hreflang="fr" href="https://vitrine.test/fr/a-propos/qui-sommes-nous/"');
    expect(sitemap).toContain('<loc>https://vitrine.test/fr/nos-services/guides-pratiques/</loc>');
  });
});

describe('a category page', () => {
  it('lists its articles with their summaries, each linked to its page', async () => {
    const html = await (await request('/fr/a-propos/')).text();
    for (const link of ['/fr/a-propos/qui-sommes-nous/', '/fr/a-propos/nos-engagements/', '/fr/a-propos/combien-vaut-votre-bien/']) expect(html).toContain(`href="${link}"`);
    const summary = demoContent().articles.find((a) => a.id === 21)?.summary.fr ?? '';
    expect(summary.length).toBeGreaterThan(10);
    expect(html).toContain(summary.slice(0, 30));
  });

  it('the services page links to its sub-category and the sub-category to its article', async () => {
    expect(await (await request('/fr/nos-services/')).text()).toContain('href="/fr/nos-services/guides-pratiques/"');
    expect(await (await request('/fr/nos-services/guides-pratiques/')).text()).toContain('href="/fr/nos-services/guides-pratiques/frais-d-achat-en-wallonie/"');
  });

  it('the home shows an article of its news module as a summary that links to it', async () => {
    const html = await (await request('/fr/')).text();
    expect(html).toContain('href="/fr/a-propos/qui-sommes-nous/"');
  });

  it('a draft category has no page and its articles none of their own', async () => {
    expect((await request('/fr/textes-d-introduction/')).status).toBe(404);
    expect((await request('/fr/textes-d-introduction/espace-proprietaire/')).status).toBe(404);
  });
});

describe('old addresses answer 301', () => {
  it.each([
    ['the English original without a language', '/about-us/who-we-are/', '/fr/a-propos/qui-sommes-nous/'],
    ['a category’s English original', '/our-services/practical-guides/', '/fr/nos-services/guides-pratiques/'],
    ['the built address of a policy shown by its own page', '/fr/informations-legales/disclaimer/', '/fr/mentions-legales/'],
  ])('%s', async (_what, from, to) => {
    const response = await request(from, { headers: { 'Accept-Language': 'fr' } });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location') ?? '', 'https://vitrine.test').pathname).toBe(to);
  });
});
