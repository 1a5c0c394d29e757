/**
 * The CRM's code lists (heating, kitchen, condition, flood zones …): detail fields hold these
 * stable codes, and the label shown is the dictionary key `codeLabelKey(prefix, code)`.
 */
import { LISTING_STATUSES } from '../../domain/rules/listing-status.ts';
import * as z from 'zod';

export const HEATING_TYPES = ['gas', 'oil', 'electric', 'heat-pump', 'wood', 'pellets', 'district', 'none'] as const;
export const KITCHEN_TYPES = ['not-equipped', 'semi-equipped', 'equipped', 'hyper-equipped'] as const;
export const GLAZING_TYPES = ['single', 'double', 'triple'] as const;
export const FRAME_TYPES = ['pvc', 'wood', 'aluminium', 'mixed'] as const;
export const ROOF_MATERIALS = ['slate', 'tiles', 'flat', 'zinc', 'thatch'] as const;
export const CONDITIONS = ['new', 'excellent', 'good', 'to-refresh', 'to-renovate', 'to-demolish'] as const;
export const FLOOR_COVERINGS = ['tiles', 'parquet', 'laminate', 'carpet', 'concrete', 'vinyl'] as const;
export const ORIENTATIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
/** Walloon 'plan de secteur' zoning (PlanningInformation). */
export const ZONINGS = ['residential', 'residential-rural', 'mixed', 'economic', 'agricultural', 'forest', 'park'] as const;
export const AVAILABILITIES = ['immediately', 'at-deed', 'to-agree', 'from-date'] as const;
export const CERTIFICATE_STATES = ['compliant', 'non-compliant', 'not-applicable'] as const;
/** Walloon soil database (BDES) extract: not listed, indicative data (lavender), soil procedure (peach). */
export const GROUND_STATES = ['not-listed', 'indicative', 'soil-procedure'] as const;
export const ASBESTOS_TYPES = ['none', 'non-friable', 'friable', 'not-inspected'] as const;
/** Walloon flood hazard ('aléa d'inondation'). */
export const FLOOD_ZONES = ['none', 'very-low', 'low', 'medium', 'high'] as const;
export const WATER_SCORES = ['A', 'B', 'C', 'D'] as const;
export const LIFE_ANNUITY_TYPES = ['occupied', 'free'] as const;
export const DOCUMENT_KINDS = ['epc', 'floor-plan', 'brochure', 'cadastral', 'urbanism', 'electrical', 'soil', 'asbestos', 'other'] as const;
export const UNIT_KINDS = ['apartment', 'penthouse', 'duplex', 'house', 'parking', 'garage', 'cellar', 'commercial'] as const;
export const PROPERTY_STATUSES = LISTING_STATUSES;
export const UNIT_STATUSES = ['available', 'option', 'sold', 'sold-out'] as const;

/**
 * Dictionary key prefix of each code list: the label of code c is
 * codeLabelKey(prefix, c), e.g. HEATING_HEAT_PUMP, ORIENTATION_SW, STATUS_SOLD_OUT.
 */
export const CODE_LISTS = {
  HEATING: HEATING_TYPES,
  KITCHEN: KITCHEN_TYPES,
  GLAZING: GLAZING_TYPES,
  FRAME: FRAME_TYPES,
  ROOF: ROOF_MATERIALS,
  CONDITION: CONDITIONS,
  FLOOR: FLOOR_COVERINGS,
  ORIENTATION: ORIENTATIONS,
  ZONING: ZONINGS,
  AVAILABILITY: AVAILABILITIES,
  CERTIFICATE: CERTIFICATE_STATES,
  GROUND: GROUND_STATES,
  ASBESTOS: ASBESTOS_TYPES,
  FLOOD: FLOOD_ZONES,
  LIFE_ANNUITY: LIFE_ANNUITY_TYPES,
  DOCUMENT: DOCUMENT_KINDS,
  UNIT: UNIT_KINDS,
  STATUS: [...PROPERTY_STATUSES, ...UNIT_STATUSES],
} as const;
export type CodePrefix = keyof typeof CODE_LISTS;

export function codeLabelKey(prefix: CodePrefix, code: string): string {
  return `${prefix}_${code.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

export const WaterScore = z.enum(WATER_SCORES);
