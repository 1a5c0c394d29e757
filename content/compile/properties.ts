/** A property's card, detail view and neighbours, per language. */
import { documentView } from './documents.ts';
import type { CardView } from '../../domain/bundles.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import type { Lang } from '../../domain/lang.ts';
import { splitWebIds, toPropertyCard, type ContentSource, type PropertyDetail, type TranslatableText } from '../schema.ts';
import { GOAL_SEGMENTS, propertyPath } from '../../domain/rules/slug.ts';
import { LUXEMBOURG, epcDisplay, epcImagePath, epcOf } from '../../domain/rules/epc.ts';
import { regionOf } from '../../domain/rules/region.ts';
import { goalOf, isForSale } from '../../domain/rules/goal.ts';
import type { CostRegion } from '../../domain/rules/buying-costs.ts';
import { renovationDuty } from '../../domain/rules/renovation.ts';
import { goneOn } from '../../domain/rules/gone.ts';
import { type Ctx, type Twins, pictureOf, tr } from './context.ts';
import { crmText } from './crm-text.ts';
import { distanceKm, SIMILAR_COUNT } from '../../domain/rules/similar.ts';

export function typeLabel(p: PropertyDetail, lang: Lang, ctx: Ctx, categories: Map<string, ContentSource['categories'][number]>): string {
  return tr(p.TypeDescription, lang, ctx) || tr(categories.get(p.WebID)?.Name, lang, ctx) || p.MainTypeName;
}

export function cityName(p: { City: string; CityNames?: TranslatableText | undefined }, lang: Lang): string {
  return p.CityNames?.[lang] || p.City;
}

export function cardPath(p: PropertyDetail, lang: Lang, ctx: Ctx, categories: Map<string, ContentSource['categories'][number]>): string {
  return propertyPath({ lang, goal: p.Goal, city: cityName(p, lang), type: typeLabel(p, lang, ctx, categories), id: p.ID }) ?? `/${lang}/${GOAL_SEGMENTS[lang].sale}/property/property/${p.ID}/`;
}

export function cardOf(p: PropertyDetail, lang: Lang, ctx: Ctx, categories: Map<string, ContentSource['categories'][number]>): CardView {
  const card = toPropertyCard(p, lang);
  return {
    id: card.ID,
    goal: card.Goal,
    reference: card.RecordFile,
    path: cardPath(p, lang, ctx, categories),
    city: card.City,
    zip: card.Zip,
    countryId: card.CountryID,
    typeDescription: typeLabel(p, lang, ctx, categories),
    mainTypeName: card.MainTypeName,
    webIds: [...new Set([card.WebID, ...splitWebIds(card.WebIDs)])],
    marquee: card.Marquee,
    marqueeName: p.MarqueeName ? tr(p.MarqueeName, lang, ctx) || null : null,
    price: card.Price,
    publishPrice: card.PublishPrice,
    priceUnit: card.PriceUnit,
    priceUnitText: card.PriceUnitText || tr(p.PriceUnitText, lang, ctx),
    priceOnDemand: card.PriceOnDemand,
    ...(p.PriceReduction && card.Price !== null && p.PriceReduction.PreviousPrice > card.Price ? { priceDrop: { from: p.PriceReduction.PreviousPrice, on: p.PriceReduction.Date } } : {}),
    bedrooms: card.Bedrooms,
    surfaceLiving: card.SurfaceLiving,
    surfaceGround: p.SurfaceGround,
    features: featuresOf(p),
    epcLabelText: card.EPCLabelText ?? '',
    energyPerformance: card.EnergyPerformance,
    status: card.Status,
    ...goneField(p, ctx),
    createDate: card.CreateDate,
    lat: card.Latitude,
    lng: card.Longitude,
    picture: card.SmallPictureItem ? pictureOf(card.SmallPictureItem) : null,
  };
}

/** The features a list filters on, from the listing's own fields. */
export function featuresOf(p: PropertyDetail): CardView['features'] {
  const features: CardView['features'] = [];
  if ((p.SurfaceGarden ?? 0) > 0) features.push('garden');
  if ((p.Garages ?? 0) + (p.Parkings ?? 0) > 0) features.push('parking');
  if ((p.SurfaceTerrace ?? 0) > 0) features.push('terrace');
  if (p.Condition === 'new' || (p.ProjectID ?? null) !== null) features.push('new');
  return features;
}

/** Sold and rented listings carry the day they go (410, out of lists and sitemap); others nothing. */
export function goneField(p: PropertyDetail, ctx: Ctx): { goneOn?: string } {
  const day = goneOn(p.Status, p.StatusDate ?? p.ModifyDate, ctx.source.site.siteInfo.soldListingGraceDays);
  return day ? { goneOn: day } : {};
}

/** Scalar CRM fields of a property for the detail page; translatable ones resolved. */
/** For each property, the nearest available ones of the same main category and goal. */
export function similarProperties(cards: CardView[]): Map<number, CardView[]> {
  const groups = new Map<string, CardView[]>();
  for (const card of cards) {
    if (card.status === 'sold' || card.status === 'rented') continue;
    const key = `${goalOf(card.goal)}|${card.webIds[0] ?? ''}|${card.countryId}`;
    groups.set(key, [...(groups.get(key) ?? []), card]);
  }
  const out = new Map<number, CardView[]>();
  for (const card of cards) {
    const group = groups.get(`${goalOf(card.goal)}|${card.webIds[0] ?? ''}|${card.countryId}`) ?? [];
    const nearest = group
      .filter((other) => other.id !== card.id)
      .map((other) => ({ other, d: distanceKm(card, other) }))
      .sort((a, b) => a.d - b.d || a.other.id - b.other.id)
      .slice(0, SIMILAR_COUNT)
      .map((x) => x.other);
    out.set(card.id, nearest);
  }
  return out;
}

