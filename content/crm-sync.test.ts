import { describe, expect, it } from 'vitest';
import demo from './demo/properties.json' with { type: 'json' };
import { changeLines, guardExport, syncListings, validateExport, type SyncState } from './crm-sync.ts';
import type { PropertyDetail } from './schema.ts';

const NOW = new Date('2026-11-20T08:00:00Z');
const LATER = new Date('2026-11-25T08:00:00Z');

function exported(changes: (records: Record<string, unknown>[]) => Record<string, unknown>[] = (r) => r): PropertyDetail[] {
  const records = changes(structuredClone(demo).slice(0, 5) as Record<string, unknown>[]);
  const result = validateExport(records);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.properties;
}

function firstSync(): SyncState {
  return syncListings(exported(), null, NOW).state;
}

describe('validateExport', () => {
  it('an answer that is not a list of records fails whole', () => {
    const result = validateExport({ ID: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]?.reason).toBe('expected a JSON array of property records');
  });

  it.each([
    ['a price as text', (r: Record<string, unknown>[]) => ((r[2] as Record<string, unknown>).Price = 'cheap'), { id: 2043, field: 'Price', value: 'cheap' }],
    ['no town', (r: Record<string, unknown>[]) => delete (r[1] as Record<string, unknown>).City, { id: 2042, field: 'City' }],
    ['a status the site does not know', (r: Record<string, unknown>[]) => ((r[0] as Record<string, unknown>).Status = 'archived'), { id: 2041, field: 'Status', value: 'archived' }],
  ])('one odd record is held back, named with its field, and the others are read: %s', (_what, change, expected) => {
    const records = structuredClone(demo).slice(0, 5) as Record<string, unknown>[];
    change(records);
    const result = validateExport(records);
    if (!result.ok) throw new Error('refused whole');
    expect(result.properties).toHaveLength(4);
    expect(result.properties.some((p) => p.ID === expected.id)).toBe(false);
    expect(result.unreadable[0]).toMatchObject(expected);
  });

  it('the same id twice keeps the first and names the second', () => {
    const records = structuredClone(demo).slice(0, 5) as Record<string, unknown>[];
    (records[3] as Record<string, unknown>).ID = 2041;
    const result = validateExport(records);
    if (!result.ok) throw new Error('refused whole');
    expect(result.properties.map((p) => p.ID)).toEqual([2041, 2042, 2043, 2045]);
    expect(result.unreadable).toEqual([expect.objectContaining({ id: 2041, field: 'ID' })]);
  });

  it('a Marquee code the site has no word for is kept as the CRM sent it: the agency names in marqueeIgnore the ones shown by their name', () => {
    const records = structuredClone(demo).slice(0, 5) as Record<string, unknown>[];
    Object.assign(records[0] as Record<string, unknown>, { Marquee: 7, MarqueeName: { fr: 'Compromis signé' } });
    const result = validateExport(records);
    if (!result.ok) throw new Error('refused whole');
    expect(result.properties[0]?.Marquee).toBe(7);
    expect(result.unspecified).toEqual([]);
  });

  it.each([['five facades', 'Facades', 5, (p: PropertyDetail) => p.Facades === undefined || p.Facades === null]])(
    'a code the site does not know is shown as not specified, and the record published: %s',
    (_what, field, value, specified) => {
      const records = structuredClone(demo).slice(0, 5) as Record<string, unknown>[];
      (records[0] as Record<string, unknown>)[field] = value;
      const result = validateExport(records);
      if (!result.ok) throw new Error('refused whole');
      expect(result.properties).toHaveLength(5);
      expect(specified(result.properties[0] as PropertyDetail)).toBe(true);
      expect(result.unspecified).toEqual([expect.objectContaining({ id: 2041, field, value: String(value) })]);
      expect(result.unreadable).toEqual([]);
    },
  );
});

