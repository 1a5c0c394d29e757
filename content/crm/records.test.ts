import { describe, expect, it } from 'vitest';
import { applyPull, type FeedPull } from './pull.ts';
import { omnicasaRecord } from './omnicasa/pull.ts';
import { whiseRecord } from './whise/pull.ts';

const list = [
  { ID: 1, Price: 1 },
  { ID: 2, Price: 2 },
  { ID: 3, Price: 3 },
];

describe('applyPull', () => {
  it.each<[string, FeedPull, unknown[]]>([
    ['a complete list replaces everything', { kind: 'complete', records: [{ ID: 9 }] }, [9]],
    ['changes are laid over by ID', { kind: 'changes', changed: [{ ID: 2, Price: 20 }, { ID: 4 }], deleted: [], ids: null }, [1, 2, 3, 4]],
    ['deleted ids leave', { kind: 'changes', changed: [], deleted: [1, 3], ids: null }, [2]],
    ['a reconciliation keeps only the listed ids', { kind: 'changes', changed: [{ ID: 4 }], deleted: [], ids: [2, 4] }, [2, 4]],
  ])('%s', (_what, pull, ids) => {
    expect(applyPull(list, pull).map((r) => r.ID)).toEqual(ids);
  });
});

describe('status codes', () => {
  it.each([
    [1, 'available'],
    [2, 'option'],
    [3, 'sold'],
    [4, 'rented'],
    [5, null],
  ])('Omnicasa SubStatus %s → %s', (code, status) => {
    expect(omnicasaRecord({ ID: 1, SubStatus: code })?.Status ?? null).toBe(status);
  });
  it.each([
    [1, 'available'],
    [2, 'available'],
    [3, 'sold'],
    [4, 'rented'],
    [5, 'option'],
    [6, 'option'],
    [7, null],
  ])('Whise purpose status %s → %s', (code, status) => {
    expect(whiseRecord({ id: 1, purposeStatus: { id: code } })?.Status ?? null).toBe(status);
  });
  it('a Whise estate for rent is Goal 1', () => {
    expect(whiseRecord({ id: 1, purpose: { id: 2 }, purposeStatus: { id: 2 } })?.Goal).toBe(1);
  });
});
