/**
 * The field groups of a property detail page ("Property detail fields"): which
 * CRM fields belong to which group, how each value is shown, and which are left out
 * because they have no value. Labels are dictionary keys derived from the CRM name
 * (SurfaceLiving → SURFACE_LIVING), so a new field needs one dictionary entry, no code.
 */
import { formatEuro, formatNumber } from './price.ts';
import { facadeKey, facadeKind } from './facades.ts';
import type { Translate } from '../i18n/translator.ts';

export type FieldValue = string | number | boolean | null | undefined;

type Kind = 'facades' | 'money' | 'area' | 'length' | 'count' | 'year' | 'bool' | 'code' | 'date' | 'text' | 'energy' | 'energyTotal' | 'co2' | 'floor';

interface FieldSpec {
  field: string;
  kind: Kind;
  /** Dictionary prefix of a coded value's label (HEATING → HEATING_HEAT_PUMP). */
  codes?: string;
}

export interface FieldGroup {
  id: 'price' | 'address' | 'surfaces' | 'rooms' | 'energy' | 'risk' | 'other' | 'annuity';
  titleKey: string;
  fields: FieldSpec[];
}

const f = (field: string, kind: Kind, codes?: string): FieldSpec => (codes ? { field, kind, codes } : { field, kind });

export const FIELD_GROUPS: FieldGroup[] = [
  {
    id: 'price',
    titleKey: 'GROUP_PRICE',
    fields: [
      f('ChargesOwner', 'money'),
      f('ChargesRenter', 'money'),
      f('TotalCost', 'money'),
      f('DepositAmount', 'money'),
      f('InventoryCost', 'money'),
      f('AgencyCost', 'money'),
      f('RealEstateTax', 'money'),
      f('NotaryFeeExVat', 'money'),
      f('NotaryFeeIncVat', 'money'),
      f('RegistrationRights', 'money'),
      f('VatRegime', 'bool'),
      f('VatValue', 'money'),
      f('ConstructionCost', 'money'),
      f('GaragePrice', 'money'),
      f('ParkingPrice', 'money'),
      f('OptionPrice', 'money'),
    ],
  },
  {
    id: 'address',
    titleKey: 'ADDRESS',
    fields: [f('Street', 'text'), f('HouseNumber', 'text'), f('BoxNr', 'text'), f('Zip', 'text'), f('City', 'text'), f('CountryName', 'text'), f('Neighbourhood', 'text')],
  },
  {
    id: 'surfaces',
    titleKey: 'GROUP_SURFACES',
    fields: [
      f('SurfaceLiving', 'area'),
      f('SurfaceTotal', 'area'),
      f('SurfaceGround', 'area'),
      f('SurfaceConstructed', 'area'),
      f('SurfaceTerrace', 'area'),
      f('SurfaceGarden', 'area'),
      f('SurfaceOffice', 'area'),
      f('SurfaceStore', 'area'),
      f('PlotWidth', 'length'),
      f('FrontWidth', 'length'),
    ],
  },
  {
    id: 'rooms',
    titleKey: 'GROUP_ROOMS',
    fields: [
      f('Bedrooms', 'count'),
      f('Bathrooms', 'count'),
      f('ShowerRooms', 'count'),
      f('Toilets', 'count'),
      f('ExtraRooms', 'count'),
      f('Floors', 'count'),
      f('Floor', 'floor'),
      f('Lift', 'bool'),
      f('Facades', 'facades'),
      f('Garages', 'count'),
      f('Parkings', 'count'),
      f('ExternalParkings', 'count'),
    ],
  },
  {
    id: 'energy',
    titleKey: 'GROUP_ENERGY',
    fields: [
      f('EnergyPerformance', 'energy'),
      f('EPCTotal', 'energyTotal'),
      f('EPCSpec', 'energy'),
      f('CO2Emission', 'co2'),
      f('ELevel', 'count'),
      f('EPCCertificateNumber', 'text'),
      f('EPCCertificateEndDate', 'date'),
      f('HeatingType', 'code', 'HEATING'),
      f('WindowGlazing', 'code', 'GLAZING'),
      f('WindowFrame', 'code', 'FRAME'),
      f('ElectricityCertificate', 'code', 'CERTIFICATE'),
      f('GasCertificate', 'code', 'CERTIFICATE'),
      f('AsbestosType', 'code', 'ASBESTOS'),
      f('AsbestosDate', 'date'),
    ],
  },
  {
    id: 'risk',
    titleKey: 'GROUP_RISK',
    fields: [f('FloodZone', 'code', 'FLOOD'), f('FloodRiskArea', 'bool'), f('RiparianZone', 'bool'), f('GScore', 'text'), f('PScore', 'text'), f('GroundCertificate', 'code', 'GROUND')],
  },
  {
    id: 'other',
    titleKey: 'GROUP_OTHER',
    fields: [
      f('Condition', 'code', 'CONDITION'),
      f('ConstructionYear', 'year'),
      f('RenovationYear', 'year'),
      f('Kitchen', 'code', 'KITCHEN'),
      f('FloorCovering', 'code', 'FLOOR'),
      f('RoofMaterial', 'code', 'ROOF'),
      f('RoofCondition', 'code', 'CONDITION'),
      f('TerraceOrientation', 'code', 'ORIENTATION'),
      f('GardenOrientation', 'code', 'ORIENTATION'),
      f('RearOrientation', 'code', 'ORIENTATION'),
      f('Availability', 'code', 'AVAILABILITY'),
      f('AvailableFrom', 'date'),
      f('PlanningInformation', 'code', 'ZONING'),
      f('Permit', 'bool'),
      f('AllotmentPermit', 'bool'),
      f('Summons', 'bool'),
      f('PreemptiveRights', 'bool'),
      f('JudicialDecision', 'bool'),
      f('ElectricityConnection', 'bool'),
      f('DrainConnection', 'bool'),
    ],
  },
  {
    id: 'annuity',
    titleKey: 'LIFE_ANNUITY',
    fields: [f('LifeAnnuityType', 'code', 'LIFE_ANNUITY'), f('LifeAnnuityAgeMan', 'count'), f('LifeAnnuityAgeWoman', 'count'), f('LifeAnnuityIndexedRent', 'money')],
  },
];

