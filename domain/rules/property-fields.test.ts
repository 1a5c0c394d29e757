import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { codeKey, FIELD_GROUPS, formatField, labelKey, shownGroups } from './property-fields.ts';
import { createTranslator } from '../i18n/translator.ts';
import type { Lang } from '../lang.ts';

const t = (key: string, params?: Record<string, string | number>) => (params?.count === undefined ? `«${key}»` : `«${key}:${params.count}»`);

describe('labelKey', () => {
  it.each([
    ['SurfaceLiving', 'SURFACE_LIVING'],
    ['CO2Emission', 'CO2_EMISSION'],
    ['EPCCertificateEndDate', 'EPC_CERTIFICATE_END_DATE'],
    ['GScore', 'G_SCORE'],
    ['NotaryFeeIncVat', 'NOTARY_FEE_INC_VAT'],
    ['ELevel', 'E_LEVEL'],
  ])('%s → %s', (field, key) => expect(labelKey(field)).toBe(key));
});

describe('codeKey', () => {
  it.each([
    ['HEATING', 'heat-pump', 'HEATING_HEAT_PUMP'],
    ['ORIENTATION', 'SW', 'ORIENTATION_SW'],
    ['FLOOD', 'very-low', 'FLOOD_VERY_LOW'],
  ])('%s + %s → %s', (prefix, code, key) => expect(codeKey(prefix, code)).toBe(key));
});

describe('formatField', () => {
  const spec = (field: string) => {
    const found = FIELD_GROUPS.flatMap((g) => g.fields).find((s) => s.field === field);
    if (!found) throw new Error(field);
    return found;
  };
  it.each([
    ['ChargesRenter', 125, '€ 125'],
    ['ChargesRenter', 0, null],
    ['RealEstateTax', 1250.5, '€ 1.250,50'],
    ['SurfaceLiving', 145, '145 m²'],
    ['SurfaceGround', 1250, '1.250 m²'],
    ['SurfaceLiving', 0, null],
    ['SurfaceLiving', null, null],
    ['FrontWidth', 7.5, '7,5 m'],
    ['Bedrooms', 3, '3'],
    ['Facades', 4, '«FACADE_COUNT:4» («FACADES_OPEN»)'],
    ['Facades', 3, '«FACADE_COUNT:3» («FACADES_HALF_OPEN»)'],
    ['Facades', 2, '«FACADE_COUNT:2» («FACADES_CLOSED»)'],
    ['Facades', 1, '«FACADE_COUNT:1»'],
    ['Facades', 0, null],
    ['Garages', 0, null],
    ['Floor', 0, '«GROUND_FLOOR»'],
    ['Floor', 3, '3'],
    ['Lift', true, '«YES»'],
    ['Lift', false, '«NO»'],
    ['Lift', 'yes', null],
    ['HeatingType', 'heat-pump', '«HEATING_HEAT_PUMP»'],
    ['EnergyPerformance', 142, '142 «EPC_UNIT»'],
    ['EnergyPerformance', -5, '-5 «EPC_UNIT»'],
    ['EPCCertificateEndDate', '2034-05-31', '31/05/2034'],
    ['ConstructionYear', 1925, '1925'],
    ['Street', '  ', null],
    ['GScore', 'B', 'B'],
  ])('%s = %j → %j', (field, value, expected) => {
    expect(formatField(spec(field), value, t)).toBe(expected);
  });
});

describe('shownGroups', () => {
  it('keeps groups with values, in order, and drops empty ones', () => {
    const groups = shownGroups({ SurfaceLiving: 120, Bedrooms: 3, Garages: 0, FloodZone: 'none', Street: null }, t);
    expect(groups.map((g) => g.id)).toEqual(['surfaces', 'rooms', 'risk']);
    expect(groups[0]?.fields).toEqual([{ field: 'SurfaceLiving', label: '«SURFACE_LIVING»', value: '120 m²' }]);
  });
  it('shows nothing for a property without details', () => {
    expect(shownGroups({}, t)).toEqual([]);
  });
});

describe('facades read as the language counts them', () => {
  const facades = FIELD_GROUPS.flatMap((g) => g.fields).find((s) => s.field === 'Facades');
  it.each([
    ['fr', 1, '1 façade'],
    ['fr', 2, '2 façades (construction fermée)'],
    ['nl', 1, '1 gevel'],
    ['nl', 4, '4 gevels (open bebouwing)'],
    ['en', 3, '3 facades (semi-detached)'],
    ['de', 1, '1 Fassade'],
  ] as const)('%s, %i → %s', (lang: Lang, count, expected) => {
    const dict = JSON.parse(readFileSync(`content/demo/translations/${lang}.json`, 'utf8')) as Record<string, string>;
    expect(facades && formatField(facades, count, createTranslator(lang, dict).t)).toBe(expected);
  });
});
