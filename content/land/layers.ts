/**
 * The official layers a facts build reads, and how each one's attribute becomes a class the
 * site explains. A layer names its class in its own words ("Élevé", "woongebied met landelijk
 * karakter", "HQ100", "65-69"); the rules here say which words mean which class, and a value
 * none of them knows is reported by the build, never guessed.
 */
import type { LandTopic } from '../../domain/land.ts';
import { ZONINGS } from '../schema/codes.ts';

export const FLOOD_CLASSES = ['very-low', 'low', 'medium', 'high'] as const;
export const WATER_SCORE_CLASSES = ['A', 'B', 'C', 'D'] as const;
export const NOISE_BANDS = ['55-59', '60-64', '65-69', '70-74', '75+'] as const;
export const RADON_CLASSES = ['0', '1a', '1b', '2a', '2b', '3'] as const;

export interface LayerRule {
  /** What the layer tells a page about; `commune` and `sector` name places for the tables. */
  topic: LandTopic | 'commune' | 'sector';
  geometry: 'polygon' | 'line';
  /** A line (a runoff axis) counts within this many metres. */
  bufferMeters?: number;
  /**
   * What a place inside the layer's extent but in none of its shapes is: `none` where the map
   * draws every zone there is (flood hazard, noise contours), null where a missing shape
   * says nothing (a parcel layer with a gap, a zoning layer being redrawn).
   */
  outside: 'none' | null;
  /** Drawn per parcel or building: a rounded position names another one, so it is not read there. */
  perParcel: boolean;
  /** The attribute names the publishers use for the class, first found wins (`--field` overrides). */
  fields: readonly string[];
  /** The class of a raw value, or null when the value is not one this layer's rule knows. */
  classOf: (raw: unknown) => string | null;
  /** The attribute with the place's own name (communes, sectors, zones). */
  nameFields?: readonly string[];
  /** The CRM field it answers (what the law asks, or what the agency states and the layer can contradict). */
  crmField?: 'PScore' | 'GScore' | 'PlanningInformation' | 'FloodZone';
  /** Its French and Dutch names, when both are given (a commune): kept as `fr|nl`, each page taking its own. */
  bilingual?: readonly [fr: string, nl: string];
}

/** Lowercase, without accents and extra spaces: "Très  faible" and "tres faible" are one word. */
export function plain(raw: unknown): string {
  if (typeof raw === 'number') return String(raw);
  if (typeof raw !== 'string') return '';
  return raw
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();
}

function floodWallonia(raw: unknown): string | null {
  const word = plain(raw);
  const byWord: Record<string, (typeof FLOOD_CLASSES)[number]> = {
    'tres faible': 'very-low',
    faible: 'low',
    moyen: 'medium',
    eleve: 'high',
    '1': 'very-low',
    '2': 'low',
    '3': 'medium',
    '4': 'high',
    tf: 'very-low',
    f: 'low',
    m: 'medium',
    e: 'high',
  };
  return byWord[word] ?? byWord[word.replace(/^alea /, '')] ?? null;
}

function waterScore(raw: unknown): string | null {
  const word = plain(raw).toUpperCase();
  return (WATER_SCORE_CLASSES as readonly string[]).includes(word) ? word : null;
}

function floodLuxembourg(raw: unknown): string | null {
  const word = plain(raw).replace(/\s/g, '');
  if (word === 'hq10' || word === 'high') return 'high';
  if (word === 'hq100' || word === 'medium') return 'medium';
  if (word === 'hqextreme' || word === 'hqextrem' || word === 'low') return 'low';
  return null;
}

/** A plan de secteur or gewestplan zone as the site's zoning codes; a zone of another kind keeps its own name (`other`). */
function zoning(patterns: readonly [RegExp, (typeof ZONINGS)[number]][]): (raw: unknown) => string | null {
  return (raw) => {
    const word = plain(raw);
    if (!word) return null;
    if ((ZONINGS as readonly string[]).includes(word)) return word;
    return patterns.find(([pattern]) => pattern.test(word))?.[1] ?? 'other';
  };
}

