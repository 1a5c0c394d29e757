import { describe, expect, it } from 'vitest';
import type { AgencyView, CardView } from '../../domain/bundles.ts';
import type { ProjectPageView, PropertyPageView } from '../../domain/page-data.ts';
import { agencyNode, breadcrumbNode, internationalPhone, jsonLdGraph, projectNode, propertyNode } from './jsonld.ts';
import { cardFixture } from '../../test/fixtures/card.ts';

const ORIGIN = 'https://x.test';

const agency: AgencyView = {
  name: 'Agence',
  legalName: 'Agence SRL',
  street: 'Rue de Fer',
  houseNumber: '42',
  zip: '5000',
  city: 'Namur',
  countryId: 10,
  phone: '081 22 45 67',
  email: 'info@x.test',
  vatNumber: 'BE 0712.345.630',
  ipiNumber: '512.347',
  logoUrl: '/static/logo.svg',
  openingHours: [{ days: ['Monday', 'Friday'], opens: '09:00', closes: '18:00' }],
  geo: { lat: 50.46, lng: 4.86 },
};

const card: CardView = cardFixture();

function property(changes: { card?: Partial<CardView>; fields?: PropertyPageView['fields']; photos?: PropertyPageView['photos'] } = {}): PropertyPageView {
  return {
    card: { ...card, ...changes.card },
    twins: {},
    fields: {
      Street: 'Rue Haute',
      HouseNumber: '3',
      Latitude: 50.41,
      Longitude: 4.81,
      Bedrooms: 3,
      ExtraRooms: 1,
      Bathrooms: 1,
      SurfaceLiving: 150,
      ConstructionYear: 1990,
      CountryName: 'Belgique',
      ...changes.fields,
    },
    description: '<p>Belle <b>maison</b></p>',
    photos: changes.photos ?? [{ url: '/media/demo/7/1.jpg', width: 1050, height: 700, name: 'facade' }],
    documents: [],
    videoUrl: null,
    virtualTourUrl: null,
    address: null,
    epc: null,
    costs: null,
    renovationYears: null,
    similar: [],
    travel: null,
    land: null,
  };
}

const node = (p: PropertyPageView, marqueeIgnore: number[] = []) => propertyNode({ property: p, origin: ORIGIN, lang: 'fr', title: 'Maison – Namur', marqueeIgnore });

describe('internationalPhone', () => {
  it.each([
    ['081 22 45 67', 'BE', '+3281224567'],
    ['0471/23.45.67', 'BE', '+32471234567'],
    ['+32 81 22 45 67', 'BE', '+3281224567'],
    ['0032 81 22 45 67', 'BE', '+3281224567'],
    ['26 12 34 56', 'LU', '26 12 34 56'],
    ['021 123 456', 'XX', '021 123 456'],
  ])('%s in %s → %s', (phone, country, expected) => {
    expect(internationalPhone(phone, country)).toBe(expected);
  });
});

describe('agencyNode', () => {
  it('is a RealEstateAgent with address, phone, opening hours and languages', () => {
    expect(agencyNode(agency, ORIGIN, ['fr', 'nl'])).toEqual({
      '@type': 'RealEstateAgent',
      '@id': 'https://x.test/#agency',
      name: 'Agence',
      legalName: 'Agence SRL',
      url: 'https://x.test/',
      logo: 'https://x.test/static/logo.svg',
      image: 'https://x.test/static/logo.svg',
      telephone: '+3281224567',
      email: 'info@x.test',
      vatID: 'BE 0712.345.630',
      address: { '@type': 'PostalAddress', streetAddress: 'Rue de Fer 42', postalCode: '5000', addressLocality: 'Namur', addressCountry: 'BE' },
      geo: { '@type': 'GeoCoordinates', latitude: 50.46, longitude: 4.86 },
      openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Monday', 'https://schema.org/Friday'], opens: '09:00', closes: '18:00' }],
      knowsLanguage: ['fr', 'nl'],
    });
  });

  it('leaves opening hours out when the agency has none', () => {
    expect(agencyNode({ ...agency, openingHours: [] }, ORIGIN, ['fr'])).not.toHaveProperty('openingHoursSpecification');
  });
});

