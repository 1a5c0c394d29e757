/** The demand register: what a buyer or tenant looks for, kept as alerts and sent to the CRM as a search profile. */
import * as z from 'zod/mini';
import { REQUIRED, money, small, person, PERSON_FIELDS, MESSAGE } from '../parts.ts';
import { defineFormKind } from '../define.ts';

export const demandRegister = defineFormKind({
  schema: z
    .object({
      ...person,
      goal: z.enum(['sale', 'rent'], REQUIRED),
      types: z.array(z.string().check(z.maxLength(10))).check(z.minLength(1, 'TYPE_REQUIRED'), z.maxLength(10)),
      // An empty field is dropped from the values (formValues), so absent says "no zone" too.
      zones: z.string('ZONE_REQUIRED').check(z.trim(), z.minLength(1, 'ZONE_REQUIRED'), z.maxLength(300)),
      minPrice: money,
      maxPrice: money,
      minBedrooms: small,
      maxBedrooms: small,
      garages: small,
      parkings: small,
      minBathrooms: small,
      budget: money,
    })
    .check(
      z.refine((o) => o.minPrice === undefined || o.maxPrice === undefined || o.minPrice <= o.maxPrice, { message: 'PRICE_RANGE_INVALID', path: ['maxPrice'] }),
      z.refine((o) => o.minBedrooms === undefined || o.maxBedrooms === undefined || o.minBedrooms <= o.maxBedrooms, { message: 'BEDROOMS_RANGE_INVALID', path: ['maxBedrooms'] }),
    ),
  fields: [
    ...PERSON_FIELDS,
    {
      name: 'goal',
      labelKey: 'GOAL',
      kind: 'select',
      required: true,
      options: [
        { value: 'sale', labelKey: 'GOAL_SALE' },
        { value: 'rent', labelKey: 'GOAL_RENT' },
      ],
    },
    /** Its choices are the agency's categories (content), per language. */
    { name: 'types', labelKey: 'PROPERTY_TYPE', kind: 'checkboxes', required: true },
    { name: 'zones', labelKey: 'ZONES', kind: 'text', required: true },
    { name: 'minPrice', labelKey: 'PRICE_MIN', kind: 'number', half: true },
    { name: 'maxPrice', labelKey: 'PRICE_MAX', kind: 'number', half: true },
    { name: 'minBedrooms', labelKey: 'BEDROOMS_MIN', kind: 'number', half: true },
    { name: 'maxBedrooms', labelKey: 'BEDROOMS_MAX', kind: 'number', half: true },
    { name: 'minBathrooms', labelKey: 'BATHROOMS_MIN', kind: 'number', half: true },
    { name: 'garages', labelKey: 'GARAGES', kind: 'number', half: true },
    { name: 'parkings', labelKey: 'PARKINGS', kind: 'number', half: true },
    { name: 'budget', labelKey: 'BUDGET', kind: 'number', half: true },
    MESSAGE,
  ],
  retention: 'lead',
  privacyWhy: null,
  receipt: null,
});