const WALLOON_ZONES: readonly [RegExp, (typeof ZONINGS)[number]][] = [
  [/habitat a caractere rural/, 'residential-rural'],
  [/^(zone d)?.?habitat/, 'residential'],
  [/agricole/, 'agricultural'],
  [/forestier/, 'forest'],
  [/parc/, 'park'],
  [/activite economique|industriel/, 'economic'],
  [/amenagement communal concerte|zacc|mixte/, 'mixed'],
];
const FLEMISH_ZONES: readonly [RegExp, (typeof ZONINGS)[number]][] = [
  [/woongebied met landelijk karakter/, 'residential-rural'],
  [/^woongebied/, 'residential'],
  [/agrarisch|landbouw/, 'agricultural'],
  [/bosgebied/, 'forest'],
  [/parkgebied/, 'park'],
  [/industriegebied|kmo|bedrijvigheid/, 'economic'],
  [/gemengd/, 'mixed'],
];

/** An Lden band of a strategic noise map: "65-69", "65 - 69 dB", "Lden 70-74", ">= 75", or its lower bound as a number. */
function noiseBand(raw: unknown): string | null {
  const word = plain(raw).replace(/db|lden|\(a\)/g, '');
  const low = /(\d{2})/.exec(word)?.[1];
  if (low === undefined) return null;
  const db = Number(low);
  if (db < 55) return null;
  if (db >= 75) return '75+';
  return NOISE_BANDS.find((band) => db >= Number(band.slice(0, 2)) && db <= Number(band.slice(3))) ?? null;
}

export function radonClass(raw: unknown): string | null {
  const word = plain(raw).replace(/^(classe|class|klasse) /, '');
  return (RADON_CLASSES as readonly string[]).includes(word) ? word : null;
}

const codeValue = (raw: unknown): string | null => (typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '') ? String(raw).trim() : null);

export const LAYER_RULES = {
  'flood-wallonia': {
    topic: 'flood',
    geometry: 'polygon',
    outside: 'none',
    perParcel: false,
    crmField: 'FloodZone',
    fields: ['ALEA', 'VALEUR', 'CLASSE', 'ALEA_INOND', 'class'],
    classOf: floodWallonia,
  },
  'runoff-wallonia': { topic: 'runoff', geometry: 'line', bufferMeters: 20, outside: 'none', perParcel: false, fields: ['ALEA', 'VALEUR', 'TYPE', 'class'], classOf: () => 'runoff' },
  'flood-flanders-parcel': {
    topic: 'p-score',
    geometry: 'polygon',
    outside: null,
    perParcel: true,
    crmField: 'PScore',
    fields: ['P_SCORE', 'PSCORE', 'P-score', 'Pscore', 'class'],
    classOf: waterScore,
  },
  'flood-flanders-building': {
    topic: 'g-score',
    geometry: 'polygon',
    outside: null,
    perParcel: true,
    crmField: 'GScore',
    fields: ['G_SCORE', 'GSCORE', 'G-score', 'Gscore', 'class'],
    classOf: waterScore,
  },
  'flood-luxembourg': { topic: 'flood', geometry: 'polygon', outside: 'none', perParcel: false, fields: ['SCENARIO', 'HQ', 'ZONE', 'class'], classOf: floodLuxembourg },
  'zoning-wallonia': {
    topic: 'zoning',
    geometry: 'polygon',
    outside: null,
    perParcel: false,
    fields: ['AFFECT', 'AFFECTATION', 'LIBELLE', 'ZONE', 'class'],
    classOf: zoning(WALLOON_ZONES),
    crmField: 'PlanningInformation',
    nameFields: ['AFFECT', 'AFFECTATION', 'LIBELLE', 'ZONE', 'class'],
  },
  'zoning-flanders': {
    topic: 'zoning',
    geometry: 'polygon',
    outside: null,
    perParcel: false,
    fields: ['HOOFDBEST', 'BESTEMMING', 'OMSCHRIJVING', 'class'],
    classOf: zoning(FLEMISH_ZONES),
    crmField: 'PlanningInformation',
    nameFields: ['BESTEMMING', 'HOOFDBEST', 'OMSCHRIJVING', 'class'],
  },
  'noise-road': { topic: 'noise-road', geometry: 'polygon', outside: 'none', perParcel: false, fields: ['DB_LO', 'LDEN', 'Lden', 'GRIDCODE', 'CLASSE', 'class'], classOf: noiseBand },
  'noise-rail': { topic: 'noise-rail', geometry: 'polygon', outside: 'none', perParcel: false, fields: ['DB_LO', 'LDEN', 'Lden', 'GRIDCODE', 'CLASSE', 'class'], classOf: noiseBand },
  communes: {
    topic: 'commune',
    geometry: 'polygon',
    outside: null,
    perParcel: false,
    fields: ['CD_MUNTY_REFNIS', 'CD_REFNIS', 'NISCODE', 'NIS', 'LAU_ID', 'code'],
    classOf: codeValue,
    nameFields: ['TX_MUNTY_DESCR_FR', 'TX_MUNTY_DESCR_NL', 'NAAM', 'NOM', 'COMMUNE', 'name'],
    bilingual: ['TX_MUNTY_DESCR_FR', 'TX_MUNTY_DESCR_NL'],
  },
  sectors: {
    topic: 'sector',
    geometry: 'polygon',
    outside: null,
    perParcel: false,
    fields: ['CD_SECTOR', 'CS01012020', 'code'],
    classOf: codeValue,
    nameFields: ['TX_SECTOR_DESCR_FR', 'TX_SECTOR_DESCR_NL', 'name'],
    bilingual: ['TX_SECTOR_DESCR_FR', 'TX_SECTOR_DESCR_NL'],
  },
} as const satisfies Record<string, LayerRule>;

