/** Demo properties: a seeded generator of believable Belgian and Luxembourg listings (kinds, surfaces, EPC, photos, texts). */
import { mulberry32 } from './prng.ts';
import { BE_NAME, BE_STREETS, BE_TOWNS, DOC_NAMES, LU_NAME, LU_STREETS, LU_TOWNS, cityNames, description, l4, mapL4, title, type Feature, type L4, type ProseInput, type Town } from './demo-text.ts';
import { epcDisplay, epcLabel } from '../../domain/rules/epc.ts';
import { regionOf } from '../../domain/rules/region.ts';

/** Registration rights at the standard rate (as in the demo's published rates): 12.5 % in Wallonia and Brussels, 12 % in Flanders. */
const WALLOON_STANDARD_RATE = 0.125;
const FLEMISH_STANDARD_RATE = 0.12;

export const ANCHOR = Date.UTC(2026, 10, 1); // 2026-11-01
export const DAY = 86_400_000;

export type Rnd = {
  f: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  weighted: <T extends { w: number }>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};
export function rng(seed: number): Rnd {
  const f = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(f() * (max - min + 1));
  return {
    f,
    int,
    pick: (items) => items[Math.floor(f() * items.length)]!,
    weighted: (items) => {
      let r = f() * items.reduce((s, i) => s + i.w, 0);
      for (const item of items) if ((r -= item.w) < 0) return item;
      return items[items.length - 1]!;
    },
    chance: (p) => f() < p,
  };
}

