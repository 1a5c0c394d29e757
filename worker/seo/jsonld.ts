/**
 * schema.org structured data (JSON-LD) of the pages: the agency on every page, the
 * breadcrumb trail, and on detail pages the listing with its offer and the residence.
 * Pure builders over the views the pages already have, so they are unit-tested alone.
 */
import { schemaAvailability } from '../../domain/rules/listing-status.ts';
import type { AgencyView, ArticleView } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { Crumb, ProjectPageView, PropertyPageView } from '../../domain/page-data.ts';
import { priceParts } from '../../domain/rules/price.ts';
import { isForSale } from '../../domain/rules/goal.ts';
import { BELGIUM } from '../../domain/rules/region.ts';
import { summarize } from '../../domain/rules/text.ts';
import { EPC_BANDS, epcScheme } from '../../domain/rules/epc.ts';

/** A JSON value, as JSON-LD is made of. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** One schema.org node of a page's graph. */
export type JsonLdNode = { [key: string]: JsonValue };

/**
 * The page's nodes as one JSON-LD document; '' when there are none.
 * Why text: it is computed once on the worker and shipped as is; the script component
 * escapes '<' so content can never close the script element.
 */
export function jsonLdGraph(nodes: readonly JsonLdNode[]): string {
  return nodes.length === 0 ? '' : JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes });
}

const COUNTRY_CODES: Record<number, string> = { [BELGIUM]: 'BE', 50: 'LU' };
const CALLING_CODES: Record<string, string> = { BE: '32', LU: '352' };
const GOODRELATIONS = 'http://purl.org/goodrelations/v1#';

/** The agency node's @id, so listings can point at it as their seller. */
export function agencyId(origin: string): string {
  return `${origin}/#agency`;
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * A national number ('081 22 45 67') in international form ('+3281224567').
 * Why: schema.org telephone is read by machines that do not know the agency's country.
 */
export function internationalPhone(phone: string, countryCode: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  const calling = CALLING_CODES[countryCode];
  if (!calling || !digits.startsWith('0')) return trimmed;
  return `+${calling}${digits.slice(1)}`;
}

function countryOf(countryId: number, name: string | null): string | null {
  return COUNTRY_CODES[countryId] ?? (name || null);
}

function postalAddress(parts: { street: string | null; zip: string; city: string; country: string | null }): JsonLdNode {
  const address: JsonLdNode = { '@type': 'PostalAddress', postalCode: parts.zip, addressLocality: parts.city };
  if (parts.street) address.streetAddress = parts.street;
  if (parts.country) address.addressCountry = parts.country;
  return address;
}

function geo(lat: unknown, lng: unknown): JsonLdNode | null {
  return typeof lat === 'number' && typeof lng === 'number' ? { '@type': 'GeoCoordinates', latitude: lat, longitude: lng } : null;
}

/** The agency as a RealEstateAgent: address, phone, opening hours, languages. */
export function agencyNode(agency: AgencyView, origin: string, languages: readonly Lang[]): JsonLdNode {
  const country = countryOf(agency.countryId, null) ?? 'BE';
  const node: JsonLdNode = {
    '@type': 'RealEstateAgent',
    '@id': agencyId(origin),
    name: agency.name,
    legalName: agency.legalName,
    url: `${origin}/`,
    logo: absolute(origin, agency.logoUrl),
    image: absolute(origin, agency.logoUrl),
    telephone: internationalPhone(agency.phone, country),
    email: agency.email,
    vatID: agency.vatNumber,
    address: postalAddress({ street: `${agency.street} ${agency.houseNumber}`.trim(), zip: agency.zip, city: agency.city, country }),
    knowsLanguage: [...languages],
  };
  const position = geo(agency.geo.lat, agency.geo.lng);
  if (position) node.geo = position;
  if (agency.openingHours.length > 0) {
    node.openingHoursSpecification = agency.openingHours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.days.map((d) => `https://schema.org/${d}`),
      opens: h.opens,
      closes: h.closes,
    }));
  }
  return node;
}

/** The breadcrumb trail as a BreadcrumbList; null for a trail of one (home). */
export function breadcrumbNode(crumbs: readonly Crumb[], origin: string): JsonLdNode | null {
  if (crumbs.length < 2) return null;
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.label, item: absolute(origin, crumb.path) })),
  };
}

