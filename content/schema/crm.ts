import * as z from 'zod';
import { Count, IsoDate, IsoTimestamp, Lang, Latitude, Longitude, Money, Surface, TranslatableText, UrlOrPath, Zip, opt } from './primitives.ts';
import { Goal } from './menu.ts';
import {
  HEATING_TYPES,
  KITCHEN_TYPES,
  GLAZING_TYPES,
  FRAME_TYPES,
  ROOF_MATERIALS,
  CONDITIONS,
  FLOOR_COVERINGS,
  ORIENTATIONS,
  ZONINGS,
  AVAILABILITIES,
  CERTIFICATE_STATES,
  GROUND_STATES,
  ASBESTOS_TYPES,
  FLOOD_ZONES,
  LIFE_ANNUITY_TYPES,
  DOCUMENT_KINDS,
  UNIT_KINDS,
  PROPERTY_STATUSES,
  UNIT_STATUSES,
  WaterScore,
} from './codes.ts';

// ───────────────────────────── CRM: categories, properties, projects ─────────────────────────────

/** Web category of properties (1 houses, 2 apartments, 3 land, 4 others, 17 furnished, 5 commerce). */
export const Category = z.object({
  ID: z.number().int(),
  WebID: z.string().regex(/^\d+$/, 'expected a numeric string'),
  Name: TranslatableText,
  ShowOrder: z.number().int(),
  Sale: z.boolean(),
  Rent: z.boolean(),
});
export type Category = z.infer<typeof Category>;

export const Photo = z.object({
  ID: z.number().int(),
  Url: UrlOrPath,
  Width: z.number().int().positive(),
  Height: z.number().int().positive(),
  Name: z.string().default(''),
});
export type Photo = z.infer<typeof Photo>;

export const PropertyDocument = z.object({
  name: TranslatableText,
  kind: z.enum(DOCUMENT_KINDS),
  /** true: sent by e-mail on request (document request form); false: downloadable at url. */
  requestOnly: z.boolean().default(true),
  url: opt(UrlOrPath),
});
export type PropertyDocument = z.infer<typeof PropertyDocument>;

export const LifeAnnuity = z.object({
  AgeMan: opt(Count),
  AgeWoman: opt(Count),
  Type: z.enum(LIFE_ANNUITY_TYPES),
  /** Monthly annuity in €, indexed. */
  IndexedRent: Money,
});
export type LifeAnnuity = z.infer<typeof LifeAnnuity>;

export const WebIDs = z.string().regex(/^(?:\d+(?:\s*,\s*\d+)*)?$/, "expected a comma-separated list of web ids like '1, 2'");