export const round = (v: number, step: number) => Math.round(v / step) * step;
export const isoDate = (t: number) => new Date(t).toISOString().slice(0, 10);
export const isoTime = (t: number) => new Date(t).toISOString().slice(0, 19) + 'Z';
export const ytId = (r: Rnd, len: number) => Array.from({ length: len }, () => r.pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'])).join('');

export type Kind = ProseInput['kind'];
export const SALE_MIX: Kind[] = [
  'house',
  'apartment',
  'house',
  'land',
  'apartment',
  'house',
  'commerce',
  'other',
  'house',
  'apartment',
  'house',
  'land',
  'apartment',
  'house',
  'commerce',
  'other',
  'house',
  'apartment',
  'house',
  'house',
];
export const RENT_MIX: Kind[] = ['apartment', 'house', 'furnished', 'apartment', 'commerce', 'apartment', 'furnished', 'other', 'house', 'apartment'];
export const WEB_ID: Record<Kind, string> = { house: '1', apartment: '2', land: '3', other: '4', commerce: '5', furnished: '17' };

/** Walloon PEB bands (kWh/m²·year). */
export function walloonLabel(ep: number): string {
  const bands: [number, string][] = [
    [0, 'A++'],
    [45, 'A+'],
    [85, 'A'],
    [170, 'B'],
    [255, 'C'],
    [340, 'D'],
    [425, 'E'],
    [510, 'F'],
  ];
  return bands.find(([max]) => ep <= max)?.[1] ?? 'G';
}
export function luxLabel(ep: number): string {
  const bands: [number, string][] = [
    [45, 'A'],
    [95, 'B'],
    [125, 'C'],
    [145, 'D'],
    [210, 'E'],
    [295, 'F'],
    [395, 'G'],
    [530, 'H'],
  ];
  return bands.find(([max]) => ep <= max)?.[1] ?? 'I';
}

export const ROOMS = ['living', 'kitchen', 'bedroom', 'bathroom', 'garden', 'terrace', 'view', 'hall'];
export function photos(id: number, count: number, first: string, rest: string[]) {
  return Array.from({ length: count }, (_, k) => ({
    ID: 100_000 + id * 10 + k + 1,
    Url: `/media/demo/${id}/${k + 1}.jpg`,
    Width: 1050,
    Height: 700,
    Name: k === 0 ? first : rest[(k - 1) % rest.length]!,
  }));
}
export const doc = (kind: string, requestOnly = true, url: string | null = null) => ({ name: DOC_NAMES[kind]!, kind, requestOnly, url });

export interface TypeSpec {
  noun: L4;
  main: string;
  webIds?: string;
  sub?: string;
}
export function typeSpec(kind: Kind, r: Rnd, facades: number, bedrooms: number, lux: boolean): TypeSpec {
  switch (kind) {
    case 'house': {
      if (facades === 4 && r.chance(0.3)) return { noun: l4('Villa', 'Villa', 'Villa', 'Villa'), main: 'Villa' };
      if (facades === 4 && !lux && r.chance(0.2)) return { noun: l4('Fermette', 'Hoeve', 'Farmhouse', 'Bauernhaus'), main: 'Fermette' };
      return [
        { noun: l4('Maison mitoyenne', 'Gesloten bebouwing', 'Terraced house', 'Reihenhaus'), main: 'Maison' },
        { noun: l4('Maison 3 façades', 'Halfopen bebouwing', 'Semi-detached house', 'Doppelhaushälfte'), main: 'Maison' },
        { noun: l4('Maison 4 façades', 'Open bebouwing', 'Detached house', 'Freistehendes Haus'), main: 'Maison' },
      ][facades - 2]!;
    }
    case 'apartment': {
      if (bedrooms >= 3 && r.chance(0.3)) return { noun: l4('Penthouse', 'Penthouse', 'Penthouse', 'Penthouse'), main: 'Appartement', sub: 'penthouse' };
      if (bedrooms >= 2 && r.chance(0.2))
        return {
          noun: l4(`Duplex ${bedrooms} chambres`, `Duplex met ${bedrooms} slaapkamers`, `${bedrooms}-bedroom duplex`, `Maisonette mit ${bedrooms} Schlafzimmern`),
          main: 'Appartement',
          sub: 'duplex',
        };
      if (bedrooms === 0) return { noun: l4('Studio', 'Studio', 'Studio flat', 'Studio'), main: 'Studio' };
      return {
        noun: l4(
          `Appartement ${bedrooms} chambre${bedrooms > 1 ? 's' : ''}`,
          `Appartement met ${bedrooms} slaapkamer${bedrooms > 1 ? 's' : ''}`,
          `${bedrooms}-bedroom apartment`,
          `Wohnung mit ${bedrooms} Schlafzimmer${bedrooms > 1 ? 'n' : ''}`,
        ),
        main: 'Appartement',
      };
    }
    case 'land':
      return r.chance(0.8)
        ? { noun: l4('Terrain à bâtir', 'Bouwgrond', 'Building plot', 'Baugrundstück'), main: 'Terrain' }
        : { noun: l4('Terrain à bâtir 4 façades', 'Bouwgrond voor open bebouwing', 'Plot for a detached house', 'Baugrundstück für ein freistehendes Haus'), main: 'Terrain', webIds: '3, 1' };
    case 'other':
      return r.pick<TypeSpec>([
        { noun: l4('Garage', 'Garagebox', 'Lock-up garage', 'Garage'), main: 'Garage', sub: 'garage' },
        { noun: l4('Garage', 'Garagebox', 'Lock-up garage', 'Garage'), main: 'Garage', sub: 'garage' },
        { noun: l4('Bureaux', 'Kantoorruimte', 'Office space', 'Büroräume'), main: 'Bureau', webIds: '4, 5', sub: 'office' },
        { noun: l4('Entrepôt', 'Opslagplaats', 'Warehouse', 'Lagerhalle'), main: 'Entrepôt', sub: 'warehouse' },
        { noun: l4('Grange à rénover', 'Schuur te renoveren', 'Barn to convert', 'Scheune zum Umbauen'), main: 'Grange', webIds: '4, 1', sub: 'barn' },
      ]);
    case 'commerce':
      return r.pick<TypeSpec>([
        { noun: l4('Surface commerciale', 'Handelspand', 'Retail premises', 'Ladenlokal'), main: 'Commerce', sub: 'shop' },
        { noun: l4('Rez commercial', 'Winkelruimte', 'Ground-floor shop', 'Ladenfläche im Erdgeschoss'), main: 'Commerce', sub: 'shop' },
        { noun: l4('Restaurant', 'Horecapand', 'Restaurant premises', 'Gastronomieobjekt'), main: 'Horeca', sub: 'restaurant' },
        { noun: l4('Maison de commerce', 'Handelshuis', 'Shop with living quarters', 'Geschäftshaus'), main: 'Maison de commerce', webIds: '5, 1', sub: 'mixed' },
      ]);
    case 'furnished':
      return bedrooms === 0
        ? { noun: l4('Studio meublé', 'Gemeubelde studio', 'Furnished studio', 'Möbliertes Studio'), main: 'Studio', webIds: '17, 2' }
        : {
            noun: l4(`Appartement meublé ${bedrooms} ch.`, `Gemeubeld appartement (${bedrooms} slpk.)`, `Furnished ${bedrooms}-bedroom flat`, `Möblierte Wohnung (${bedrooms} Schlafzimmer)`),
            main: 'Appartement',
            webIds: '17, 2',
          };
  }
}

/** A property ID, skipping the project range 9000–9099 (photo folders are keyed by ID). */
export const propertyId = (i: number) => (2041 + i >= 9000 ? 2141 + i : 2041 + i);

export function makeProperty(i: number, goal: 0 | 1, kind: Kind, lux: boolean, slot: number, townOverride?: Town) {
  const r = rng(0x5eed + i * 7919);
  const id = propertyId(i);
  const drawn = r.weighted(lux ? LU_TOWNS : BE_TOWNS);
  const town = townOverride ?? drawn;
  const region = lux ? null : regionOf(town.zip);
  const sale = goal === 0;
  const facades = kind === 'house' ? r.pick([2, 3, 3, 4, 4]) : 0;
  const bedrooms = kind === 'house' ? r.int(2, 5) : kind === 'apartment' ? r.int(sale ? 1 : 0, 3) : kind === 'furnished' ? r.int(0, 2) : kind === 'commerce' && r.chance(0.3) ? 2 : 0;
  const spec = typeSpec(kind, r, facades, bedrooms, lux);
  const built = kind === 'land' ? null : r.chance(0.12) ? r.int(2021, 2025) : r.chance(0.5) ? r.int(1955, 2020) : r.int(1890, 1954);
  const renovated = built && built < 2005 && r.chance(0.4) ? r.int(Math.max(built + 15, 1995), 2025) : null;
  const age = built ? (renovated ?? built) : 0;
  const residential = kind === 'house' || kind === 'apartment' || kind === 'furnished';
  const living =
    kind === 'land'
      ? null
      : kind === 'house'
        ? r.int(95, 160) + bedrooms * 15 + (facades === 4 ? 40 : 0)
        : kind === 'apartment'
          ? bedrooms === 0
            ? r.int(28, 40)
            : r.int(55, 70) + bedrooms * 18 + (spec.sub === 'penthouse' ? 40 : 0)
          : kind === 'furnished'
            ? bedrooms === 0
              ? r.int(24, 38)
              : r.int(48, 62) + bedrooms * 14
            : kind === 'commerce'
              ? r.int(60, 320)
              : spec.sub === 'garage'
                ? r.int(14, 22)
                : spec.sub === 'barn'
                  ? r.int(150, 300)
                  : r.int(80, 600);
  const ground =
    kind === 'land'
      ? r.int(5, 30) * 50
      : kind === 'house'
        ? facades === 2
          ? r.int(90, 300)
          : facades === 3
            ? r.int(250, 900)
            : r.int(600, 2600)
        : spec.sub === 'barn'
          ? r.int(800, 3000)
          : spec.sub === 'warehouse'
            ? living! + r.int(100, 800)
            : null;
  const feature: Feature | null =
    kind === 'house'
      ? r.chance(0.8)
        ? 'garden'
        : 'garage'
      : kind === 'apartment' || kind === 'furnished'
        ? r.pick<Feature | null>(['terrace', 'terrace', 'view', 'parking', null])
        : kind === 'commerce'
          ? r.pick<Feature | null>(['parking', null])
          : null;
  // price
  const [lo, hi] = sale
    ? ({ house: [180, 650], apartment: [140, 420], land: [40, 220], commerce: [150, 600], other: spec.sub === 'garage' ? [25, 45] : [80, 300], furnished: [0, 0] } as const)[kind]
    : ({ house: [900, 1900], apartment: [650, 1250], furnished: [700, 1400], commerce: [900, 3500], other: spec.sub === 'garage' ? [70, 120] : [650, 1900], land: [0, 0] } as const)[kind];
  const lux_ = lux ? (sale ? 2.2 : 1.6) : 1;
  const size =
    kind === 'land'
      ? (ground! - 250) / 1250
      : kind === 'house'
        ? (living! - 125) / 150
        : kind === 'apartment'
          ? (living! - 30) / 150
          : kind === 'furnished'
            ? (living! - 24) / 90
            : kind === 'commerce'
              ? (living! - 60) / 260
              : spec.sub === 'garage'
                ? (living! - 14) / 8
                : (living! - 80) / 520;
  const t = Math.min(1, Math.max(0, size * 0.7 + r.f() * 0.3 - (built && built < 1960 && !renovated ? 0.1 : 0)));
  const price = sale ? round((lo + t * (hi - lo)) * 1000 * lux_, 5000) : round((lo + t * (hi - lo)) * lux_, 10);
  const s = slot; // index within its goal group
  const special = (mod: number, rem: number) => s % mod === rem;
  const listed = sale ? (special(15, 7) ? 'sold' : special(15, 11) ? 'option' : 'available') : special(9, 4) ? 'rented' : special(13, 6) ? 'option' : 'available';
  const onDemand = sale && !lux && special(20, 13) && kind !== 'other';
  // The "under option" marquee replaces the price only on a listing that is under option:
  // the badge, the page's notice and the JSON-LD then all say the same.
  const marquee = sale && !lux && special(22, 3) && listed === 'available' ? 2 : 0;
  const status = marquee ? 'option' : listed;
  const fromPrice = sale && special(14, 9) && !onDemand;
  const annuity = sale && !lux && (special(40, 17) || special(40, 20)) && (kind === 'house' || kind === 'apartment');
  // energy
  let ep: number | null = null;
  if (kind !== 'land' && spec.sub !== 'garage' && spec.sub !== 'barn') {
    ep = age >= 2021 ? r.int(30, 80) : age >= 2000 ? r.int(80, 170) : r.chance(0.12) ? r.int(511, 640) : r.int(170, 450);
    if (age >= 2024 && r.chance(0.3)) ep = r.int(-10, 44);
  }
  const epc = ep === null ? null : lux ? luxLabel(ep) : region === 'wallonia' ? walloonLabel(ep) : epcDisplay(epcLabel({ value: ep, zip: town.zip }));
  const certStart = ANCHOR - r.int(60, 3300) * DAY;
  const flood = lux ? null : town.river && r.chance(0.35) ? r.pick(['low', 'medium', 'medium', 'high'] as const) : r.pick(['none', 'none', 'very-low'] as const);
  const created = ANCHOR - r.int(1, 120) * DAY + r.int(7, 19) * 3_600_000 + r.int(0, 59) * 60_000;
  const modified = Math.min(created + r.int(0, 30) * DAY + r.int(0, 3_600_000), ANCHOR - 60_000);
  const street = r.pick(lux ? LU_STREETS : (town.streets ?? BE_STREETS));
  const photoCount = i % 17 === 10 ? 0 : kind === 'land' ? r.int(2, 3) : r.int(3, 6);
  const first = kind === 'land' ? 'terrain' : kind === 'commerce' || kind === 'other' ? 'front' : 'facade';
  const rooms = kind === 'land' ? ['view', 'access'] : residential ? ROOMS : kind === 'commerce' ? ['shop', 'interior', 'storage', 'kitchen'] : ['interior', 'access', 'storage'];
  const docs = [
    ...(epc ? [doc('epc')] : []),
    ...(sale && !lux ? [doc('urbanism'), doc('soil'), ...(kind !== 'land' ? [doc('electrical')] : [])] : []),
    ...(kind !== 'land' && r.chance(0.5) ? [doc('floor-plan', r.chance(0.6), r.chance(0.4) ? `/media/demo/${id}/plans.pdf` : null)] : []),
    ...(kind === 'apartment' && sale && r.chance(0.5) ? [doc('other')] : []),
  ].map((d) => (d.url === null ? { ...d, requestOnly: true } : d));
  const prose: ProseInput = { kind, goal, town, noun: spec.noun, bedrooms: bedrooms || null, living, ground, feature, epc, year: built, renovated, variant: r.int(0, 11) };
  const rentUnit = l4('/mois', '/maand', '/month', '/Monat');
  const notary = round((1400 + price * 0.0105) * 1.21, 10);
  // The rights a listing states are those at the standard rate, the figure the page's
  // estimate shows first (the reduced rate depends on the buyer, not the property). The
  // draw stays so that the demo's other values stay as they were.
  r.chance(0.35);

  const record = {
    ID: id,
    Goal: goal,
    RecordFile: `${sale ? 'VI' : 'LO'}-${id}`,
    MainTypeName: spec.main,
    TypeDescription: spec.noun,
    WebID: WEB_ID[kind],
    WebIDs: spec.webIds ?? WEB_ID[kind],
    Marquee: marquee,
    ...(marquee ? { MarqueeName: l4('Sous option', 'Onder optie', 'Under option', 'Unter Option') } : {}),
    Status: status,
    Street: street,
    HouseNumber: String(r.int(1, 180)) + (r.chance(0.08) ? r.pick(['A', 'B', 'bis']) : ''),
    BoxNr: kind === 'apartment' || kind === 'furnished' ? String(r.int(1, 4) * 10 + r.int(1, 4)) : '',
    Zip: town.zip,
    City: town.city,
    ...(town.names ? { CityNames: cityNames(town) } : {}),
    CountryID: lux ? 50 : 10,
    CountryName: lux ? LU_NAME : BE_NAME,
    PublishAddress: i % 16 !== 6,
    Latitude: Math.round((town.lat + (r.f() - 0.5) * 0.03) * 1e6) / 1e6,
    Longitude: Math.round((town.lng + (r.f() - 0.5) * 0.045) * 1e6) / 1e6,
    Price: onDemand ? null : price,
    PublishPrice: !onDemand,
    PriceUnit: fromPrice ? 7 : null,
    PriceUnitText: sale ? {} : rentUnit,
    PriceOnDemand: onDemand,
    ChargesRenter: sale ? null : kind === 'apartment' || kind === 'furnished' ? r.int(3, 15) * 10 : kind === 'commerce' ? r.int(5, 25) * 10 : 0,
    DepositAmount: sale ? null : price * 3,
    InventoryCost: sale ? null : r.pick([150, 200, 250, 300]),
    // Costs computed from the price would reveal a price the listing keeps on demand.
    NotaryFeeIncVat: sale && !lux && !onDemand ? notary : null,
    RegistrationRights: sale && !lux && !onDemand ? price * (region === 'flanders' ? FLEMISH_STANDARD_RATE : WALLOON_STANDARD_RATE) : null,
    RealEstateTax: sale && !lux ? r.int(5, 25) * 100 + r.int(0, 99) : null,
    VatRegime: sale && built !== null && built >= 2025 ? true : null,
    SurfaceTotal: kind === 'land' ? null : living,
    SurfaceLiving: residential ? living : null,
    SurfaceGround: ground,
    SurfaceTerrace: feature === 'terrace' ? r.int(6, 30) : null,
    SurfaceGarden: kind === 'house' && ground ? Math.max(0, ground - Math.round(living! / 2) - 40) : null,
    SurfaceOffice: spec.sub === 'office' ? living : null,
    SurfaceStore: kind === 'commerce' ? living : null,
    FrontWidth: kind === 'house' || kind === 'land' ? r.int(6, 22) : null,
    Bedrooms: residential || spec.sub === 'mixed' ? bedrooms : null,
    Bathrooms: residential ? (bedrooms >= 4 ? 2 : 1) : null,
    ShowerRooms: residential && bedrooms >= 3 ? r.int(0, 1) : null,
    Toilets: kind === 'land' || spec.sub === 'garage' ? null : r.int(1, bedrooms >= 3 ? 3 : 2),
    Floors: kind === 'house' ? r.int(2, 3) : null,
    Floor: kind === 'apartment' || kind === 'furnished' ? (spec.sub === 'penthouse' ? r.int(4, 7) : r.int(0, 4)) : null,
    Lift: kind === 'apartment' || kind === 'furnished' ? (built ?? 0) > 1975 || r.chance(0.3) : null,
    Garages: kind === 'house' ? (feature === 'garage' ? r.int(1, 2) : r.int(0, 1)) : spec.sub === 'garage' ? 1 : null,
    Parkings: feature === 'parking' ? 1 : kind === 'apartment' && r.chance(0.4) ? 1 : null,
    Facades: kind === 'house' ? facades : null,
    EnergyPerformance: ep,
    EPCLabelText: epc,
    EPCTotal: ep !== null && living ? Math.max(0, ep) * living : null,
    CO2Emission: ep !== null ? Math.max(0, Math.round(ep * 0.21)) : null,
    EPCCertificateNumber: ep === null ? null : lux ? `LU-${isoDate(certStart).slice(0, 4)}-${r.int(10000, 99999)}` : `${isoDate(certStart).replace(/-/g, '')}0${r.int(10000, 99999)}`,
    EPCCertificateEndDate: ep === null ? null : isoDate(certStart + 3652 * DAY),
    AsbestosType: sale && !lux && built ? (built >= 2001 ? 'none' : r.pick(['none', 'non-friable', 'not-inspected'] as const)) : null,
    ElectricityCertificate: sale && !lux && kind !== 'land' ? r.pick(['compliant', 'compliant', 'non-compliant'] as const) : null,
    GasCertificate: sale && !lux && residential ? r.pick(['compliant', 'not-applicable'] as const) : null,
    GroundCertificate: sale && !lux ? r.pick(['not-listed', 'not-listed', 'not-listed', 'indicative', 'soil-procedure'] as const) : null,
    FloodZone: flood,
    RiparianZone: lux ? null : flood === 'high' || (flood === 'medium' && r.chance(0.5)),
    FloodRiskArea: lux ? null : flood === 'medium' || flood === 'high',
    GScore: lux ? null : flood === 'high' ? 'D' : flood === 'medium' ? 'C' : r.pick(['A', 'A', 'B'] as const),
    PScore: lux ? null : flood === 'high' ? 'C' : r.pick(['A', 'A', 'B'] as const),
    ConstructionYear: built,
    RenovationYear: renovated,
    HeatingType: !residential
      ? kind === 'commerce'
        ? r.pick(['gas', 'electric'] as const)
        : null
      : age >= 2021
        ? r.pick(['heat-pump', 'heat-pump', 'gas'] as const)
        : r.pick(['gas', 'gas', 'oil', 'electric', 'pellets', 'wood'] as const),
    Kitchen: residential ? (kind === 'furnished' ? 'equipped' : r.pick(['semi-equipped', 'equipped', 'equipped', 'hyper-equipped'] as const)) : null,
    WindowGlazing: built ? (age >= 2021 ? 'triple' : r.chance(0.9) ? 'double' : 'single') : null,
    WindowFrame: built ? r.pick(['pvc', 'pvc', 'wood', 'aluminium', 'mixed'] as const) : null,
    RoofMaterial: kind === 'house' || spec.sub === 'barn' ? (lux || town.lat < 50.3 ? 'slate' : r.pick(['tiles', 'slate', 'tiles'] as const)) : kind === 'apartment' ? 'flat' : null,
    FloorCovering: residential ? r.pick(['tiles', 'parquet', 'laminate', 'vinyl'] as const) : null,
    TerraceOrientation: feature === 'terrace' ? r.pick(['S', 'SW', 'W', 'SE'] as const) : null,
    GardenOrientation: kind === 'house' ? r.pick(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const) : null,
    Condition:
      kind === 'land'
        ? null
        : spec.sub === 'barn'
          ? 'to-renovate'
          : age >= 2024
            ? 'new'
            : renovated
              ? r.pick(['excellent', 'good'] as const)
              : age < 1960
                ? r.pick(['to-refresh', 'to-renovate', 'good'] as const)
                : r.pick(['good', 'good', 'to-refresh', 'excellent'] as const),
    PlanningInformation: lux
      ? null
      : kind === 'commerce'
        ? 'mixed'
        : spec.sub === 'warehouse'
          ? 'economic'
          : spec.sub === 'barn'
            ? 'agricultural'
            : town.w <= 1 && r.chance(0.5)
              ? 'residential-rural'
              : 'residential',
    Permit: sale && !lux ? r.chance(0.85) : null,
    AllotmentPermit: sale && kind === 'land' ? r.chance(0.5) : null,
    Summons: sale && !lux ? false : null,
    PreemptiveRights: sale && !lux ? r.chance(0.05) : null,
    JudicialDecision: sale && !lux ? false : null,
    ...(() => {
      const a = sale ? r.pick(['at-deed', 'at-deed', 'to-agree', 'immediately'] as const) : r.pick(['immediately', 'from-date', 'to-agree'] as const);
      return { Availability: a, AvailableFrom: a === 'from-date' ? isoDate(ANCHOR + r.int(2, 12) * 7 * DAY) : null };
    })(),
    ElectricityConnection: kind === 'land' ? true : null,
    DrainConnection: kind === 'land' ? r.chance(0.8) : null,
    LifeAnnuity: annuity
      ? { AgeMan: r.chance(0.5) ? r.int(72, 84) : null, AgeWoman: r.int(70, 86), Type: r.pick(['occupied', 'occupied', 'free'] as const), IndexedRent: round(price * 0.003, 10) }
      : null,
    Title: title(spec.noun, feature, town),
    Description: mapL4((lang) => description(prose, lang)),
    Photos: photos(id, photoCount, first, rooms),
    Documents: docs,
    VirtualTourUrl: residential && r.chance(0.15) ? `https://my.matterport.com/show/?m=${ytId(r, 11)}` : null,
    VideoUrl: r.chance(0.1) ? `https://www.youtube.com/watch?v=${ytId(r, 11)}` : null,
    CreateDate: isoTime(created),
    ModifyDate: isoTime(modified),
    ProjectID: null,
  };
  // A rental states what the tenant pays each month, rent and charges together.
  return { ...record, TotalCost: sale || record.ChargesRenter === null ? null : price + record.ChargesRenter };
}