/** schema.org type of the thing offered, by category WebID: houses, flats, rooms; land and shops are places. */
const RESIDENCE_TYPES: Record<string, string> = { '1': 'House', '2': 'Apartment', '4': 'Accommodation', '17': 'Accommodation' };

function numberField(fields: PropertyPageView['fields'], key: string): number | null {
  const value = fields[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

export interface PropertyNodeInput {
  property: PropertyPageView;
  origin: string;
  lang: Lang;
  title: string;
  marqueeIgnore: readonly number[];
}

/** schema.org's EU energy category for a Belgian label id ('a_plus' → EUEnergyEfficiencyCategoryA1Plus); null off the A–G scale. */
function euCategory(label: string): string | null {
  const match = /^([a-g])(?:_(plusplus|plus|min))?$/.exec(label);
  if (!match) return null;
  const [, letter = '', suffix] = match;
  const plus = letter === 'a' && suffix === 'plusplus' ? '2Plus' : letter === 'a' && suffix === 'plus' ? '1Plus' : '';
  return `https://schema.org/EUEnergyEfficiencyCategory${letter.toUpperCase()}${plus}`;
}

/** The EPC label as EnergyConsumptionDetails, with the region's scale: Belgian labels only. */
function energyDetails(property: PropertyPageView): JsonLdNode | null {
  const scheme = epcScheme(property.card.zip, property.card.countryId);
  if (!property.epc || scheme === null || scheme === 'luxembourg') return null;
  const category = euCategory(property.epc.label);
  const bands = EPC_BANDS[scheme];
  const best = euCategory(bands[0]?.[0] ?? '');
  const worst = euCategory(bands[bands.length - 1]?.[0] ?? '');
  if (!category || !best || !worst) return null;
  return { '@type': 'EnergyConsumptionDetails', hasEnergyEfficiencyCategory: category, energyEfficiencyScaleMax: best, energyEfficiencyScaleMin: worst };
}

/**
 * A property detail as a RealEstateListing whose Offer (price in EUR, sale or lease by
 * GoodRelations businessFunction) offers the residence (address, geo, rooms, floor size).
 * A price the page does not show (on demand, hidden, marquee) is not published here either.
 */
export function propertyNode({ property, origin, lang, title, marqueeIgnore }: PropertyNodeInput): JsonLdNode {
  const { card, fields } = property;
  const url = absolute(origin, card.path);
  const type = RESIDENCE_TYPES[card.webIds[0] ?? ''] ?? 'Place';
  const residence: JsonLdNode = {
    '@type': type,
    name: title,
    address: postalAddress({
      street: typeof fields.Street === 'string' && fields.Street ? `${fields.Street} ${typeof fields.HouseNumber === 'string' ? fields.HouseNumber : ''}`.trim() : null,
      zip: card.zip,
      city: card.city,
      country: countryOf(card.countryId, typeof fields.CountryName === 'string' ? fields.CountryName : null),
    }),
  };
  const position = geo(fields.Latitude ?? card.lat, fields.Longitude ?? card.lng);
  if (position) residence.geo = position;
  if (type !== 'Place') {
    const bedrooms = numberField(fields, 'Bedrooms');
    const bathrooms = numberField(fields, 'Bathrooms');
    const surface = numberField(fields, 'SurfaceLiving') ?? numberField(fields, 'SurfaceTotal');
    const year = numberField(fields, 'ConstructionYear');
    if (bedrooms !== null) {
      residence.numberOfBedrooms = bedrooms;
      residence.numberOfRooms = bedrooms + (numberField(fields, 'ExtraRooms') ?? 0);
    }
    if (bathrooms !== null) residence.numberOfBathroomsTotal = bathrooms;
    if (surface !== null) residence.floorSize = { '@type': 'QuantitativeValue', value: surface, unitCode: 'MTK' };
    if (year !== null) residence.yearBuilt = year;
  }
  const extra: JsonLdNode[] = [];
  if (type === 'Place') {
    const ground = numberField(fields, 'SurfaceGround') ?? numberField(fields, 'SurfaceTotal');
    if (ground !== null) extra.push({ '@type': 'PropertyValue', name: 'surface', value: ground, unitCode: 'MTK' });
  }
  // The energy class as a property of the residence. Typed as a Product it would be held to
  // Google's product-snippet rules (offers, reviews or ratings of its own), which a residence
  // offered through its listing's Offer does not meet.
  const energy = energyDetails(property);
  if (energy && property.epc) extra.push({ '@type': 'PropertyValue', name: 'energyEfficiencyCategory', value: property.epc.label, description: String(energy.hasEnergyEfficiencyCategory) });
  if (extra.length > 0) residence.additionalProperty = extra.length === 1 ? (extra[0] as JsonLdNode) : extra;

  const sale = isForSale(card.goal);
  const offer: JsonLdNode = {
    '@type': 'Offer',
    businessFunction: `${GOODRELATIONS}${sale ? 'Sell' : 'LeaseOut'}`,
    availability: schemaAvailability(card.status),
    offeredBy: { '@id': agencyId(origin) },
    itemOffered: residence,
    url,
  };
  const shown = priceParts(
    { Goal: card.goal, Price: card.price, PublishPrice: card.publishPrice, PriceUnit: card.priceUnit, Marquee: card.marquee, MarqueeName: card.marqueeName, priceOnDemand: card.priceOnDemand },
    { marqueeIgnore, t: (key) => key },
  );
  if (shown.kind === 'price' && card.price !== null) {
    offer.price = card.price;
    offer.priceCurrency = 'EUR';
    // A rent is per month, which a bare Offer price cannot say.
    if (!sale) offer.priceSpecification = { '@type': 'UnitPriceSpecification', price: card.price, priceCurrency: 'EUR', unitCode: 'MON' };
  }

  const node: JsonLdNode = {
    '@type': 'RealEstateListing',
    '@id': `${url}#listing`,
    url,
    name: title,
    inLanguage: lang,
    description: summarize(property.description, 300),
    offers: offer,
  };
  if (card.createDate) node.datePosted = card.createDate;
  if (property.photos.length > 0) node.image = property.photos.map((p) => absolute(origin, p.url));
  return node;
}

/** A new-build project as a RealEstateListing of an ApartmentComplex with an AggregateOffer over its units. */
export function projectNode({ project, origin, lang }: { project: ProjectPageView; origin: string; lang: Lang }): JsonLdNode {
  const { card } = project;
  const url = absolute(origin, card.path);
  const complex: JsonLdNode = {
    '@type': 'ApartmentComplex',
    name: card.name,
    address: postalAddress({ street: project.address ? project.address.split(',')[0]?.trim() || null : null, zip: card.zip, city: card.city, country: 'BE' }),
    numberOfAccommodationUnits: card.unitsTotal,
    numberOfAvailableAccommodationUnits: card.unitsAvailable,
  };
  const position = geo(project.lat, project.lng);
  if (position) complex.geo = position;
  const prices = project.units.map((u) => u.price).filter((p): p is number => typeof p === 'number' && p > 0);
  const low = card.priceMin ?? (prices.length > 0 ? Math.min(...prices) : null);
  const high = card.priceMax ?? (prices.length > 0 ? Math.max(...prices) : null);
  const offer: JsonLdNode = {
    '@type': 'AggregateOffer',
    businessFunction: `${GOODRELATIONS}Sell`,
    priceCurrency: 'EUR',
    offerCount: card.unitsAvailable,
    availability: card.unitsAvailable > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    offeredBy: { '@id': agencyId(origin) },
    itemOffered: complex,
    url,
  };
  if (low !== null) offer.lowPrice = low;
  if (high !== null) offer.highPrice = high;
  const node: JsonLdNode = {
    '@type': 'RealEstateListing',
    '@id': `${url}#listing`,
    url,
    name: card.name,
    inLanguage: lang,
    description: summarize(project.description, 300),
    offers: offer,
  };
  if (project.photos.length > 0) node.image = project.photos.map((p) => absolute(origin, p.url));
  return node;
}

/** An article page: its headline and summary, in its language, published by the agency. */
export function articleNode({ article, path, origin, lang }: { article: ArticleView; path: string; origin: string; lang: Lang }): JsonLdNode {
  const url = absolute(origin, path);
  const node: JsonLdNode = {
    '@type': 'Article',
    '@id': `${url}#article`,
    url,
    mainEntityOfPage: url,
    headline: article.title.slice(0, 110),
    inLanguage: lang,
    author: { '@id': agencyId(origin) },
    publisher: { '@id': agencyId(origin) },
  };
  if (article.summary) node.description = article.summary;
  if (article.image) node.image = absolute(origin, article.image);
  if (article.published) node.datePublished = article.published;
  return node;
}
