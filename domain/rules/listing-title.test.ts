import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator.ts';
import fr from '../../content/demo/translations/fr.json';
import nl from '../../content/demo/translations/nl.json';
import en from '../../content/demo/translations/en.json';
import de from '../../content/demo/translations/de.json';
import { listingDescription, listingTitle, type TitledCard } from './listing-title.ts';

const house: TitledCard = {
  goal: 0,
  price: 379_000,
  publishPrice: true,
  priceUnit: 0,
  priceUnitText: '',
  marquee: 0,
  marqueeName: null,
  priceOnDemand: false,
  typeDescription: '',
  mainTypeName: 'Maison',
  city: 'Namur',
  zip: '5000',
  bedrooms: 3,
  surfaceLiving: 180,
};
const t = (lang: 'fr' | 'nl' | 'en' | 'de', dict: Record<string, string>) => createTranslator(lang, dict).t;

describe('listingTitle: as the portals name a listing', () => {
  it.each<[string, TitledCard, 'fr' | 'nl' | 'en' | 'de', Record<string, string>, string]>([
    ['a house for sale', house, 'fr', fr, 'Maison à vendre à Namur – 3 ch. – € 379.000'],
    ['in Dutch', { ...house, mainTypeName: 'Huis', city: 'Namen' }, 'nl', nl, 'Huis te koop in Namen – 3 slpk. – € 379.000'],
    ['in English', { ...house, mainTypeName: 'House' }, 'en', en, 'House for sale in Namur – 3 bed. – € 379.000'],
    ['in German', { ...house, mainTypeName: 'Haus' }, 'de', de, 'Haus zu verkaufen in Namur – 3 Schlafz. – € 379.000'],
    ['a flat to rent', { ...house, goal: 1, price: 950, mainTypeName: 'Appartement', bedrooms: 1 }, 'fr', fr, 'Appartement à louer à Namur – 1 ch. – € 950 par mois'],
    ['a plot, no bedroom', { ...house, mainTypeName: 'Terrain', bedrooms: null }, 'fr', fr, 'Terrain à vendre à Namur – € 379.000'],
    ['a price on request', { ...house, publishPrice: false }, 'fr', fr, 'Maison à vendre à Namur – 3 ch. – Prix sur demande'],
    // The CRM names the main type in its own language; the listing's type is in the page's.
    [
      'the listing’s own type in Dutch, not the CRM’s French',
      { ...house, mainTypeName: 'Maison', typeDescription: 'Gesloten bebouwing', city: 'Ciney' },
      'nl',
      nl,
      'Gesloten bebouwing te koop in Ciney – 3 slpk. – € 379.000',
    ],
  ])('%s', (_what, card, lang, dict, title) => {
    expect(listingTitle(card, t(lang, dict), [])).toBe(title);
  });
});

describe('listingDescription', () => {
  it('says the facts first, then the agency’s words, within 160 characters', () => {
    const text = listingDescription({ ...house, epc: 'C' }, t('fr', fr), [], `<p>${'Belle maison lumineuse avec jardin. '.repeat(10)}</p>`);
    expect(text.startsWith('Maison à vendre à Namur (5000)\u00a0: 3 chambres, 180 m² habitables, PEB C, € 379.000. Belle maison')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
  });
});