describe('syncListings', () => {
  it('an identical second run changes nothing', () => {
    const state = firstSync();
    const again = syncListings(exported(), state, LATER);
    expect(again.changes).toEqual({ added: [], changed: [], priceDrops: [], unconfirmedDrops: [], removed: [], statusChanges: [], prices: [] });
  });

  it('the first run against the live version announces only what the live version lacks', () => {
    const live = exported()
      .slice(0, 4)
      .map((p) => ({ id: p.ID, goal: p.Goal, price: p.Price, status: p.Status, webId: p.WebID, zip: p.Zip, city: p.City, countryId: p.CountryID, lat: p.Latitude, lng: p.Longitude }));
    const { changes } = syncListings(exported(), null, NOW, live);
    expect(changes.added).toEqual([exported()[4]?.ID]);
    expect(changes.changed).toEqual([]);
  });

  it.each([
    ['a new listing', (r: Record<string, unknown>[]) => [...r, { ...structuredClone(demo[10]) }], { added: [demo[10]?.ID] }],
    ['a lower price', (r: Record<string, unknown>[]) => r.map((p, i) => (i === 0 ? { ...p, Price: 420_000 } : p)), { changed: [2041], priceDrops: [2041] }],
    ['a higher price', (r: Record<string, unknown>[]) => r.map((p, i) => (i === 0 ? { ...p, Price: 470_000 } : p)), { changed: [2041], priceDrops: [] }],
    ['a withdrawn listing', (r: Record<string, unknown>[]) => r.slice(1), { removed: [2041] }],
    ['sold', (r: Record<string, unknown>[]) => r.map((p, i) => (i === 0 ? { ...p, Status: 'sold' } : p)), { changed: [2041], statusChanges: [{ id: 2041, from: 'available', to: 'sold' }] }],
  ])('%s', (_what, change, expected) => {
    const { changes } = syncListings(exported(change), firstSync(), LATER);
    expect(changes).toMatchObject(expected);
  });

  it('keeps the real previous price and the day of the drop while the price stays, and drops it when the price rises', () => {
    const cheaper = syncListings(
      exported((r) => r.map((p, i) => (i === 0 ? { ...p, Price: 420_000 } : p))),
      firstSync(),
      LATER,
    );
    expect(cheaper.properties[0]?.PriceReduction).toEqual({ PreviousPrice: 450_000, Date: '2026-11-25' });
    expect(cheaper.state.listings['2041']?.prices).toEqual([
      { price: 450_000, on: '2026-11-20' },
      { price: 420_000, on: '2026-11-25' },
    ]);
    const same = syncListings(
      exported((r) => r.map((p, i) => (i === 0 ? { ...p, Price: 420_000 } : p))),
      cheaper.state,
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(same.properties[0]?.PriceReduction).toEqual({ PreviousPrice: 450_000, Date: '2026-11-25' });
    const dearer = syncListings(
      exported((r) => r.map((p, i) => (i === 0 ? { ...p, Price: 430_000 } : p))),
      cheaper.state,
      new Date('2026-12-02T00:00:00Z'),
    );
    expect(dearer.properties[0]?.PriceReduction).toBeUndefined();
  });

  it('no drop of a price the listing hides', () => {
    const hidden = syncListings(
      exported((r) => r.map((p, i) => (i === 0 ? { ...p, Price: 400_000, PublishPrice: false } : p))),
      firstSync(),
      LATER,
    );
    expect(hidden.changes.priceDrops).toEqual([]);
    expect(hidden.properties[0]?.PriceReduction).toBeUndefined();
  });

  it('dates a status change the CRM left undated, so the sold grace period starts then', () => {
    const sold = syncListings(
      exported((r) => r.map((p, i) => (i === 0 ? { ...p, Status: 'sold' } : p))),
      firstSync(),
      LATER,
    );
    expect(sold.properties[0]?.StatusDate).toBe(LATER.toISOString());
  });

  it('remembers a withdrawn listing for its 410, and forgets it when it comes back', () => {
    const gone = syncListings(
      exported((r) => r.slice(1)),
      firstSync(),
      LATER,
    );
    expect(gone.state.withdrawn['2041']).toMatchObject({ goal: 0, city: 'Dinant', on: '2026-11-25' });
    const back = syncListings(exported(), gone.state, new Date('2026-12-01T00:00:00Z'));
    expect(back.state.withdrawn['2041']).toBeUndefined();
  });

  it.each([
    ['6 days later: the same listing again, its prices kept', '2026-12-01T00:00:00Z', { added: [], changed: [2041] }, 2],
    ['40 days later: a new listing', '2027-01-04T00:00:00Z', { added: [2041], changed: [] }, 1],
  ])('a withdrawn listing that comes back %s', (_what, when, changes, prices) => {
    const cheaper = syncListings(
      exported((r) => r.map((p, i) => (i === 0 ? { ...p, Price: 430_000 } : p))),
      firstSync(),
      NOW,
    );
    const gone = syncListings(
      exported((r) => r.slice(1)),
      cheaper.state,
      LATER,
    );
    const back = syncListings(
      exported((r) => r.map((p, i) => (i === 0 ? { ...p, Price: 430_000 } : p))),
      gone.state,
      new Date(when),
    );
    expect(back.changes).toMatchObject(changes);
    expect(back.state.listings['2041']?.prices).toHaveLength(prices);
  });

  it.each([
    ['nothing live yet', [], 0, 0, null],
    ['an empty export', [2041, 2042], 10, 0, { reason: 'empty', live: 10, affected: 2, detail: 'all 10 live listings withdrawn' }],
    ['2 of 10 withdrawn (20 %)', [2041, 2042], 10, 8, null],
    ['3 of 10 withdrawn (30 %)', [2041, 2042, 2043], 10, 7, { reason: 'mass-withdrawal', live: 10, affected: 3, detail: '3 of 10 live listings withdrawn' }],
  ])('guardExport: %s', (_what, removed, live, exportedCount, refusal) => {
    const changes = { added: [], changed: [], priceDrops: [], unconfirmedDrops: [], removed, statusChanges: [], prices: [] };
    expect(guardExport(changes, live, exportedCount, 0.2)).toEqual(refusal);
  });
});

describe('changeLines: what a publish changes, listing by listing', () => {
  it('names added, withdrawn, repriced and sold listings with their town, and counts the rest', () => {
    const lines = changeLines(
      {
        added: [2110],
        changed: [2041, 2042, 2043, 2050],
        priceDrops: [2041],
        unconfirmedDrops: [],
        removed: [2071],
        statusChanges: [{ id: 2042, from: 'available', to: 'sold' }],
        prices: [
          { id: 2041, from: 450_000, to: 430_000 },
          { id: 2043, from: 1_200, to: null },
        ],
      },
      new Map([
        [2110, 'Leuven'],
        [2071, 'Ciney'],
        [2041, 'Namur'],
        [2042, 'Dinant'],
      ]),
    );
    expect(lines).toEqual([
      'What changed:',
      '  + 2110 (Leuven): new',
      '  − 2071 (Ciney): withdrawn',
      '  € 2041 (Namur): € 450,000 → € 430,000 (−4 %)',
      '  € 2043: € 1,200 → on request',
      '  ~ 2042 (Dinant): available → sold',
      '  1 other listing(s) changed in their text, photos or details: 2050',
    ]);
  });

  it('says so when nothing changed', () => {
    expect(changeLines({ added: [], changed: [], priceDrops: [], unconfirmedDrops: [], removed: [], statusChanges: [], prices: [] }, new Map())).toEqual(['No listing changed.']);
  });
});
