import { beforeAll, describe, expect, it } from 'vitest';
import { contentKeys, type RoutingBundle } from '../../domain/bundles.ts';
import { env } from 'cloudflare:workers';
import { publish, request } from './support.ts';
import articles from '../../content/demo/articles.json';

let routing: RoutingBundle;

beforeAll(async () => {
  const version = await publish();
  const text = await env.CONTENT.get(contentKeys.routing(version));
  routing = JSON.parse(text ?? '{}');
});

describe('every page of the menu and the path table', () => {
  it('answers in nl, fr, en and de with its content (200), or redirects when it is a redirect item', async () => {
    const problems: string[] = [];
    for (const [path, target] of Object.entries(routing.paths)) {
      const response = await request(path);
      const expected = target.kind === 'redirect' ? (target.permanent ? 301 : 302) : 200;
      if (response.status !== expected) problems.push(`${path} (${target.kind}): ${response.status}`);
      if (expected === 200 && !(await response.text()).includes(`<html lang="${target.lang}"`)) problems.push(`${path}: wrong language`);
    }
    expect(problems).toEqual([]);
    expect(Object.keys(routing.paths).length).toBeGreaterThan(80);
  });

  it.each([
    ['/fr/nos-services/acces-proprietaires/', '/fr/login/'],
    ['/nl/onze-diensten/eigenaarslogin/', '/nl/login/'],
    ['/fr/nos-services/acces-coproprietaires/', 'https://coproprietaires.example.be/'],
  ])('%s leads to %s', async (from, to) => {
    const response = await request(from);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(to);
  });

  it.each([
    ['/fr/merci/contact-me/', 'Nous avons bien reçu votre demande'],
    ['/nl/bedankt/sign-newsletter/', 'nieuwsbrief'],
    ['/fr/merci/send-to-friend/', 'ami'],
  ])('the thank-you page %s shows its message and is not indexed', async (path, text) => {
    const html = await (await request(path)).text();
    expect(html).toContain(text);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it.each([
    ['/fr/declaration-de-confidentialite/', 41, 'fr'],
    ['/nl/cookiebeleid/', 42, 'nl'],
    ['/en/disclaimer/', 43, 'en'],
  ] as const)('%s publishes its policy article', async (path, id, lang) => {
    const html = await (await request(path)).text();
    const article = articles.find((a) => a.id === id);
    const body = article?.body[lang] ?? '';
    expect(body.length).toBeGreaterThan(800);
    // The first paragraph of the article, as published.
    const firstParagraph = /<p>([^<]{20,60})/.exec(body)?.[1] ?? body.slice(0, 40);
    expect(html).toContain(firstParagraph.replace(/'/g, '&#x27;').slice(0, 30));
  });

  it('a preview path renders the page, marked and not indexed', async () => {
    const response = await request('/fr/preview/a-vendre/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Aperçu');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it('module pages respect maxItems: the home shows four new properties', async () => {
    const data = await (await request('/api/page?lang=fr&path=/fr/')).json<{ blocks: { module: { maxItems: number; relation: { type: string } }; cards: unknown[] }[] }>();
    const properties = data.blocks.find((b) => b.module.relation.type === 'property-list');
    expect(properties?.cards.length).toBe(properties?.module.maxItems);
    expect(properties?.module.maxItems).toBe(4);
  });

  it('the team page lists up to 15 members with formatted phones', async () => {
    const html = await (await request('/nl/ons-team/')).text();
    const members = html.match(/class="team__member"/g) ?? [];
    expect(members.length).toBeGreaterThan(0);
    expect(members.length).toBeLessThanOrEqual(15);
    expect(html).toMatch(/\d{4} \d{2} \d{2} \d{2}|\d{3} \d{2} \d{2} \d{2}/);
  });

  it.each([
    ['fr', 'Numéro de projet PR-2024-01', 'Belgique'],
    ['nl', 'Projectnummer PR-2024-01', 'België'],
  ])('a project page (%s) states its number and the country of its address', async (lang, number, country) => {
    const list = await (await request(`/${lang}/`)).text();
    const path =
      /href="(\/[a-z]{2}\/[^"]+\/9001\/)"/.exec(list)?.[1] ??
      (await (await request(`/api/page?lang=${lang}&path=/${lang}/${lang === 'fr' ? 'projets' : 'projecten'}/`)).text()).match(/"path":"([^"]+\/9001\/)"/)?.[1];
    const html = (await (await request(path ?? '/')).text()).replace(/<!-- -->/g, '');
    expect(html).toContain(number);
    expect(html).toMatch(new RegExp(`class="property__address">[^<]*, ${country}<`));
  });

  it('a printed brochure ends with the agency phone number as people write it', async () => {
    const html = (await (await request('/fr/a-vendre/ciney/maison-mitoyenne/2071/')).text()).replace(/<!-- -->/g, '');
    const footer = /<footer class="print-only print-contact">([^<]+)<\/footer>/.exec(html)?.[1] ?? '';
    expect(footer).toContain('081 22 45 67');
    expect(footer).not.toContain('081224567');
  });

  it('a rental states its total monthly cost, rent and charges together', async () => {
    const api = await (await request('/api/page?lang=fr&path=/fr/a-louer/')).text();
    let path = /"path":"([^"]+\/2101\/)"/.exec(api)?.[1];
    for (let page = 2; !path && page < 5; page++) path = /"path":"([^"]+\/2101\/)"/.exec(await (await request(`/api/page?lang=fr&path=/fr/a-louer/&page=${page}`)).text())?.[1];
    const html = (await (await request(path ?? '/')).text()).replace(/<!-- -->/g, '');
    expect(html).toMatch(/<dt>Coût mensuel total \(loyer \+ charges\)<\/dt><dd>€ 1\.280<\/dd>/);
  });

  it('an external project links out in a new tab', async () => {
    const html = await (await request('/fr/projets/')).text();
    expect(html).toMatch(/href="https:\/\/www\.clos-des-tilleuls\.example\.be\/" target="_blank" rel="noopener noreferrer"/);
  });
});

describe('breadcrumbs', () => {
  it('name home once and end with the page', () => {
    const bad = Object.entries(routing.paths).filter(([, t]) => t.breadcrumb.filter((c) => c.path === `/${t.lang}/`).length > 1);
    expect(bad.map(([path]) => path)).toEqual([]);
  });
});