/** Splits a WebIDs string ('1, 17') into ids. */
export function splitWebIds(webIds: string): string[] {
  return webIds
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const PropertyDetail = z
  .object({
    // identity
    ID: z.number().int().positive(),
    /** 0 sale, 1 rent. */
    Goal: Goal,
    /** Agency reference, e.g. 'VI-2041'. */
    RecordFile: z.string().min(1),
    MainTypeName: z.string().min(1),
    /** Per-language type text; may be empty (then the category name is shown). */
    TypeDescription: TranslatableText.prefault({}),
    WebID: z.string().regex(/^\d+$/, 'expected a numeric string'),
    WebIDs: WebIDs.default(''),
    // Any code the CRM uses: the agency names in site.json's marqueeIgnore the ones whose name replaces the price.
    Marquee: z.number().int().min(0).max(999).default(0),
    MarqueeName: TranslatableText.optional(),
    Status: z.enum(PROPERTY_STATUSES).default('available'),
    /** When Status last changed (the sale or rental date); ModifyDate stands in when absent. */
    StatusDate: IsoTimestamp.optional(),
    // address
    Street: z.string().default(''),
    HouseNumber: z.string().default(''),
    BoxNr: z.string().default(''),
    Zip: Zip,
    /** Official (French) name of the town. */
    City: z.string().min(1),
    /** Other-language names of the town (Liège → nl Luik, de Lüttich). */
    CityNames: TranslatableText.optional(),
    /** 10 Belgium, 50 Luxembourg. */
    CountryID: z.number().int(),
    CountryName: TranslatableText,
    PublishAddress: z.boolean().default(true),
    Latitude: opt(Latitude),
    Longitude: opt(Longitude),
    Neighbourhood: opt(z.string()),
    // price
    Price: opt(Money),
    PublishPrice: z.boolean().default(true),
    /**
     * The last price drop, kept by the CRM sync (the export itself has no history): the
     * price before it and the day it dropped, shown struck through while the price stays.
     */
    PriceReduction: z.object({ PreviousPrice: Money, Date: IsoDate }).optional(),
    /** CRM unit code; 7 = 'starting from'. */
    PriceUnit: opt(z.number().int()),
    /** Per-language unit text shown after the price, e.g. '€/mois'. */
    PriceUnitText: TranslatableText.prefault({}),
    PriceOnDemand: z.boolean().default(false),
    ChargesOwner: opt(Money),
    ChargesRenter: opt(Money),
    /** What the tenant pays each month, rent and charges together (a rental's "total cost"). */
    TotalCost: opt(Money),
    AgencyCost: opt(Money),
    InventoryCost: opt(Money),
    DepositAmount: opt(Money),
    NotaryFeeExVat: opt(Money),
    NotaryFeeIncVat: opt(Money),
    RegistrationRights: opt(Money),
    /** VAT amount in €. */
    VatValue: opt(Money),
    /** Sold under the VAT regime (new build). */
    VatRegime: opt(z.boolean()),
    /** Cadastral income (revenu cadastral / kadastraal inkomen), € per year. */
    RealEstateTax: opt(Money),
    ConstructionCost: opt(Money),
    GaragePrice: opt(Money),
    ParkingPrice: opt(Money),
    OptionPrice: opt(Money),
    // surfaces (m², widths in m)
    SurfaceTotal: opt(Surface),
    SurfaceLiving: opt(Surface),
    SurfaceGround: opt(Surface),
    SurfaceTerrace: opt(Surface),
    SurfaceGarden: opt(Surface),
    SurfaceConstructed: opt(Surface),
    SurfaceOffice: opt(Surface),
    SurfaceStore: opt(Surface),
    PlotWidth: opt(Surface),
    FrontWidth: opt(Surface),
    // counts
    Bedrooms: opt(Count),
    Bathrooms: opt(Count),
    ShowerRooms: opt(Count),
    Toilets: opt(Count),
    Floors: opt(Count),
    /** Floor of an apartment (0 = ground floor). */
    Floor: opt(z.number().int()),
    Lift: opt(z.boolean()),
    Garages: opt(Count),
    Parkings: opt(Count),
    ExternalParkings: opt(Count),
    /** 2 closed, 3 half-open, 4 open. */
    Facades: opt(z.number().int().min(1).max(4)),
    ExtraRooms: opt(Count),
    // energy
    /** Specific primary energy, kWh/m²·year. */
    EnergyPerformance: opt(z.number()),
    EPCLabelText: opt(z.string()),
    /** Total primary energy, kWh/year. */
    EPCTotal: opt(z.number()),
    /** Specific consumption (Walloon 'Espec'), kWh/m²·year. */
    EPCSpec: opt(z.number()),
    /** kg CO₂/m²·year. */
    CO2Emission: opt(z.number().nonnegative()),
    /** E-level (Ew) of a new build. */
    ELevel: opt(z.number()),
    EPCCertificateNumber: opt(z.string()),
    EPCCertificateEndDate: opt(IsoDate),
    AsbestosType: opt(z.enum(ASBESTOS_TYPES)),
    AsbestosDate: opt(IsoDate),
    ElectricityCertificate: opt(z.enum(CERTIFICATE_STATES)),
    GasCertificate: opt(z.enum(CERTIFICATE_STATES)),
    GroundCertificate: opt(z.enum(GROUND_STATES)),
    // risk
    FloodZone: opt(z.enum(FLOOD_ZONES)),
    RiparianZone: opt(z.boolean()),
    FloodRiskArea: opt(z.boolean()),
    GScore: opt(WaterScore),
    PScore: opt(WaterScore),
    // other
    ConstructionYear: opt(z.number().int().min(1000).max(2100)),
    RenovationYear: opt(z.number().int().min(1000).max(2100)),
    HeatingType: opt(z.enum(HEATING_TYPES)),
    Kitchen: opt(z.enum(KITCHEN_TYPES)),
    WindowGlazing: opt(z.enum(GLAZING_TYPES)),
    WindowFrame: opt(z.enum(FRAME_TYPES)),
    RoofMaterial: opt(z.enum(ROOF_MATERIALS)),
    RoofCondition: opt(z.enum(CONDITIONS)),
    FloorCovering: opt(z.enum(FLOOR_COVERINGS)),
    TerraceOrientation: opt(z.enum(ORIENTATIONS)),
    GardenOrientation: opt(z.enum(ORIENTATIONS)),
    RearOrientation: opt(z.enum(ORIENTATIONS)),
    Condition: opt(z.enum(CONDITIONS)),
    PlanningInformation: opt(z.enum(ZONINGS)),
    Permit: opt(z.boolean()),
    AllotmentPermit: opt(z.boolean()),
    Summons: opt(z.boolean()),
    PreemptiveRights: opt(z.boolean()),
    JudicialDecision: opt(z.boolean()),
    Availability: opt(z.enum(AVAILABILITIES)),
    AvailableFrom: opt(IsoDate),
    ElectricityConnection: opt(z.boolean()),
    DrainConnection: opt(z.boolean()),
    LifeAnnuity: opt(LifeAnnuity),
    // texts and media
    Title: TranslatableText.prefault({}),
    /** HTML allowed. */
    Description: TranslatableText.prefault({}),
    Photos: z.array(Photo).default(() => []),
    Documents: z.array(PropertyDocument).default(() => []),
    VirtualTourUrl: opt(z.url({ protocol: /^https?$/ })),
    VideoUrl: opt(UrlOrPath),
    CreateDate: IsoTimestamp,
    ModifyDate: IsoTimestamp,
    ProjectID: opt(z.number().int()),
  })
  .superRefine((p, ctx) => {
    if (p.Status === 'sold' && p.Goal !== 0) ctx.addIssue({ code: 'custom', path: ['Status'], message: "'sold' needs Goal 0 (sale)" });
    if (p.Status === 'rented' && p.Goal === 0) ctx.addIssue({ code: 'custom', path: ['Status'], message: "'rented' needs a Goal other than 0 (rent)" });
    if (p.PublishPrice && !p.PriceOnDemand && p.Price === null) {
      ctx.addIssue({ code: 'custom', path: ['Price'], message: 'a published price is missing' });
    }
    if (p.Availability === 'from-date' && !p.AvailableFrom) {
      ctx.addIssue({ code: 'custom', path: ['AvailableFrom'], message: "required when Availability is 'from-date'" });
    }
  });
export type PropertyDetail = z.infer<typeof PropertyDetail>;

export const PictureItem = z.object({
  Url: UrlOrPath,
  Width: z.number().int().positive(),
  Height: z.number().int().positive(),
  ID: z.number().int(),
  Name: z.string(),
});
export type PictureItem = z.infer<typeof PictureItem>;

/** The property summary card, one per property and language. */
export const PropertyCard = z.object({
  ID: z.number().int(),
  Goal: Goal,
  City: z.string(),
  TypeDescription: z.string(),
  MainTypeName: z.string(),
  Zip: z.string(),
  WebID: z.string(),
  WebIDs: z.string(),
  language: Lang,
  RecordFile: z.string(),
  Marquee: z.number().int().min(0).max(999),
  SmallPictureItem: PictureItem.optional(),
  // additions for lists, sorting and maps
  MarqueeName: z.string().nullable(),
  Title: z.string(),
  /** null when the price is not published. */
  Price: z.number().nullable(),
  PublishPrice: z.boolean(),
  PriceUnit: z.number().int().nullable(),
  PriceUnitText: z.string(),
  PriceOnDemand: z.boolean(),
  Bedrooms: z.number().int().nullable(),
  SurfaceLiving: z.number().nullable(),
  SurfaceGround: z.number().nullable(),
  CountryID: z.number().int(),
  CreateDate: z.string(),
  /** Rounded to ~1 km when the address is not published. */
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  EPCLabelText: z.string().nullable(),
  EnergyPerformance: z.number().nullable(),
  Status: z.enum(PROPERTY_STATUSES),
  ProjectID: z.number().int().nullable(),
});
export type PropertyCard = z.infer<typeof PropertyCard>;

/** Text of a Translatable in `lang`, or '' (no cross-language fallback: a missing text stays missing). */
export function inLang(text: TranslatableText | undefined, lang: Lang): string {
  return text?.[lang] ?? '';
}

export function roundCoordinate(value: number | null, hide: boolean): number | null {
  if (value === null || !hide) return value;
  return Math.round(value * 100) / 100;
}

/** Pure: the card of a property in one language. */
export function toPropertyCard(detail: PropertyDetail, lang: Lang): PropertyCard {
  const photo = detail.Photos[0];
  const hideAddress = !detail.PublishAddress;
  const priceShown = detail.PublishPrice && !detail.PriceOnDemand;
  return {
    ID: detail.ID,
    Goal: detail.Goal,
    City: detail.CityNames?.[lang] || detail.City,
    TypeDescription: inLang(detail.TypeDescription, lang),
    MainTypeName: detail.MainTypeName,
    Zip: detail.Zip,
    WebID: detail.WebID,
    WebIDs: detail.WebIDs,
    language: lang,
    RecordFile: detail.RecordFile,
    Marquee: detail.Marquee,
    ...(photo ? { SmallPictureItem: { Url: photo.Url, Width: photo.Width, Height: photo.Height, ID: photo.ID, Name: photo.Name } } : {}),
    MarqueeName: detail.MarqueeName?.[lang] || null,
    Title: inLang(detail.Title, lang),
    Price: priceShown ? detail.Price : null,
    PublishPrice: detail.PublishPrice,
    PriceUnit: detail.PriceUnit,
    PriceUnitText: inLang(detail.PriceUnitText, lang),
    PriceOnDemand: detail.PriceOnDemand,
    Bedrooms: detail.Bedrooms,
    SurfaceLiving: detail.SurfaceLiving,
    SurfaceGround: detail.SurfaceGround,
    CountryID: detail.CountryID,
    CreateDate: detail.CreateDate,
    Latitude: roundCoordinate(detail.Latitude, hideAddress),
    Longitude: roundCoordinate(detail.Longitude, hideAddress),
    EPCLabelText: detail.EPCLabelText,
    EnergyPerformance: detail.EnergyPerformance,
    Status: detail.Status,
    ProjectID: detail.ProjectID,
  };
}

export const ProjectUnit = z.object({
  ID: z.number().int(),
  /** Lot name, e.g. 'A.1.2'. */
  Name: z.string().min(1),
  Kind: z.enum(UNIT_KINDS).default('apartment'),
  Floor: opt(z.number().int()),
  /** Short per-language composition, e.g. {fr: '2 ch.', nl: '2 slpk.'}. */
  Requirement: TranslatableText.prefault({}),
  Bedrooms: opt(Count),
  Surface: opt(Surface),
  SurfaceTerrace: opt(Surface),
  Price: opt(Money),
  Status: z.enum(UNIT_STATUSES).default('available'),
  /** The property record of this unit, when it is also listed. */
  PropertyID: opt(z.number().int()),
});
export type ProjectUnit = z.infer<typeof ProjectUnit>;

export const Project = z.object({
  ID: z.number().int().positive(),
  ProjectNumber: z.string().min(1),
  Name: TranslatableText,
  PublicAddress: z.boolean().default(true),
  Street: z.string().default(''),
  HouseNumber: z.string().default(''),
  BoxNr: z.string().default(''),
  Zip: Zip,
  City: z.string().min(1),
  CityNames: TranslatableText.optional(),
  CountryID: z.number().int(),
  CountryName: TranslatableText,
  Latitude: opt(Latitude),
  Longitude: opt(Longitude),
  Delivery: TranslatableText.prefault({}),
  /** HTML allowed. */
  Technical: TranslatableText.prefault({}),
  Situation: TranslatableText.prefault({}),
  Description: TranslatableText.prefault({}),
  Photos: z.array(Photo).default(() => []),
  Documents: z.array(PropertyDocument).default(() => []),
  /** When set, the project's path leads to this external address. */
  ExternalUrl: opt(z.url({ protocol: /^https?$/ })),
  PriceMin: opt(Money),
  PriceMax: opt(Money),
  Units: z.array(ProjectUnit).default(() => []),
  CreateDate: IsoTimestamp.optional(),
});
export type Project = z.infer<typeof Project>;

/** Place list item (computed at publish time). */
export const City = z.object({
  Name: z.string(),
  Zip: z.string(),
  CountryID: z.number().int(),
  CountryName: z.string(),
  PropertyCount: Count,
  language: Lang,
});
export type City = z.infer<typeof City>;

/** Web ID record (computed at publish time). */
export const WebIdRecord = z.object({ WebID: z.string(), countSaleProperty: Count, countRentProperty: Count });
export type WebIdRecord = z.infer<typeof WebIdRecord>;
