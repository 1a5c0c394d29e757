import { describe, expect, it } from 'vitest';
import demo from './demo/properties.json' with { type: 'json' };
import { implausibleValues, massChange, needsConfirmation, trustedMediaUrl, withTrustedMedia, type KnownListing } from './crm-plausibility.ts';
import { CrmGuard, PropertyDetail } from './schema.ts';

const guard = CrmGuard.parse({});
const house = (change: Record<string, unknown> = {}) => PropertyDetail.parse({ ...structuredClone(demo[0]), ...change });

describe('implausibleValues', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['the demo house', {}, []],
    ['a price of 1e308', { Price: 1e308 }, ['Price']],
    ['a shown sale price of 0', { Price: 0 }, ['Price']],
    ['a price of 0 on request', { Price: 0, PriceOnDemand: true }, []],
    ['a sale price of 3,800 (cents)', { Price: 3_800 }, []],
    ['a sale price of 380 (a broken unit)', { Price: 380 }, ['Price']],
    ['a rent of 1,870 a month', { Goal: 1, Price: 1_870 }, []],
    ['a rent of 187,000 a month', { Goal: 1, Price: 187_000 }, ['Price']],
    ['11,000 m² of living area', { SurfaceLiving: 11_000 }, ['SurfaceLiving']],
    ['a 400 ha estate', { SurfaceGround: 4_000_000 }, []],
    ['80 bedrooms', { Bedrooms: 80 }, ['Bedrooms']],
    ['a place in the Atlantic', { Latitude: 0.5, Longitude: -30 }, ['Latitude/Longitude']],
    ['a place in Esch-sur-Alzette', { Latitude: 49.495853, Longitude: 5.961458 }, []],
    ['a place in Paris', { Latitude: 48.8566, Longitude: 2.3522 }, ['Latitude/Longitude']],
  ])('%s', (_what, change, fields) => {
    expect(implausibleValues(house(change), guard).map((p) => p.field)).toEqual(fields);
  });
});

