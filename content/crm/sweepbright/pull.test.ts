import { describe, expect, it } from 'vitest';
import { sweepbrightRecord } from './pull.ts';
import { sweepbrightEstate } from '../../../scripts/lib/fakes/sweepbright.ts';

const AT = '2026-11-27T10:00:00.000Z';
const record = (overrides: Record<string, unknown>) => sweepbrightRecord(sweepbrightEstate('e-1', overrides), 900_001, AT);

describe('a SweepBright estate as a record of the content', () => {
  it('maps the estate to the same fields every adapter fills', () => {
    expect(record({})).toMatchObject({
      ID: 900_001,
      Goal: 0,
      RecordFile: 'SB-0412',
      MainTypeName: 'Maison',
      WebID: '1',
      Status: 'available',
      Zip: '5004',
      City: 'Bouge',
      CountryID: 10,
      Price: 395000,
      PublishPrice: true,
      PublishAddress: true,
      Bedrooms: 3,
      SurfaceLiving: 165,
      SurfaceGround: 640,
      EnergyPerformance: 212,
      EPCLabelText: 'C',
      Title: { fr: 'Villa lumineuse à Bouge', nl: 'Lichtrijke villa in Bouge' },
      ModifyDate: AT,
    });
  });

  it.each([
    ['available', 'available'],
    ['prospect', 'available'],
    ['option', 'option'],
    ['under_contract', 'option'],
    ['sold', 'sold'],
    ['lost', null],
    ['something new', null],
  ])('status %s → %s', (status, expected) => {
    const read = record({ status, negotiation: status === 'rented' ? 'let' : 'sale' });
    expect(read ? read.Status : null).toBe(expected);
  });

  it.each([
    ['a rental', { negotiation: 'let', status: 'rented' }, { Goal: 1, Status: 'rented' }],
    ['an apartment', { type: 'apartment' }, { WebID: '2', MainTypeName: 'Appartement' }],
    ['a plot', { type: 'land' }, { WebID: '3' }],
    ['an unknown type', { type: 'castle' }, { WebID: '4' }],
    ['a hidden price and address', { price: { amount: 1, hidden: true }, location: { city: 'Bouge', hidden: true } }, { PublishPrice: false, PublishAddress: false }],
    ['a Luxembourg estate', { location: { city: 'Esch-sur-Alzette', country: 'LU' } }, { CountryID: 50, CountryName: { fr: 'Luxembourg', nl: 'Luxemburg', en: 'Luxembourg', de: 'Luxemburg' } }],
    ['no reference of the agent’s', { settings: { reference: null } }, { RecordFile: 'SB-900001' }],
  ])('%s', (_what, overrides, expected) => {
    expect(record(overrides)).toMatchObject(expected);
  });

  it('an estate not public is kept off the site', () => {
    expect(record({ publish_status: 'private' })).toBeNull();
  });

  it('photos in SweepBright’s order, named by their id', () => {
    const read = record({
      images: [
        { id: 'b', url: 'https://photos/b.jpg', ordinal: 2 },
        { id: 'a', url: 'https://photos/a.jpg', ordinal: 1 },
        { id: 'c', url: '', ordinal: 3 },
      ],
    });
    expect(read?.Photos).toEqual([
      { ID: 1, Url: 'https://photos/a.jpg', Width: 1600, Height: 1067, Name: 'a' },
      { ID: 2, Url: 'https://photos/b.jpg', Width: 1600, Height: 1067, Name: 'b' },
    ]);
  });
});
