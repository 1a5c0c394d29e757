/**
 * A list search as a buyer uses it: it survives a language switch (the filters' names and
 * values are the same in every language, and a town named in another language's words finds
 * the same town's listings), and abroad it never mixes sales and monthly rents.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { publish } from './support.ts';
import { ContentRepository } from '../../worker/live/repository.ts';
import { listFor, mapPointsFor } from '../../worker/pages/resolve-list.ts';

let repo: ContentRepository;
beforeAll(async () => {
  await publish();
  repo = await ContentRepository.open(env.CONTENT);
});

const ids = async (lang: 'fr' | 'nl' | 'en' | 'de', city: string) => {
  const list = await listFor(repo, await repo.pages(lang), lang, 'sale', { city, max: 400000, beds: 3 });
  return { ids: list.cards.map((c) => c.id).sort(), city: list.search.city };
};

describe('a list search in another language', () => {
  it('Namur’s listings in French are Namen’s in Dutch, whichever language names the town', async () => {
    const french = await ids('fr', 'namur');
    expect(french.ids.length).toBeGreaterThan(0);
    const dutchNamedInFrench = await ids('nl', 'namur');
    expect(dutchNamedInFrench.ids).toEqual(french.ids);
    // The list says which town it applied, in its own language, for its filter's selection.
    expect(dutchNamedInFrench.city).toBe('namen');
    expect((await ids('fr', 'namen')).ids).toEqual(french.ids);
  });

  it('the map follows the same town', async () => {
    const points = await mapPointsFor(repo, 'nl', 'sale', { city: 'namur' });
    const french = await mapPointsFor(repo, 'fr', 'sale', { city: 'namur' });
    expect(points.total).toBe(french.total);
    expect(points.total).toBeGreaterThan(0);
  });

  it('a name that is no town in any language still finds nothing', async () => {
    expect((await ids('nl', 'atlantis')).ids).toEqual([]);
  });
});

describe('abroad, sales and rents are never mixed', () => {
  it('the list shows sales unless it is asked for rents, and each only its own', async () => {
    const pages = await repo.pages('fr');
    const sales = await listFor(repo, pages, 'fr', 'abroad', { max: 300000, sort: 'price-asc' });
    expect(sales.search.goal).toBe('sale');
    expect(sales.cards.length).toBeGreaterThan(0);
    expect(sales.cards.every((c) => c.goal === 0)).toBe(true);
    const rents = await listFor(repo, pages, 'fr', 'abroad', { goal: 'rent', sort: 'price-asc' });
    expect(rents.cards.length).toBeGreaterThan(0);
    expect(rents.cards.every((c) => c.goal !== 0)).toBe(true);
    // On a Belgian list the goal is the list's own: a stray ?goal changes nothing.
    const belgian = await listFor(repo, pages, 'fr', 'sale', {});
    expect((await listFor(repo, pages, 'fr', 'sale', { goal: 'rent' })).total).toBe(belgian.total);
  });
});

describe('searching as deep as the portals', () => {
  it('Namur with its sections and neighbours (within 5 km) finds more than the town alone', async () => {
    const pages = await repo.pages('fr');
    const town = await listFor(repo, pages, 'fr', 'sale', { city: 'namur' });
    const around = await listFor(repo, pages, 'fr', 'sale', { near: 'namur', km: 5 });
    expect(around.total).toBeGreaterThan(town.total);
    expect(new Set(around.cards.map((c) => c.city)).size).toBeGreaterThan(1);
  });

  it('a garden and a garage narrow the list to listings with both', async () => {
    const pages = await repo.pages('fr');
    const garden = await listFor(repo, pages, 'fr', 'sale', { garden: 1 });
    const both = await listFor(repo, pages, 'fr', 'sale', { garden: 1, parking: 1 });
    expect(garden.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThanOrEqual(garden.total);
    expect(both.cards.every((c) => c.features.includes('garden') && c.features.includes('parking'))).toBe(true);
  });

  it('an energy class and a living area narrow the list to what meets both', async () => {
    const pages = await repo.pages('fr');
    const all = await listFor(repo, pages, 'fr', 'sale', {});
    const found = await listFor(repo, pages, 'fr', 'sale', { epc: 'c', area: 150 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
    expect(found.cards.every((c) => (c.surfaceLiving ?? 0) >= 150)).toBe(true);
  });
});