describe('trustedMediaUrl', () => {
  it.each<[string, boolean]>([
    ['/media/demo/2041/1.jpg', true],
    ['//evil.example.net/x.jpg', false],
    ['https://media.crm.be/p/1.jpg', true],
    ['https://crm.be/p/1.jpg', true],
    ['https://notcrm.be/p/1.jpg', false],
    ['http://media.crm.be/p/1.jpg', false],
    ['https://127.0.0.1/x.jpg', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['https://[::1]/x.jpg', false],
    ['https://localhost/x.jpg', false],
    ['https://2130706433/x.jpg', false],
    ['https://user:pw@media.crm.be/x.jpg', false],
    ['https://media.crm.be:8443/x.jpg', false],
  ])('%s → %s', (url, trusted) => {
    expect(trustedMediaUrl(url, ['crm.be'])).toBe(trusted);
  });

  it('leaves untrusted photos out, turns an untrusted document into one sent on request, and drops private links', () => {
    const p = house({
      Photos: [
        { ID: 1, Url: 'https://10.0.0.1/a.jpg', Width: 10, Height: 10 },
        { ID: 2, Url: '/media/a.jpg', Width: 10, Height: 10 },
      ],
      Documents: [{ name: { fr: 'Plan' }, kind: 'floor-plan', requestOnly: false, url: 'https://192.168.1.2/plan.pdf' }],
      VirtualTourUrl: 'https://localhost/tour',
    });
    const { record, problems } = withTrustedMedia(p, []);
    expect(record.Photos.map((x) => x.ID)).toEqual([2]);
    expect(record.Documents[0]).toMatchObject({ url: null, requestOnly: true });
    expect(record.VirtualTourUrl).toBeNull();
    expect(problems.map((x) => x.field)).toEqual(['Photos[0].Url', 'Documents[0].url', 'VirtualTourUrl']);
  });
});

describe('massChange: the run judged as a whole', () => {
  const LIVE = 50;
  const base = (i: number) =>
    house({ ID: i + 1, Price: 300_000 + i * 10_000, Zip: '5000', City: 'Namur', Latitude: 50.46, Longitude: 4.87, SurfaceLiving: 150, SurfaceGround: 400, Bedrooms: 3, Goal: 0 });
  const known = new Map<number, KnownListing>(
    Array.from({ length: LIVE }, (_, i) => {
      const p = base(i);
      return [
        p.ID,
        { price: p.Price, status: p.Status, goal: p.Goal, zip: p.Zip, city: p.City, lat: p.Latitude, lng: p.Longitude, living: p.SurfaceLiving, land: p.SurfaceGround, bedrooms: p.Bedrooms },
      ];
    }),
  );
  /** The first `n` listings changed by `change(i)`, the rest as before. */
  const run = (n: number, change: (i: number) => Record<string, unknown>) => Array.from({ length: LIVE }, (_, i) => (i < n ? house({ ...base(i), ...change(i) }) : base(i)));
  const priceOf = (i: number) => 300_000 + i * 10_000;

  it.each<[string, number, (i: number) => Record<string, unknown>, string | null]>([
    ['nothing changed', 0, () => ({}), null],
    ['4 prices to 0: under the minimum count', 4, () => ({ Price: 0 }), null],
    ['10 of 50 prices in cents (20 %)', 10, (i) => ({ Price: priceOf(i) / 100 }), 'mass-price-change'],
    ['9 of 50 prices in cents (18 %): an ordinary run', 9, (i) => ({ Price: priceOf(i) / 100 }), null],
    ['every sale listing at one price (€ 250,000)', LIVE, () => ({ Price: 250_000 }), 'mass-price-change'],
    ["each listing with the next listing's price (an off-by-one join)", LIVE, (i) => ({ Price: priceOf(i + 1) }), 'mass-price-change'],
    ['every price down by a different 4–40 %', LIVE, (i) => ({ Price: Math.round(priceOf(i) * (0.96 - (i % 10) * 0.04)) }), 'mass-price-change'],
    ['every price up by a different share', 12, (i) => ({ Price: priceOf(i) + 1_000 * (i + 1) }), 'mass-price-change'],
    ['every price hidden at once', 12, () => ({ PublishPrice: false }), 'mass-price-change'],
    ['10 of 50 sold at once', 10, () => ({ Status: 'sold' }), 'mass-status-change'],
    ['4 of 50 sold: an ordinary day', 4, () => ({ Status: 'sold' }), null],
    ['living areas in square feet', 12, () => ({ SurfaceLiving: 1_615 }), 'mass-surface-change'],
    ['land areas shifted into another column', 12, (i) => ({ SurfaceGround: 100 + i }), 'mass-surface-change'],
    ['bedrooms shifted by one', 12, () => ({ Bedrooms: 4 }), 'mass-room-change'],
    ['every listing moved to one postcode', 12, () => ({ Zip: '1000', City: 'Bruxelles' }), 'mass-place-change'],
    ['every pin moved by a kilometre', 12, (i) => ({ Latitude: 50.47 + i / 10_000 }), 'mass-place-change'],
    ['pins refined by a geocoder (a few metres)', LIVE, () => ({ Latitude: 50.4601 }), null],
    ['every sale turned into a rent', 12, () => ({ Goal: 1, Price: 1_200 }), 'mass-price-change'],
    ['every goal flipped, prices hidden before and after', 12, () => ({ Goal: 1 }), 'mass-goal-change'],
    ['a town written in capitals', LIVE, () => ({ City: 'NAMUR' }), null],
  ])('%s', (_what, n, change, expected) => {
    expect(massChange(run(n, change), known, guard)?.reason ?? null).toBe(expected);
  });

  it('says what the changes look like', () => {
    const found = massChange(
      run(LIVE, () => ({ Price: 250_000 })),
      known,
      guard,
    );
    expect(found).toMatchObject({ affected: LIVE, live: LIVE });
    expect(found?.pattern).toMatch(/^50 down, 1 × 0\.833, /);
  });

  it('counts each kind against its own share from site.json', () => {
    expect(
      massChange(
        run(12, () => ({ Bedrooms: 4 })),
        known,
        { ...guard, maxDetailChangeShare: 0.3 },
      ),
    ).toBeNull();
    expect(
      massChange(
        run(12, () => ({ Price: 1 })),
        known,
        { ...guard, maxPriceChangeShare: 0.3 },
      ),
    ).toBeNull();
  });

  it('counts only listings the previous run knew, and compares only what it knew of them', () => {
    expect(
      massChange(
        run(LIVE, () => ({ Price: 0 })),
        new Map(),
        guard,
      ),
    ).toBeNull();
    const pricesOnly = new Map([...known].map(([id, k]) => [id, { price: k.price, status: k.status }]));
    expect(
      massChange(
        run(LIVE, () => ({ Bedrooms: 9, Zip: '1000' })),
        pricesOnly,
        guard,
      ),
    ).toBeNull();
  });
});

describe('needsConfirmation', () => {
  it.each<[number, number, boolean]>([
    [450_000, 430_000, false],
    [450_000, 315_000, false],
    [450_000, 314_000, true],
    [450_000, 4_500, true],
  ])('%d → %d: %s', (from, to, expected) => {
    expect(needsConfirmation(from, to, guard)).toBe(expected);
  });
});