describe('breadcrumbNode', () => {
  it.each([
    [[], null],
    [[{ label: 'Accueil', path: '/fr/' }], null],
    [
      [
        { label: 'Accueil', path: '/fr/' },
        { label: 'À vendre', path: '/fr/a-vendre/' },
      ],
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Accueil', item: 'https://x.test/fr/' },
          { '@type': 'ListItem', position: 2, name: 'À vendre', item: 'https://x.test/fr/a-vendre/' },
        ],
      },
    ],
  ])('%j', (crumbs, expected) => {
    expect(breadcrumbNode(crumbs, ORIGIN)).toEqual(expected);
  });
});

describe('propertyNode', () => {
  it('a house for sale: listing, offer with price in EUR, the residence and its photos', () => {
    expect(node(property())).toEqual({
      '@type': 'RealEstateListing',
      '@id': 'https://x.test/fr/a-vendre/namur/maison/7/#listing',
      url: 'https://x.test/fr/a-vendre/namur/maison/7/',
      name: 'Maison – Namur',
      inLanguage: 'fr',
      description: 'Belle maison',
      datePosted: '2026-09-01T10:00:00Z',
      image: ['https://x.test/media/demo/7/1.jpg'],
      offers: {
        '@type': 'Offer',
        businessFunction: 'http://purl.org/goodrelations/v1#Sell',
        availability: 'https://schema.org/InStock',
        offeredBy: { '@id': 'https://x.test/#agency' },
        url: 'https://x.test/fr/a-vendre/namur/maison/7/',
        price: 300000,
        priceCurrency: 'EUR',
        itemOffered: {
          '@type': 'House',
          name: 'Maison – Namur',
          address: { '@type': 'PostalAddress', streetAddress: 'Rue Haute 3', postalCode: '5000', addressLocality: 'Namur', addressCountry: 'BE' },
          geo: { '@type': 'GeoCoordinates', latitude: 50.41, longitude: 4.81 },
          numberOfBedrooms: 3,
          numberOfRooms: 4,
          numberOfBathroomsTotal: 1,
          floorSize: { '@type': 'QuantitativeValue', value: 150, unitCode: 'MTK' },
          yearBuilt: 1990,
        },
      },
    });
  });

  type Offer = { [key: string]: unknown };
  const offerOf = (p: PropertyPageView, ignore: number[] = []): Offer => {
    const offers = node(p, ignore).offers;
    return typeof offers === 'object' && offers !== null && !Array.isArray(offers) ? offers : {};
  };

  it.each<[string, PropertyPageView, Offer]>([
    [
      'a rental is leased out, per month',
      property({ card: { goal: 1, price: 950 } }),
      { businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut', price: 950, priceSpecification: { '@type': 'UnitPriceSpecification', price: 950, priceCurrency: 'EUR', unitCode: 'MON' } },
    ],
    ['a sold house is sold out', property({ card: { status: 'sold' } }), { availability: 'https://schema.org/SoldOut' }],
    ['under option is limited', property({ card: { status: 'option' } }), { availability: 'https://schema.org/LimitedAvailability' }],
    ['an apartment', property({ card: { webIds: ['2'] } }), { itemOffered: expect.objectContaining({ '@type': 'Apartment' }) }],
    ['land is a place, without rooms', property({ card: { webIds: ['3'] }, fields: { SurfaceGround: 800 } }), { itemOffered: expect.not.objectContaining({ numberOfRooms: expect.anything() }) }],
    [
      'a hidden address has no street',
      property({ fields: { Street: null, HouseNumber: null } }),
      { itemOffered: expect.objectContaining({ address: { '@type': 'PostalAddress', postalCode: '5000', addressLocality: 'Namur', addressCountry: 'BE' } }) },
    ],
  ])('%s', (_, p, expected) => {
    expect(offerOf(p)).toMatchObject(expected);
  });

  it.each<[string, PropertyPageView, number[]]>([
    ['price on demand', property({ card: { priceOnDemand: true } }), []],
    ['price not published', property({ card: { publishPrice: false } }), []],
    ['a marquee shown instead of the price', property({ card: { marquee: 2, marqueeName: 'Vendu' } }), [2]],
  ])('no price when the page shows none: %s', (_, p, ignore) => {
    const offer = offerOf(p, ignore);
    expect(offer).not.toHaveProperty('price');
    expect(offer).not.toHaveProperty('priceCurrency');
  });

  it('no image for a property without photos', () => {
    expect(node(property({ photos: [] }))).not.toHaveProperty('image');
  });
});

describe('projectNode', () => {
  const project: ProjectPageView = {
    card: {
      id: 9,
      name: 'Résidence',
      path: '/fr/projets/residence/9/',
      external: false,
      city: 'Jambes',
      zip: '5100',
      priceMin: 190000,
      priceMax: null,
      picture: null,
      unitsAvailable: 2,
      unitsTotal: 5,
    },
    number: 'P-2026-01',
    country: 'Belgique',
    twins: {},
    description: 'Neuf',
    delivery: '',
    technical: '',
    situation: '',
    address: 'Boulevard 52, 5100 Jambes',
    lat: 50.45,
    lng: 4.87,
    photos: [{ url: '/media/projects/9/1.jpg', width: 1050, height: 700, name: '' }],
    documents: [],
    units: [
      { id: 1, name: 'A', floor: '0', requirement: '', bedrooms: 2, surface: 90, price: 245000, status: 'available' },
      { id: 2, name: 'B', floor: '1', requirement: '', bedrooms: 3, surface: 120, price: 420000, status: 'sold' },
    ],
  };

  it('is a listing of an apartment complex with an aggregate offer over its units', () => {
    expect(projectNode({ project, origin: ORIGIN, lang: 'fr' })).toMatchObject({
      '@type': 'RealEstateListing',
      url: 'https://x.test/fr/projets/residence/9/',
      image: ['https://x.test/media/projects/9/1.jpg'],
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'EUR',
        lowPrice: 190000,
        highPrice: 420000,
        offerCount: 2,
        availability: 'https://schema.org/InStock',
        itemOffered: {
          '@type': 'ApartmentComplex',
          address: { streetAddress: 'Boulevard 52', postalCode: '5100', addressLocality: 'Jambes' },
          geo: { latitude: 50.45, longitude: 4.87 },
          numberOfAccommodationUnits: 5,
          numberOfAvailableAccommodationUnits: 2,
        },
      },
    });
  });
});

