import { describe, expect, it } from 'vitest';
import { LAYER_RULES, placeName, priceKindOf, radonClass, statbelKindOf, type LayerName } from './layers.ts';

/** Each layer's words, as its publishers write them, and the class the site explains; null: a value no rule knows. */
const CASES: [LayerName, unknown, string | null][] = [
  ['flood-wallonia', 'Élevé', 'high'],
  ['flood-wallonia', 'ELEVE', 'high'],
  ['flood-wallonia', 'Très  faible', 'very-low'],
  ['flood-wallonia', 'Aléa moyen', 'medium'],
  ['flood-wallonia', 2, 'low'],
  ['flood-wallonia', 'faible', 'low'],
  ['flood-wallonia', 'inondable', null],
  ['flood-wallonia', null, null],
  ['runoff-wallonia', 'Axe de ruissellement', 'runoff'],
  ['flood-flanders-parcel', 'c', 'C'],
  ['flood-flanders-parcel', 'D', 'D'],
  ['flood-flanders-parcel', 'E', null],
  ['flood-flanders-building', ' b ', 'B'],
  ['flood-luxembourg', 'HQ10', 'high'],
  ['flood-luxembourg', 'HQ 100', 'medium'],
  ['flood-luxembourg', 'HQextrême', 'low'],
  ['flood-luxembourg', 'HQ1000', null],
  ['zoning-wallonia', 'Zone d’habitat', 'residential'],
  ['zoning-wallonia', "Zone d'habitat à caractère rural", 'residential-rural'],
  ['zoning-wallonia', 'Zone agricole', 'agricultural'],
  ['zoning-wallonia', 'Zone forestière', 'forest'],
  ['zoning-wallonia', 'Zone de parc', 'park'],
  ['zoning-wallonia', "Zone d'activité économique industrielle", 'economic'],
  ['zoning-wallonia', "Zone d'aménagement communal concerté", 'mixed'],
  ['zoning-wallonia', "Zone d'extraction", 'other'],
  ['zoning-wallonia', '', null],
  ['zoning-flanders', 'woongebied met landelijk karakter', 'residential-rural'],
  ['zoning-flanders', 'Woongebied', 'residential'],
  ['zoning-flanders', 'agrarisch gebied', 'agricultural'],
  ['zoning-flanders', 'industriegebied', 'economic'],
  ['zoning-flanders', 'natuurgebied', 'other'],
  ['noise-road', 55, '55-59'],
  ['noise-road', '65-69', '65-69'],
  ['noise-road', 'Lden 70 - 74 dB', '70-74'],
  ['noise-road', '>= 75', '75+'],
  ['noise-road', 80, '75+'],
  ['noise-road', 50, null],
  ['noise-rail', 'geen', null],
  ['communes', 92094, '92094'],
  ['communes', ' 24062 ', '24062'],
  ['communes', '', null],
];

describe('a layer’s class from its publisher’s words', () => {
  it.each(CASES)('%s: %j → %j', (layer, raw, expected) => {
    expect(LAYER_RULES[layer].classOf(raw)).toBe(expected);
  });
});

describe('radon classes, kinds of property, place names', () => {
  it.each([
    ['2a', '2a'],
    ['Classe 1B', '1b'],
    ['klasse 3', '3'],
    [0, '0'],
    ['4', null],
  ] as const)('radon %j → %j', (raw, expected) => expect(radonClass(raw)).toBe(expected));

  it.each([
    ['Maisons d’habitation ordinaires', 'house'],
    ['Gewone woonhuizen', 'house'],
    ['Villas, bungalows, maisons de campagne', 'villa'],
    ['Appartements, flats, studios', 'apartment'],
    ['Bouwgronden', 'land'],
    ['Terrains à bâtir', 'land'],
    ['Garages', null],
  ] as const)('Statbel %j → %j', (raw, expected) => expect(statbelKindOf(raw)).toBe(expected));

  it.each([
    ['1', 'Maison', 'house'],
    ['1', 'Villa', 'villa'],
    ['2', 'Appartement', 'apartment'],
    ['17', 'Studio', 'apartment'],
    ['3', 'Terrain', 'land'],
    ['5', 'Commerce', null],
    ['4', 'Garage', null],
  ] as const)('listing %s %s → %j', (webId, type, expected) => expect(priceKindOf(webId, type)).toBe(expected));

  it.each([
    ['Louvain|Leuven', 'fr', true, 'Louvain'],
    ['Louvain|Leuven', 'nl', true, 'Leuven'],
    ['Louvain|Leuven', 'en', true, 'Leuven'],
    ['Namur|Namen', 'de', false, 'Namur'],
    ['Dinant', 'nl', false, 'Dinant'],
  ] as const)('%s in %s (Flemish %s) → %s', (name, lang, flemish, expected) => expect(placeName(name, lang, flemish)).toBe(expected));
});