/** UpperCamel CRM name → UPPER_SNAKE dictionary key: SurfaceLiving → SURFACE_LIVING, CO2Emission → CO2_EMISSION. */
export function labelKey(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();
}

/** Dictionary key of a coded value: ('HEATING', 'heat-pump') → HEATING_HEAT_PUMP. */
export function codeKey(prefix: string, code: string): string {
  return `${prefix}_${code.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

export interface ShownField {
  field: string;
  label: string;
  value: string;
}

export interface ShownGroup {
  id: FieldGroup['id'];
  title: string;
  fields: ShownField[];
}

/** Belgian date order (dd/mm/yyyy) in every language of the site. */
function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, y, m, d] = match;
  return `${d}/${m}/${y}`;
}

/**
 * The value of one field as shown, or null when it has none (null, empty, or a zero
 * count that would only say "0 garages"). Booleans are shown as yes/no.
 */
export function formatField(spec: FieldSpec, value: FieldValue, t: Translate): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (spec.kind) {
    case 'bool':
      return typeof value === 'boolean' ? t(value ? 'YES' : 'NO') : null;
    case 'money':
      return typeof value === 'number' && value > 0 ? formatEuro(value) : null;
    case 'area':
      return typeof value === 'number' && value > 0 ? `${formatNumber(value)} m²` : null;
    case 'length':
      return typeof value === 'number' && value > 0 ? `${formatNumber(value)} m` : null;
    case 'count':
      return typeof value === 'number' && value > 0 ? formatNumber(value) : null;
    case 'facades': {
      // 4 is open, 3 half-open, 2 closed (terraced); the kind is what buyers search by.
      if (typeof value !== 'number' || value <= 0) return null;
      const key = facadeKey(facadeKind(value));
      const count = t('FACADE_COUNT', { count: value });
      return key ? `${count} (${t(key)})` : count;
    }
    case 'floor':
      return typeof value === 'number' ? (value === 0 ? t('GROUND_FLOOR') : formatNumber(value)) : null;
    case 'year':
      return typeof value === 'number' && value > 0 ? String(value) : null;
    case 'energy':
      return typeof value === 'number' ? `${formatNumber(value)} ${t('EPC_UNIT')}` : null;
    case 'energyTotal':
      return typeof value === 'number' ? `${formatNumber(value)} ${t('EPC_TOTAL_UNIT')}` : null;
    case 'co2':
      return typeof value === 'number' ? `${formatNumber(value)} ${t('CO2_UNIT')}` : null;
    case 'code':
      return typeof value === 'string' && spec.codes ? t(codeKey(spec.codes, value)) : null;
    case 'date':
      return typeof value === 'string' ? formatDate(value) : null;
    case 'text':
      return typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() || null : null;
  }
}

/** The groups of a property that have at least one value, in display order. */
export function shownGroups(fields: Record<string, FieldValue>, t: Translate): ShownGroup[] {
  return FIELD_GROUPS.map((group) => ({
    id: group.id,
    title: t(group.titleKey),
    fields: group.fields.flatMap((spec) => {
      const value = formatField(spec, fields[spec.field], t);
      return value === null ? [] : [{ field: spec.field, label: t(labelKey(spec.field)), value }];
    }),
  })).filter((group) => group.fields.length > 0);
}
