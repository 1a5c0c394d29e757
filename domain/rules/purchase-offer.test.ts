import { describe, it, expect } from 'vitest';
import { purchaseAdvance, amountInWords } from './purchase-offer.ts';

describe('purchaseAdvance', () => {
  it.each([
    [285000, 28500],
    [1250.5, 125.05],
    [1234.565, 123.46],
    [1234.564, 123.46],
    [1234.54, 123.45],
    [0.05, 0.01],
    [0.04, 0],
    [999999999, 99999999.9],
    [0, null],
    [-0, null],
    [-285000, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [Number.MAX_SAFE_INTEGER, null],
    ['285000', null],
    [null, null],
    [undefined, null],
  ])('purchaseAdvance(%j) → %s', (price, expected) => {
    expect(purchaseAdvance(price)).toBe(expected);
  });
});

describe.each([
  // amount, nl, fr (Belgian), en, de
  [0, 'nul', 'zéro', 'zero', 'null'],
  [1, 'een', 'un', 'one', 'eins'],
  [11, 'elf', 'onze', 'eleven', 'elf'],
  [16, 'zestien', 'seize', 'sixteen', 'sechzehn'],
  [17, 'zeventien', 'dix-sept', 'seventeen', 'siebzehn'],
  [20, 'twintig', 'vingt', 'twenty', 'zwanzig'],
  [21, 'eenentwintig', 'vingt et un', 'twenty-one', 'einundzwanzig'],
  [22, 'tweeëntwintig', 'vingt-deux', 'twenty-two', 'zweiundzwanzig'],
  [33, 'drieëndertig', 'trente-trois', 'thirty-three', 'dreiunddreißig'],
  [70, 'zeventig', 'septante', 'seventy', 'siebzig'],
  [71, 'eenenzeventig', 'septante et un', 'seventy-one', 'einundsiebzig'],
  [77, 'zevenenzeventig', 'septante-sept', 'seventy-seven', 'siebenundsiebzig'],
  [80, 'tachtig', 'quatre-vingts', 'eighty', 'achtzig'],
  [81, 'eenentachtig', 'quatre-vingt-un', 'eighty-one', 'einundachtzig'],
  [90, 'negentig', 'nonante', 'ninety', 'neunzig'],
  [91, 'eenennegentig', 'nonante et un', 'ninety-one', 'einundneunzig'],
  [99, 'negenennegentig', 'nonante-neuf', 'ninety-nine', 'neunundneunzig'],
  [100, 'honderd', 'cent', 'one hundred', 'einhundert'],
  [101, 'honderdeen', 'cent un', 'one hundred one', 'einhunderteins'],
  [180, 'honderdtachtig', 'cent quatre-vingts', 'one hundred eighty', 'einhundertachtzig'],
  [200, 'tweehonderd', 'deux cents', 'two hundred', 'zweihundert'],
  [201, 'tweehonderdeen', 'deux cent un', 'two hundred one', 'zweihunderteins'],
  [999, 'negenhonderdnegenennegentig', 'neuf cent nonante-neuf', 'nine hundred ninety-nine', 'neunhundertneunundneunzig'],
  [1000, 'duizend', 'mille', 'one thousand', 'eintausend'],
  [1001, 'duizend een', 'mille un', 'one thousand one', 'eintausendeins'],
  [2020, 'tweeduizend twintig', 'deux mille vingt', 'two thousand twenty', 'zweitausendzwanzig'],
  [21000, 'eenentwintigduizend', 'vingt et un mille', 'twenty-one thousand', 'einundzwanzigtausend'],
  [80000, 'tachtigduizend', 'quatre-vingt mille', 'eighty thousand', 'achtzigtausend'],
  [101000, 'honderdeenduizend', 'cent un mille', 'one hundred one thousand', 'einhunderteintausend'],
  [200000, 'tweehonderdduizend', 'deux cent mille', 'two hundred thousand', 'zweihunderttausend'],
  [285000, 'tweehonderdvijfentachtigduizend', 'deux cent quatre-vingt-cinq mille', 'two hundred eighty-five thousand', 'zweihundertfünfundachtzigtausend'],
  [
    285500,
    'tweehonderdvijfentachtigduizend vijfhonderd',
    'deux cent quatre-vingt-cinq mille cinq cents',
    'two hundred eighty-five thousand five hundred',
    'zweihundertfünfundachtzigtausendfünfhundert',
  ],
  [
    999999,
    'negenhonderdnegenennegentigduizend negenhonderdnegenennegentig',
    'neuf cent nonante-neuf mille neuf cent nonante-neuf',
    'nine hundred ninety-nine thousand nine hundred ninety-nine',
    'neunhundertneunundneunzigtausendneunhundertneunundneunzig',
  ],
  [1000000, 'een miljoen', 'un million', 'one million', 'eine Million'],
  [1000001, 'een miljoen een', 'un million un', 'one million one', 'eine Million eins'],
  [1250000, 'een miljoen tweehonderdvijftigduizend', 'un million deux cent cinquante mille', 'one million two hundred fifty thousand', 'eine Million zweihundertfünfzigtausend'],
  [2000000, 'twee miljoen', 'deux millions', 'two million', 'zwei Millionen'],
  [80000000, 'tachtig miljoen', 'quatre-vingts millions', 'eighty million', 'achtzig Millionen'],
  [200000000, 'tweehonderd miljoen', 'deux cents millions', 'two hundred million', 'zweihundert Millionen'],
  [
    999999999,
    'negenhonderdnegenennegentig miljoen negenhonderdnegenennegentigduizend negenhonderdnegenennegentig',
    'neuf cent nonante-neuf millions neuf cent nonante-neuf mille neuf cent nonante-neuf',
    'nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine',
    'neunhundertneunundneunzig Millionen neunhundertneunundneunzigtausendneunhundertneunundneunzig',
  ],
])('amountInWords(%s)', (amount, nl, fr, en, de) => {
  it.each([
    ['nl', nl],
    ['fr', fr],
    ['en', en],
    ['de', de],
  ])('%s → %s', (lang, expected) => {
    expect(amountInWords(amount, lang)).toBe(expected);
  });
});

describe('amountInWords: bad input', () => {
  it.each([
    ['1e9 is out of range', 1_000_000_000, 'nl'],
    ['negative', -1, 'fr'],
    ['fraction', 285000.5, 'en'],
    ['NaN', Number.NaN, 'de'],
    ['Infinity', Number.POSITIVE_INFINITY, 'nl'],
    ['string amount', '285000', 'nl'],
    ['null amount', null, 'nl'],
    ['undefined amount', undefined, 'nl'],
    ['unknown language', 285000, 'es'],
    ['uppercase language', 285000, 'NL'],
    ['empty language', 285000, ''],
    ['null language', 285000, null],
  ])('%s → null', (_label, amount, lang) => {
    expect(amountInWords(amount, lang)).toBeNull();
  });

  it('-0 reads as zero', () => {
    expect(amountInWords(-0, 'nl')).toBe('nul');
  });
});