/** The region whose duties a purchase pays: a Belgian postcode's region, or Luxembourg. */
function costRegionOf(p: PropertyDetail): CostRegion | null {
  if (p.CountryID === LUXEMBOURG) return 'luxembourg';
  return regionOf(p.Zip, p.CountryID);
}

/**
 * The estimate's inputs for a listing for sale with a published price: its region's dated
 * rates (conditions in `lang`), so the page picks the entry in force on the day it is shown.
 */
export function costsOf(p: PropertyDetail, lang: Lang, ctx: Ctx): PropertyPageView['costs'] {
  if (!isForSale(p.Goal) || !p.PublishPrice || p.PriceOnDemand || p.Price === null) return null;
  const region = costRegionOf(p);
  if (region === null) return null;
  const { registration, notary, mortgage, energy } = ctx.source.site.buyingCosts;
  const entries = registration.filter((e) => e.region === region).map((e) => ({ ...e, conditions: e.conditions[lang] ?? e.conditions.fr }));
  if (entries.length === 0) return null;
  return { price: p.Price, region, rates: { registration: entries, notary, mortgage, energy }, energyScore: p.EnergyPerformance, livingArea: p.SurfaceLiving };
}

export const RENOVATION_TYPES: Record<string, string> = { '1': 'house', '2': 'apartment' };

export function propertyView(
  p: PropertyDetail,
  card: CardView,
  twins: Twins,
  lang: Lang,
  ctx: Ctx,
  similar: CardView[],
  travel: PropertyPageView['travel'] = null,
  land: PropertyPageView['land'] = null,
): PropertyPageView {
  const fields: PropertyPageView['fields'] = {};
  for (const [key, value] of Object.entries(p)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  if (!p.PublishAddress) {
    fields.Street = null;
    fields.HouseNumber = null;
    fields.BoxNr = null;
    fields.Latitude = card.lat;
    fields.Longitude = card.lng;
  }
  // A price kept on demand stays out of the page, and so do the costs computed from it.
  if (!card.publishPrice || card.priceOnDemand) {
    fields.Price = null;
    fields.RegistrationRights = null;
    fields.NotaryFeeIncVat = null;
    fields.NotaryFeeExVat = null;
  }
  fields.CountryName = tr(p.CountryName, lang, ctx);
  if (p.LifeAnnuity) {
    fields.LifeAnnuityType = p.LifeAnnuity.Type;
    fields.LifeAnnuityAgeMan = p.LifeAnnuity.AgeMan;
    fields.LifeAnnuityAgeWoman = p.LifeAnnuity.AgeWoman;
    fields.LifeAnnuityIndexedRent = p.LifeAnnuity.IndexedRent;
  }
  // One figure per cost: where the page estimates the duties and the deed from the dated rules
  // (recomputed with the price), the CRM's own figures, typed once and never updated, stay out.
  const costs = costsOf(p, lang, ctx);
  if (costs) {
    fields.RegistrationRights = null;
    fields.NotaryFeeIncVat = null;
    fields.NotaryFeeExVat = null;
  }
  const address = p.PublishAddress ? [`${p.Street} ${p.HouseNumber}${p.BoxNr ? ` bte ${p.BoxNr}` : ''}`.trim(), `${p.Zip} ${card.city}`].filter(Boolean).join(', ') : null;
  return {
    card,
    twins,
    fields,
    description: crmText(tr(p.Description, lang, ctx)),
    photos: p.Photos.map((ph) => ({ url: ph.Url, width: ph.Width, height: ph.Height, name: ph.Name })),
    documents: p.Documents.map((d) => documentView(d, tr(d.name, lang, ctx))),
    videoUrl: p.VideoUrl,
    virtualTourUrl: p.VirtualTourUrl,
    address,
    epc: epcViewOf(p),
    costs,
    renovationYears: renovationYearsOf(p, lang),
    similar,
    travel,
    land,
  };
}

export function epcViewOf(p: PropertyDetail): PropertyPageView['epc'] {
  const found = epcOf({ value: p.EnergyPerformance, zip: p.Zip, countryId: p.CountryID, labelText: p.EPCLabelText });
  return found ? { label: found.label, display: epcDisplay(found.label), image: epcImagePath(found.scheme, found.label) } : null;
}

/** A buyer today, of a house or flat labelled E or F, must renovate; rentals are not bought. */
export function renovationYearsOf(p: PropertyDetail, lang: Lang): number | null {
  if (!isForSale(p.Goal)) return null;
  const label = epcOf({ value: p.EnergyPerformance, zip: p.Zip, countryId: p.CountryID, labelText: p.EPCLabelText })?.label ?? null;
  const duty = renovationDuty({ mainType: RENOVATION_TYPES[p.WebID] ?? null, label, purchaseYear: new Date().getUTCFullYear(), lang, region: regionOf(p.Zip, p.CountryID) });
  return duty.required ? duty.years : null;
}
