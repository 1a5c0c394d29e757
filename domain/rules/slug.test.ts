import { describe, it, expect } from 'vitest';
import { slugify, toPath, propertyPath, GOAL_SEGMENTS, type PropertyPathInput } from './slug.ts';

describe('slugify', () => {
  it.each<[string, Array<string | number | null | undefined>, string]>([
    ['one name', ['Villa'], 'villa'],
    ['joins names with hyphens', ['Nos services', 'Vente'], 'nos-services-vente'],
    ['accents', ['Écaussinnes', 'Liège', 'Gembloux-sur-Orneau'], 'ecaussinnes-liege-gembloux-sur-orneau'],
    ['combining accents (NFD input)', ['Lie\u0300ge'], 'liege'],
    ['cedilla and umlaut', ['Façade', 'Möbel'], 'facade-mobel'],
    ['ligatures', ['Œudeghien', 'Straße', 'Æ', 'ĳzer'], 'oeudeghien-strasse-ae-ijzer'],
    ['hyphens are kept as separators', ['Sint-Niklaas'], 'sint-niklaas'],
    ['apostrophes separate words', ["Braine-l'Alleud", 'Braine-l’Alleud'], 'braine-l-alleud-braine-l-alleud'],
    ['punctuation removed, words not glued', ['Villa (nieuwbouw)!', '2+1'], 'villa-nieuwbouw-2-1'],
    ['dots in numbers separate', ['3.5 kamers'], '3-5-kamers'],
    ['uppercase', ['APPARTEMENT'], 'appartement'],
    ['whitespace collapses', ['  a  \t b\n'], 'a-b'],
    ['NBSP', ['Rue\u00A0Haute'], 'rue-haute'],
    ['repeated hyphens collapse', ['a -- b'], 'a-b'],
    ['leading and trailing punctuation', ['-- Villa! --'], 'villa'],
    ['emoji removed', ['🏡 Villa 🌳'], 'villa'],
    ['ZWJ emoji removed', ['👨‍👩‍👧Huis'], 'huis'],
    ['numbers', ['Appartement', 2], 'appartement-2'],
    ['zero', [0], '0'],
    ['NaN skipped', ['a', Number.NaN, 'b'], 'a-b'],
    ['Infinity skipped', [Number.POSITIVE_INFINITY], ''],
    ['null and undefined skipped', [null, 'Namur', undefined], 'namur'],
    ['non-Latin letters dropped', ['Москва'], ''],
    ['dotted capital I', ['İzmir'], 'izmir'],
    ['empty string', [''], ''],
    ['no arguments', [], ''],
    ['only punctuation', ['?!…'], ''],
  ])('%s', (_label, names, expected) => {
    expect(slugify(...names)).toBe(expected);
  });
});

describe('toPath', () => {
  it.each<[Array<string | number | null | undefined>, string]>([
    [[], '/'],
    [[''], '/'],
    [['/'], '/'],
    [['nl'], '/nl/'],
    [['nl', 'te-koop'], '/nl/te-koop/'],
    [['/nl/', '/te-koop/'], '/nl/te-koop/'],
    [['nl//te-koop'], '/nl/te-koop/'],
    [['nl/te-koop', 'namur'], '/nl/te-koop/namur/'],
    [[' nl ', '  '], '/nl/'],
    [['property', 123], '/property/123/'],
    [['nl', null, undefined, 'x'], '/nl/x/'],
  ])('toPath(%j) → %s', (segments, expected) => {
    expect(toPath(...segments)).toBe(expected);
  });
});

describe('GOAL_SEGMENTS', () => {
  it('matches the localized list paths', () => {
    expect(GOAL_SEGMENTS).toEqual({
      nl: { sale: 'te-koop', rent: 'te-huur' },
      fr: { sale: 'a-vendre', rent: 'a-louer' },
      en: { sale: 'for-sale', rent: 'for-rent' },
      de: { sale: 'zu-verkaufen', rent: 'zu-vermieten' },
    });
  });
});

const BASE: PropertyPathInput = { lang: 'nl', goal: 0, city: 'Namur', type: 'Maison', id: 4512345 };

describe('propertyPath', () => {
  it.each<[string, Partial<PropertyPathInput>, string | null]>([
    ['nl sale', {}, '/nl/te-koop/namur/maison/4512345/'],
    ['nl rent', { goal: 1 }, '/nl/te-huur/namur/maison/4512345/'],
    ['fr sale', { lang: 'fr' }, '/fr/a-vendre/namur/maison/4512345/'],
    ['fr rent', { lang: 'fr', goal: 2 }, '/fr/a-louer/namur/maison/4512345/'],
    ['en sale', { lang: 'en' }, '/en/for-sale/namur/maison/4512345/'],
    ['en rent', { lang: 'en', goal: 1 }, '/en/for-rent/namur/maison/4512345/'],
    ['de sale', { lang: 'de' }, '/de/zu-verkaufen/namur/maison/4512345/'],
    ['de rent', { lang: 'de', goal: 1 }, '/de/zu-vermieten/namur/maison/4512345/'],
    ['goal null is rent', { goal: null }, '/nl/te-huur/namur/maison/4512345/'],
    ['accented city and type', { city: 'Liège', type: 'Maison de maître' }, '/nl/te-koop/liege/maison-de-maitre/4512345/'],
    ['string id', { id: ' 42 ' }, '/nl/te-koop/namur/maison/42/'],
    ['unknown language', { lang: 'es' }, null],
    ['uppercase language', { lang: 'NL' }, null],
    ['empty language', { lang: '' }, null],
    ['empty city', { city: '' }, null],
    ['null city', { city: null }, null],
    ['emoji-only type', { type: '🏠' }, null],
    ['undefined type', { type: undefined }, null],
    ['id 0', { id: 0 }, null],
    ['negative id', { id: -5 }, null],
    ['fractional id', { id: 1.5 }, null],
    ['NaN id', { id: Number.NaN }, null],
    ['unsafe id', { id: '99999999999999999999' }, null],
    ['id with path', { id: '1/../admin' }, null],
    ['id with leading zero', { id: '007' }, null],
    ['empty id', { id: '' }, null],
    ['null id', { id: null }, null],
  ])('%s', (_label, change, expected) => {
    expect(propertyPath({ ...BASE, ...change })).toBe(expected);
  });
});
