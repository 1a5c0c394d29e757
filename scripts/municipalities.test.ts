import { describe, expect, it } from 'vitest';
import { municipalityTable } from './municipalities.ts';

describe('the municipality table from a postcode list', () => {
  it('groups postcodes by municipality, each postcode once, sorted, municipalities by their lowest postcode', () => {
    const rows = [
      { 'Code postal': '5100', Localité: 'Jambes', 'Commune principale': 'Namur' },
      { 'Code postal': '5590', Localité: 'Ciney', 'Commune principale': 'Ciney' },
      { 'Code postal': '5000', Localité: 'Namur', 'Commune principale': 'Namur' },
      { 'Code postal': '5000', Localité: 'Salzinnes', 'Commune principale': 'Namur' },
      { 'Code postal': '5100', Localité: 'Wépion', 'Commune principale': 'Namur' },
    ];
    expect(municipalityTable(rows, 'Code postal', 'Commune principale', 'bpost').municipalities).toEqual([
      ['Namur', '5000 5100'],
      ['Ciney', '5590'],
    ]);
  });

  it('a postcode listed under two municipalities goes to the one with most rows; bad rows are skipped', () => {
    const rows = [
      { PostCode: '1410', Municipality: 'Waterloo' },
      { PostCode: '1410', Municipality: 'Waterloo' },
      { PostCode: '1410', Municipality: 'Braine-l’Alleud' },
      { PostCode: '1420', Municipality: 'Braine-l’Alleud' },
      { PostCode: '', Municipality: 'Nowhere' },
      { PostCode: 'L-1611', Municipality: 'Luxembourg' },
    ];
    expect(municipalityTable(rows, 'PostCode', 'Municipality', 'statbel').municipalities).toEqual([
      ['Waterloo', '1410'],
      ['Braine-l’Alleud', '1420'],
    ]);
  });
});