export type LayerName = keyof typeof LAYER_RULES;
export const LAYER_NAMES = Object.keys(LAYER_RULES) as LayerName[];

/** The tables: a commune's radon class, deed prices, Luxembourg's observatory. Joined through the `communes` (and `sectors`) layer. */
export const TABLE_NAMES = ['radon', 'statbel', 'observatoire'] as const;
export type TableName = (typeof TABLE_NAMES)[number];

export function isLayerName(name: string): name is LayerName {
  return Object.hasOwn(LAYER_RULES, name);
}
export function isTableName(name: string): name is TableName {
  return (TABLE_NAMES as readonly string[]).includes(name);
}

/** A kind of property as Statbel counts its deeds: from the listing's category and type. */
export function priceKindOf(webId: string, mainTypeName: string): 'house' | 'apartment' | 'villa' | 'land' | null {
  const type = plain(mainTypeName);
  if (webId === '3' || /terrain|bouwgrond|grundstuck|land\b/.test(type)) return 'land';
  if (/villa|bungalow/.test(type)) return 'villa';
  if (webId === '2' || /appartement|apartment|studio|flat|duplex|penthouse|wohnung/.test(type)) return 'apartment';
  if (webId === '1' || /maison|woning|huis|house|fermette|haus/.test(type)) return 'house';
  return null;
}

/** Statbel's kinds of property, in its words (French or Dutch). */
export function statbelKindOf(raw: unknown): 'house' | 'apartment' | 'villa' | 'land' | null {
  const word = plain(raw);
  if (/appartement|flat|studio/.test(word)) return 'apartment';
  if (/villa|bungalow|landhuis|maison de campagne/.test(word)) return 'villa';
  if (/terrain|bouwgrond|building land/.test(word)) return 'land';
  if (/maison|woonhuis|huizen|woning|house/.test(word)) return 'house';
  return null;
}

/** A place's name in a page's language: `fr|nl` as a bilingual layer keeps it, Dutch for a Dutch page or a Flemish place, French otherwise. */
export function placeName(name: string, lang: string, flemish: boolean): string {
  const [fr = '', nl = ''] = name.split('|');
  if (!nl) return fr;
  return lang === 'nl' || (lang !== 'fr' && flemish) ? nl : fr;
}

/** The CRM field a layer answers, if any. */
export function crmFieldOf(layer: LayerName): LayerRule['crmField'] {
  return (LAYER_RULES[layer] as LayerRule).crmField;
}
