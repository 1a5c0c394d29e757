import { describe, expect, it } from 'vitest';
import { hideAccountNumbers } from './account-numbers.ts';

const hide = (note: string) => hideAccountNumbers(note, '[…]').text;

describe('hideAccountNumbers', () => {
  it.each([
    ['Versez sur BE71 0961 2345 6769 merci', 'Versez sur […] merci'],
    ['BE71096123456769', '[…]'],
    ['be71 0961 2345 6769', '[…]'],
    ['BE71 - 0961 - 2345 - 6769 svp', '[…] svp'],
    ['BE71/0961/2345/6769', '[…]'],
    ['BE71_0961_2345_6769', '[…]'],
    ['BE71\u00a00961\u00a02345\u00a06769', '[…]'],
    ['BE71\n0961\n2345\n6769\nmerci', '[…]\nmerci'],
    ['ＢＥ７１ ０９６１ ２３４５ ６７６９', '[…]'],
    ['LU28 0019 4006 4475 0000 ok', '[…] ok'],
    ['FR76 3000 6000 0112 3456 7890 189.', '[…].'],
    ['NL91 ABNA 0417 1643 00 en de rest', '[…] en de rest'],
    ['compte 063-1234567-89 !', 'compte […] !'],
    ['carte 4111 1111 1111 1111', 'carte […]'],
    // A mistyped IBAN still reads as an account number.
    ['BE72 0961 2345 6769 merci', '[…] merci'],
    // What stays: a phone, a price, a reference, a word that merely begins like a country code.
    ['BEAU 2024 ok', 'BEAU 2024 ok'],
    ['code BE20 ABCD EFGH IJKL ok', 'code BE20 ABCD EFGH IJKL ok'],
    ['Appelez le +32 475 12 34 56', 'Appelez le +32 475 12 34 56'],
    ['prix 379.000 €', 'prix 379.000 €'],
    ['réf. VI-2041, 3 chambres', 'réf. VI-2041, 3 chambres'],
    ['Merci beaucoup', 'Merci beaucoup'],
  ])('%j → %j', (note, shown) => {
    expect(hide(note)).toBe(shown);
  });

  it('says whether it hid anything', () => {
    expect(hideAccountNumbers('BE71 0961 2345 6769', 'x').hidden).toBe(true);
    expect(hideAccountNumbers('Bonjour', 'x').hidden).toBe(false);
  });
});