describe('the energy label as a property of the residence (never a Product held to Google’s product rules)', () => {
  const energy = (zip: string, label: string, countryId = 10) => {
    const p = { ...property({ card: { zip, countryId } }), epc: { label, display: label.toUpperCase(), image: null } };
    return (node(p).offers as { itemOffered: Record<string, unknown> }).itemOffered;
  };
  it.each([
    ['a Flemish F on the A+…F scale', '3000', 'f', 'F', 'A1Plus', 'F'],
    ['a Walloon A++ on the A++…G scale', '5000', 'a_plusplus', 'A2Plus', 'A2Plus', 'G'],
    ['a Brussels C- (the category is the letter)', '1050', 'c_min', 'C', 'A1Plus', 'G'],
  ])('%s', (_name, zip, label, category, best, worst) => {
    void best;
    void worst;
    expect(energy(zip, label)).toMatchObject({
      '@type': 'House',
      additionalProperty: { '@type': 'PropertyValue', name: 'energyEfficiencyCategory', value: label, description: `https://schema.org/EUEnergyEfficiencyCategory${category}` },
    });
    expect(energy(zip, label)).not.toHaveProperty('hasEnergyConsumptionDetails');
  });
  it('leaves a Luxembourg label (A…I) out: it is not on the EU scale', () => {
    expect(energy('1340', 'h', 50)).toMatchObject({ '@type': 'House' });
    expect(energy('1340', 'h', 50)).not.toHaveProperty('additionalProperty');
  });
});

describe('jsonLdGraph', () => {
  it.each([
    [[], ''],
    [[{ '@type': 'Thing', name: 'a' }], '{"@context":"https://schema.org","@graph":[{"@type":"Thing","name":"a"}]}'],
  ])('%j', (nodes, expected) => {
    expect(jsonLdGraph(nodes)).toBe(expected);
  });
});
