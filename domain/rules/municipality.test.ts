import { describe, expect, it } from 'vitest';
import { municipalityOf, type MunicipalityTable } from './municipality.ts';

describe('the municipality of a Belgian postcode', () => {
  it.each([
    // Namur since 1977: Salzinnes (5000), Bouge (5004), Jambes and Wépion (5100), Erpent (5101)…
    ['5000', 'all-5000', 'Namur'],
    ['5004', 'all-5000', 'Namur'],
    ['5100', 'all-5000', 'Namur'],
    ['5101', 'all-5000', 'Namur'],
    ['4020', 'all-4000', 'Liège'],
    ['5590', 'all-5590', 'Ciney'],
    ['5030', 'all-5030', 'Gembloux'],
  ])('%s belongs to %s (%s)', (zip, key, name) => {
    expect(municipalityOf(zip)).toMatchObject({ key, name });
  });

  it.each([['L-4001'], ['9999'], [''], ['all-5000']])('%j is no Belgian postcode: no municipality', (zip) => {
    expect(municipalityOf(zip)).toBeNull();
  });

  it('a municipality is named by its lowest postcode, whatever order the table lists them in', () => {
    const table: MunicipalityTable = {
      source: 'test',
      municipalities: [
        ['Ciney', '5590'],
        ['Namur', '5000 5004 5100'],
      ],
    };
    expect(municipalityOf('5100', table)).toEqual({ key: 'all-5000', name: 'Namur', postcodes: ['5000', '5004', '5100'] });
  });
});
