/**
 * Travel times on the demo, through the worker as a visitor gets them (no JavaScript): the
 * property page's journeys and the list's filter and sort agree with journeys worked out by
 * hand on the demo's feeds (content/demo/gtfs), from each listing's public position. A
 * listing whose address is hidden is placed at its rounded position (two decimals).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { contentKeys } from '../../domain/bundles.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import { demoContent, publish, request } from './support.ts';

async function pathOf(id: number, lang = 'fr'): Promise<string> {
  const live = (await env.CONTENT.get(contentKeys.pointer)) ?? '';
  const view = await env.CONTENT.get<PropertyPageView>(contentKeys.property(live, lang as 'fr', id), 'json');
  return view?.card.path ?? '';
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, '’')
    .replace(/\s+/g, ' ')
    .trim();

async function travelSection(id: number, lang = 'fr'): Promise<string> {
  const response = await request(await pathOf(id, lang));
  expect(response.status).toBe(200);
  const html = await response.text();
  return text(/<section aria-labelledby="travel-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '');
}

async function listIds(query: string, lang = 'fr'): Promise<number[]> {
  let response = await request(`/${lang}/${lang === 'fr' ? 'a-vendre' : 'te-koop'}/${query}`);
  // A query in another order than the site writes it is sent to that one address first.
  if (response.status === 301) response = await request(response.headers.get('Location') ?? '');
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/<a href="\/[a-z]{2}\/[^"]+\/(\d+)\/" class="card__link"/g)].map((m) => Number(m[1]));
}

describe('travel times on the demo', () => {
  beforeAll(async () => {
    await publish();
  });

  it.each([
    // Ciney 2079, address hidden: from (50.29, 5.11), 845 m to Ciney station as the crow flies, 1,099 m walked (824 s),
    // then the 07:34 train: 74 min to Brussels, 24 to Namur. 824 + 4,440 s = 87.7 min, 88; 824 + 1,440 s = 37.7, 38.
    [2079, 'fr', 'Bruxelles-Central : 1 h 28 en train depuis Ciney (1,1 km à pied), direct, départ 7 h 34'],
    [2079, 'fr', 'Namur : 38 min en train depuis Ciney (1,1 km à pied), direct, départ 7 h 34'],
    [2079, 'nl', 'Brussel-Centraal: 1 u 28 met de trein vanaf Ciney (1,1 km te voet), rechtstreeks, vertrek 7.34 u'],
    [2079, 'de', 'Brüssel-Zentral: 1 Std. 28 mit dem Zug ab Ciney (1,1 km zu Fuß), direkt, Abfahrt 7:34 Uhr'],
    // Distances in Belgian notation in every language, as all of the site's figures.
    [2079, 'en', 'Brussels-Central: 1 h 28 by train from Ciney (1,1 km on foot), direct, leaving 7:34'],
    // Bouge 2051, address shown: 470 m to Bouge Place (352 s); bus 4 every 15 min, a change at Namur for Brussels.
    [2051, 'fr', 'Bruxelles-Central : 1 h 09 en bus depuis Bouge Place (470 m à pied), 1 correspondance, départ 7 h 45'],
    [2051, 'fr', 'Namur : 17 min en bus depuis Bouge Place (470 m à pied), direct, départ 8 h 45'],
  ])('listing %i in %s says “%s”', async (id, lang, line) => {
    expect(await travelSection(id, lang)).toContain(line);
  });

  it('dates the figures by the typical weekday and the timetables’ validity', async () => {
    const section = await travelSection(2051);
    expect(section).toContain('Un jour de semaine type (mardi 1 décembre 2026), arrivée au plus tard à 9 h 00');
    expect(section).toContain('valables jusqu’au 31 décembre 2030');
  });

  it('counts from the rounded position where the address is hidden, and says so: two walks would give it away', async () => {
    // From the exact position, Ciney station is 1,261 m away on foot: the page must not say 1,3 km.
    const section = await travelSection(2079);
    expect(section).not.toContain('1,3 km');
    expect(section).toContain('la marche est comptée depuis la position approximative du bien');
  });

  it('says when a listing is too far from any stop (Ciney 2071: 2 km to the station)', async () => {
    expect(await travelSection(2071)).toContain('Aucun arrêt desservi le matin à moins de 1,5 km à pied');
  });

  it('filters and sorts by minutes to a hub with a plain GET form, agreeing with the pages', async () => {
    // Bouge 2051 is 17 min from Namur: out at 15, in at 30.
    expect(await listIds('?mins=15&hub=namur')).not.toContain(2051);
    expect(await listIds('?mins=30&hub=namur')).toContain(2051);
    // Shortest first: Jambes 2061 (139 m to Jambes station, then 3 min) leads to Namur.
    const sorted = await listIds('?sort=travel&hub=namur');
    expect(sorted[0]).toBe(2061);
    // Every listing the filter keeps says at most that on its page.
    for (const id of await listIds('?mins=60&hub=brussels')) {
      const minutes = /Bruxelles-Central : (?:(\d+) h (\d+)|(\d+) min)/.exec(await travelSection(id));
      expect(minutes, `listing ${id}`).not.toBeNull();
      const total = minutes?.[3] !== undefined ? Number(minutes[3]) : Number(minutes?.[1]) * 60 + Number(minutes?.[2]);
      expect(total).toBeLessThanOrEqual(60);
    }
  });

  it('keeps the choice in the form, names it on the cards and offers the sort', async () => {
    const html = await (await request('/fr/a-vendre/?hub=namur&mins=30')).text();
    expect(html).toMatch(/<select id="f-mins" name="mins">[\s\S]*?<option value="30" selected="">30\smin<\/option>/);
    expect(html).toMatch(/<option value="namur" selected="">Namur<\/option>/);
    expect(text(html)).toContain('17 min jusqu’à Namur');
    expect(html).toContain('<option value="travel">Trajet le plus court (Namur)</option>');
  });
});

describe('a feed is the operator’s text, not the site’s', () => {
  beforeAll(async () => {
    const content = demoContent();
    if (!content.transit) throw new Error('the demo has a transit table');
    const stops = content.transit.stops.map(([name, lat, lng]) => [name === 'Bouge Place' ? '<img src=x onerror=alert(1)>Bouge' : name, lat, lng] as [string, number, number]);
    await publish({ ...content, transit: { ...content.transit, stops } });
  });

  it('shows a stop name with markup as text on the page', async () => {
    const html = await (await request(await pathOf(2051))).text();
    expect(html).not.toContain('<img src=x onerror');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;Bouge');
  });
});

describe('once the timetables have expired', () => {
  beforeAll(async () => {
    const content = demoContent();
    if (!content.transit) throw new Error('the demo has a transit table');
    await publish({ ...content, transit: { ...content.transit, validFrom: '2025-01-01', validTo: '2025-12-31' } });
  });

  it('shows no figure, only a note, on the page and in the list', async () => {
    const section = await travelSection(2051);
    expect(section).toContain('Les temps de trajet sont en cours de mise à jour');
    expect(section).not.toContain('Bouge Place');
    expect(await listIds('?mins=120&hub=namur')).toEqual([]);
    const html = await (await request('/fr/a-vendre/')).text();
    expect(html).not.toContain('id="f-mins"');
    expect(html).not.toContain('<option value="travel">');
    expect(text(html)).toContain('Les temps de trajet sont en cours de mise à jour');
  });
});
