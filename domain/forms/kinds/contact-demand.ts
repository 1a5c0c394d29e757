/** A free valuation: the property to value, what the seller knows of it, and photos. */
import * as z from 'zod/mini';
import { REQUIRED, required, optionalText, figure, person, PERSON_FIELDS, CONTACT_TIME, MESSAGE, VALUATION_TYPES, VALUATION_EPC } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const contactDemand = defineFormKind({
  schema: z.object({
    ...person,
    // The address of the property to value: without it there is nothing to value. A street
    // with no letter in it ('12', '-') names no place: the address counts as empty.
    street: z.string(REQUIRED).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(120), z.regex(/\p{L}/u, 'DEMAND_ADDRESS_EMPTY')),
    houseNumber: optionalText(20),
    zip: z.string().check(z.trim(), z.minLength(1, REQUIRED), z.regex(/^\d{4}$/, 'ZIP_INVALID')),
    city: required(80),
    propertyType: z.enum(VALUATION_TYPES, 'TYPE_NOT_SELECTED'),
    // What a valuer asks first; each optional, a seller gives what they know.
    livingArea: figure(1, 10_000),
    landArea: figure(1, 1_000_000),
    bedrooms: figure(0, 50),
    bathrooms: figure(0, 20),
    constructionYear: figure(1500, 2100),
    epcLabel: z.optional(z.enum(VALUATION_EPC, 'CHECK_RED_FIELDS')),
  }),
  fields: [
    ...PERSON_FIELDS,
    { name: 'street', labelKey: 'ADDRESS', kind: 'text', required: true, autoComplete: 'address-line1', half: true },
    { name: 'houseNumber', labelKey: 'HOUSE_NUMBER', kind: 'text', autoComplete: 'address-line2', half: true },
    { name: 'zip', labelKey: 'POSTAL_CODE', kind: 'text', required: true, autoComplete: 'postal-code', half: true },
    { name: 'city', labelKey: 'CITY', kind: 'text', required: true, autoComplete: 'address-level2', half: true },
    { name: 'propertyType', labelKey: 'PROPERTY_TYPE', kind: 'select', required: true, options: VALUATION_TYPES.map((type) => ({ value: type, labelKey: `VALUATION_TYPE_${type.toUpperCase()}` })) },
    { name: 'livingArea', labelKey: 'VALUATION_LIVING_AREA', kind: 'number', half: true },
    { name: 'landArea', labelKey: 'VALUATION_LAND_AREA', kind: 'number', half: true },
    { name: 'bedrooms', labelKey: 'BEDROOMS', kind: 'number', half: true },
    { name: 'bathrooms', labelKey: 'BATHROOMS', kind: 'number', half: true },
    { name: 'constructionYear', labelKey: 'CONSTRUCTION_YEAR', kind: 'number', half: true },
    {
      name: 'epcLabel',
      labelKey: 'VALUATION_EPC',
      kind: 'select',
      half: true,
      options: VALUATION_EPC.map((label) => ({ value: label, labelKey: `EPC_LETTER_${label.replace('+', '_PLUS').toUpperCase()}` })),
    },
    CONTACT_TIME,
    MESSAGE,
    { name: 'photo1', labelKey: 'PHOTO_1', kind: 'file', upload: 'photo', half: true },
    { name: 'photo2', labelKey: 'PHOTO_2', kind: 'file', upload: 'photo', half: true },
  ],
  retention: 'lead',
  privacyWhy: 'FORM_PRIVACY_WHY_VALUATION',
  receipt: { request: 'ACK_REQUEST_VALUATION', next: 'ACK_NEXT_VALUATION' },
});
