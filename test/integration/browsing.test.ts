import { beforeAll, describe, expect, it } from 'vitest';
import { demoContent, publish, request } from './support.ts';
import { BENCH_RENDER_HEADER } from '../../worker/ssr/render.tsx';

interface ListJson {
  kind: string;
  list: {
    cards: { id: number; price: number | null; city: string; typeDescription: string; mainTypeName: string; path: string; webIds: string[]; bedrooms: number | null; status: string }[];
    total: number;
    page: number;
    pages: number;
    types: { value: string; count: number }[];
    places: { value: string; label: string; count: number; municipality?: true; within?: string }[];
  };
}

async function list(path: string, query = '', lang = 'fr'): Promise<ListJson> {
  const response = await request(`/api/page?lang=${lang}&path=${encodeURIComponent(path)}${query ? `&${query}` : ''}`);
  expect(response.status).toBe(200);
  return response.json<ListJson>();
}

beforeAll(async () => {
  await publish();
});

describe('property lists', () => {
  it.each([
    ['type', (c: ListJson['list']['cards'][number]) => c.typeDescription || c.mainTypeName],
    ['city', (c: ListJson['list']['cards'][number]) => c.city],
  ] as const)('sorts by %s, A to Z', async (sort, key) => {
    const cards = (await list('/fr/a-vendre/', `sort=${sort}`)).list.cards;
    expect(cards.length).toBeGreaterThan(5);
    const keys = cards.map(key);
    // In order, and not merely the catalogue's own order: at least two different values.
    expect(new Set(keys).size).toBeGreaterThan(1);
    for (let i = 1; i < keys.length; i++) expect((keys[i - 1] ?? '').localeCompare(keys[i] ?? '')).toBeLessThanOrEqual(0);
  });

  it('sorts by price both ways, cards without a public price last', async () => {
    /** Every page of the sorted list, in order. */
    const sorted = async (sort: string) => {
      const first = await list('/fr/a-vendre/', `sort=${sort}`);
      const rest = await Promise.all(Array.from({ length: first.list.pages - 1 }, (_, i) => list('/fr/a-vendre/', `sort=${sort}&page=${i + 2}`)));
      return [first, ...rest].flatMap((page) => page.list.cards.map((c) => c.price));
    };
    for (const [sort, order] of [
      ['price-asc', (a: number, b: number) => a - b],
      ['price-desc', (a: number, b: number) => b - a],
    ] as const) {
      const prices = await sorted(sort);
      const firstHidden = prices.indexOf(null);
      // The demo has sale listings whose price is on request: they come after every priced one.
      expect(firstHidden, sort).toBeGreaterThan(0);
      expect(
        prices.slice(firstHidden).every((p) => p === null),
        sort,
      ).toBe(true);
      const priced = prices.slice(0, firstHidden) as number[];
      expect(priced, sort).toEqual([...priced].sort(order));
    }
  });

  it('filters by type, place, price and bedrooms, with counts that add up', async () => {
    const all = await list('/fr/a-vendre/');
    const houses = all.list.types.find((t) => t.value === '1');
    expect(houses?.count).toBeGreaterThan(0);
    const filtered = await list('/fr/a-vendre/', 'type=1');
    expect(filtered.list.total).toBe(houses?.count);
    expect(filtered.list.cards.every((c) => c.webIds.includes('1'))).toBe(true);
    const place = all.list.places[0];
    const inPlace = await list('/fr/a-vendre/', `city=${place?.value}`);
    expect(inPlace.list.total).toBe(place?.count);
    const cheap = await list('/fr/a-vendre/', 'max=250000&beds=2');
    expect(cheap.list.cards.every((c) => c.price !== null && c.price <= 250000 && (c.bedrooms ?? 0) >= 2)).toBe(true);
  });

  it('the city filter offers every town by its name and postcode: Namur and Wépion, not only one name per postcode', async () => {
    const { places } = (await list('/fr/a-vendre/')).list;
    const labels = places.map((p) => p.label);
    expect(labels).toEqual(expect.arrayContaining(['Namur – 5000', 'Salzinnes – 5000', 'Wépion – 5100', 'Jambes – 5100']));
    const namur = places.find((p) => p.label === 'Namur – 5000');
    const inNamur = await list('/fr/a-vendre/', `city=${namur?.value}`);
    expect(inNamur.list.total).toBe(namur?.count);
    expect(inNamur.list.cards.every((c) => c.city === 'Namur')).toBe(true);
    const byPostcode = await list('/fr/a-vendre/', 'q=5000');
    expect(new Set(byPostcode.list.cards.map((c) => c.city))).toEqual(new Set(['Namur', 'Salzinnes']));
  });

  it('“Namur” with its sections finds more than the commune alone: Salzinnes, Bouge, Jambes and Wépion too', async () => {
    const { places } = (await list('/fr/a-vendre/')).list;
    const whole = places.find((p) => p.municipality && p.label === 'Namur');
    expect(whole?.value).toBe('all-5000');
    expect(places.filter((p) => p.within === 'all-5000').map((p) => p.value)).toEqual(expect.arrayContaining(['namur', 'salzinnes', 'bouge', 'jambes', 'wepion']));
    const alone = await list('/fr/a-vendre/', 'city=namur');
    const withSections = await list('/fr/a-vendre/', 'city=all-5000');
    expect(withSections.list.total).toBe(whole?.count);
    expect(withSections.list.total).toBeGreaterThan(alone.list.total);
    const towns = new Set<string>();
    for (let page = 1; page <= withSections.list.pages; page++) for (const c of (await list('/fr/a-vendre/', `city=all-5000&page=${page}`)).list.cards) towns.add(c.city);
    expect([...towns].sort()).toEqual(['Bouge', 'Jambes', 'Namur', 'Salzinnes', 'Wépion'].filter((t) => places.some((p) => p.label.startsWith(`${t} –`))));
  });

  it('several places at once, as a plain GET form’s checkboxes send them, without JavaScript', async () => {
    const ciney = await list('/fr/a-vendre/', 'city=ciney');
    const namur = await list('/fr/a-vendre/', 'city=all-5000');
    // The form's checkboxes, in its order: sent to the one address of that search, then drawn there.
    const sent = await request('/fr/a-vendre/?city=all-5000&city=ciney');
    expect(sent.status).toBe(301);
    expect(sent.headers.get('Location')).toBe('/fr/a-vendre/?city=all-5000%2Cciney');
    const html = await (await request(sent.headers.get('Location') ?? '')).text();
    expect(html).toContain(`${ciney.list.total + namur.list.total} résultats`);
    expect(html).toContain('Namur (toute la commune) (');
    expect(html).toMatch(/<summary>.*Ciney – 5590, Namur \(toute la commune\)|<summary>.*Namur \(toute la commune\), Ciney – 5590/);
  });

  it.each([
    ['fr', '/fr/a-vendre/', 'sous option'],
    ['nl', '/nl/te-koop/', 'optie'],
  ])('a property under option says so on its card and its page (%s), and its JSON-LD is limited availability', async (lang, listPath, words) => {
    let card: ListJson['list']['cards'][number] | undefined;
    for (let page = 1; !card && page <= 10; page++) card = (await list(listPath, `page=${page}`, lang)).list.cards.find((c) => c.id === 2082);
    expect(card?.status).toBe('option');
    const html = await (await request(card?.path ?? '/')).text();
    expect(html.toLowerCase()).toContain(words);
    expect(html).toMatch(/<p class="status-message" role="status">[^<]+<\/p>/);
    expect(html).toContain('"availability":"https://schema.org/LimitedAvailability"');
  });

  it('a plain GET form’s empty fields filter nothing (max= is no maximum, not zero)', async () => {
    const beds = await list('/fr/a-vendre/', 'beds=4');
    const plain = await list('/fr/a-vendre/', 'q=&type=&city=&min=&max=&beds=4');
    expect(beds.list.total).toBeGreaterThan(0);
    expect(plain.list.total).toBe(beds.list.total);
  });

  it('searches by reference', async () => {
    const all = await list('/fr/a-vendre/');
    const first = all.list.cards[0];
    const html = await (await request(first?.path ?? '/')).text();
    const reference = /VI-\d+/.exec(html)?.[0];
    const found = await list('/fr/a-vendre/', `q=${reference}`);
    expect(found.list.cards.map((c) => c.id)).toEqual([first?.id]);
  });

  it('renders the same order on the server for the same URL, each time it renders it', async () => {
    // The render header skips the isolate's page cache: both answers are rendered, neither is a copy.
    const render = () => request('/fr/a-vendre/?page=2&sort=city', { headers: { [BENCH_RENDER_HEADER]: 'stream' } });
    const [first, second] = [await render(), await render()];
    expect([first.headers.get('Server-Timing'), second.headers.get('Server-Timing')]).toEqual(['page;desc="rendered"', 'page;desc="rendered"']);
    const a = await first.text();
    const b = await second.text();
    const ids = (html: string) => [...html.matchAll(/href="(\/fr\/a-vendre\/[^"]+\/\d+\/)"/g)].map((m) => m[1]);
    expect(ids(a).length).toBeGreaterThan(0);
    expect(ids(a)).toEqual(ids(b));
    expect(a).toContain('Page 2 sur');
  });

  it.each(['page=-3', 'page=abc', `sort=${encodeURIComponent('<script>')}`, 'min=1e999', 'beds=99', 'view=x'])(
    'a bad query (%s) is dropped: a redirect to the clean URL, never an error',
    async (query) => {
      const response = await request(`/fr/a-vendre/?q=namur&${query}`);
      expect(response.status).toBe(307);
      const location = response.headers.get('location') ?? '';
      expect(new URL(location, 'https://vitrine.test').search).toBe('?q=namur');
      const clean = await request(new URL(location, 'https://vitrine.test').pathname + '?q=namur');
      expect(clean.status).toBe(200);
    },
  );

  it('sends the home search without JavaScript to the rent list when the rent tab was chosen', async () => {
    const response = await request('/fr/a-vendre/?goal=rent&q=namur');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr/a-louer/?q=namur');
  });

  it('answers 304 to a browser that holds the current version', async () => {
    const first = await request('/api/page?lang=fr&path=/fr/a-vendre/');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await request('/api/page?lang=fr&path=/fr/a-vendre/', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });
});

describe('property detail', () => {
  it('shows the field groups, the EPC label image and the registration rights', async () => {
    const all = await list('/fr/a-vendre/', 'sort=price-desc');
    const card = all.list.cards[0];
    const html = await (await request(card?.path ?? '/')).text();
    expect(html).toContain('Surfaces');
    expect(html).toMatch(/\/static\/epc\/(wallonia|flanders|brussels)\/[a-z_]+\.svg/);
    expect(html).toContain('Droits d');
    expect(html).toMatch(/€ \d{1,3}(\.\d{3})+/);
  });

  it.each(['/fr/a-vendre/namur/maison/999999/', '/nl/te-koop/namen/huis/1/'])('an unknown id (%s) answers 404 with the localized message', async (path) => {
    const response = await request(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(path.startsWith('/nl/') ? /niet gevonden|bestaat niet/i : /introuvable|n'existe pas|n’existe pas/i);
  });
});

describe('a price kept on demand', () => {
  it('is in no page, JSON or JSON-LD, and neither are the costs computed from it', async () => {
    const content = demoContent();
    const listing = content.properties.find((p) => p.Goal === 0 && p.CountryID === 10 && p.Status === 'available' && typeof p.Price === 'number');
    if (!listing) throw new Error('no listing to hide the price of');
    Object.assign(listing, { Price: 234_567, PublishPrice: false, RegistrationRights: 29_320.88, NotaryFeeIncVat: 4_321 });
    await publish(content);
    let path: string | undefined;
    for (let page = 1; !path && page <= 10; page++) path = (await list('/fr/a-vendre/', `page=${page}`)).list.cards.find((c) => c.id === listing.ID)?.path;
    const html = await (await request(path ?? '/')).text();
    const json = await (await request(`/api/page?lang=fr&path=${encodeURIComponent(path ?? '/')}`)).text();
    for (const text of [html, json]) {
      expect(text).not.toMatch(/234[.\u202f ]?567/);
      expect(text).not.toMatch(/29[.\u202f ]?320/);
      expect(text).not.toMatch(/4[.\u202f ]?321\b/);
    }
    await publish();
  });
});

describe('a long list', () => {
  it('links the first, the last and the pages around the current one, not every page', async () => {
    const content = demoContent();
    const forSale = content.properties.filter((p) => p.Goal === 0 && p.CountryID === 10);
    // Four copies of the sale listings: about 15 pages of 12.
    for (let copy = 1; copy <= 3; copy++) for (const listing of forSale) content.properties.push({ ...structuredClone(listing), ID: listing.ID + copy * 10_000 });
    await publish(content, new Date(Date.now() + 120_000));
    const html = await (await request('/fr/a-vendre/?page=7')).text();
    const pager = /<nav class="pager"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const numbers = [...pager.matchAll(/>(\d+)<\/(?:a|span)>/g)].map((m) => Number(m[1]));
    const last = numbers.at(-1) ?? 0;
    // The page says how many pages there are: the pager's last number is that one.
    expect(html).toMatch(new RegExp(`Page 7 (?:sur|de|/) ${last}\\b`));
    expect(last).toBeGreaterThan(12);
    expect(numbers).toEqual([1, 6, 7, 8, last]);
    expect(pager.match(/pager__gap/g)).toHaveLength(2);
    expect(pager).toContain(`href="/fr/a-vendre/?page=${last}"`);
    await publish();
  });
});
