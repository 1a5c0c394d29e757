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

describe('massChange', () => {
  const known = (n: number, price = 300_000, status = 'available') => new Map<number, KnownListing>(Array.from({ length: n }, (_, i) => [i + 1, { price, status }]));
  const records = (n: number, change: Record<string, unknown>) => Array.from({ length: n }, (_, i) => house({ ID: i + 1, Price: 300_000, ...change }));

  it.each<[string, number, number, Record<string, unknown>, string | null]>([
    ['nothing changed', 50, 50, {}, null],
    ['4 of 10 prices to 0: under the minimum count', 10, 4, { Price: 0 }, null],
    ['5 of 10 prices to 0', 10, 5, { Price: 0 }, 'mass-price-change to 0'],
    ['10 of 50 prices in cents (20 %)', 50, 10, { Price: 3_000 }, 'mass-price-change × 0.01'],
    ['9 of 50 prices in cents (18 %)', 50, 9, { Price: 3_000 }, null],
    ['10 of 50 prices in thousands', 50, 10, { Price: 300_000_000 }, 'mass-price-change × 1000'],
    ['10 of 50 sold at once', 50, 10, { Status: 'sold' }, 'mass-status-change available → sold'],
    ['4 of 50 sold: an ordinary day', 50, 4, { Status: 'sold' }, null],
  ])('%s', (_what, live, changed, change, expected) => {
    const exported = [...records(changed, change), ...records(live, {}).slice(changed)];
    const found = massChange(exported, known(live), guard);
    expect(found ? `${found.reason} ${found.pattern}` : null).toBe(expected);
  });

  it('counts only listings the previous run knew', () => {
    expect(massChange(records(20, { Price: 0 }), new Map(), guard)).toBeNull();
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
