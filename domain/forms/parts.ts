/**
 * What the forms' schemas and fields are built of: the checks every form shares (a required
 * text, an address, a phone number, an amount, a date), the choices some forms offer, and
 * the fields a person is asked for.
 */
import * as z from 'zod/mini';
import { CONTACT_SLOT_IDS } from '../rules/contact-slots.ts';
import { isPlausibleDate } from '../rules/calendar-date.ts';
import type { FieldSpec } from './field-spec.ts';

/** What a free valuation is for: the agency prepares a different visit for each. */
export const VALUATION_TYPES = ['house', 'apartment', 'land', 'commerce', 'other'] as const;
/** The energy label a seller may know, on the regions' scale (A+ in Wallonia and Brussels). */
export const VALUATION_EPC = ['a+', 'a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;

/** How a visitor wants the agency to reach them. */
export const CONTACT_DEVICES = ['phone', 'email', 'sms', 'whatsapp'] as const;

/** Countries a contact can choose (ISO 3166 codes), 'other' for the rest. */
export const CONTACT_COUNTRIES = ['be', 'lu', 'fr', 'nl', 'de', 'other'] as const;

export const REQUIRED = 'REQUIRED_FIELD';
export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
export const required = (max: number) => z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(max));
export const optionalText = (max: number) => z.optional(text(max));
export const email = z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(200), z.email('EMAIL_INVALID'));
/** Belgian and international numbers: digits with the usual separators. */
export const phone = z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(30), z.regex(/^\+?[\d\s./()-]{6,}$/, 'PHONE_INVALID'));
export const id = z.optional(z.coerce.number().check(z.int(), z.positive()));
export const money = z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000_000)));
export const small = z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(50)));
/** A figure a seller may give about their property, whole, within what a property can be; or nothing. */
export const figure = (min: number, max: number) => z.optional(z.coerce.number('FIGURE_INVALID').check(z.int('FIGURE_INVALID'), z.minimum(min, 'FIGURE_INVALID'), z.maximum(max, 'FIGURE_INVALID')));

/** A real calendar day within a plausible span of years (no 30 February, no month 00, no year 20277). */
export const isoDate = z.string().check(
  z.trim(),
  z.minLength(1, REQUIRED),
  z.refine((value) => isPlausibleDate(value), 'DATE_INVALID'),
);

/** Words compare without case, accents of spacing or hyphens: "Deux cent mille" = "deux-cent-mille". */
export function sameWords(a: string, b: string): boolean {
  const norm = (x: string) =>
    x
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[\s-]+/g, '');
  return norm(a) === norm(b);
}

export const person = {
  title: z.enum(['mr', 'ms', 'miss'], REQUIRED),
  firstName: required(80),
  lastName: required(80),
  email,
  phone,
  message: optionalText(4000),
  contactTime: z.optional(z.enum(CONTACT_SLOT_IDS)),
  contactDevice: z.optional(z.enum(CONTACT_DEVICES)),
};

/** Title (Mr, Ms, Miss): asked of every person a form names. */
export const TITLE: FieldSpec = {
  name: 'title',
  labelKey: 'TITLE',
  kind: 'select',
  required: true,
  autoComplete: 'honorific-prefix',
  options: [
    { value: 'mr', labelKey: 'TITLE_MR' },
    { value: 'ms', labelKey: 'TITLE_MS' },
    { value: 'miss', labelKey: 'TITLE_MISS' },
  ],
};

export const PERSON_FIELDS: FieldSpec[] = [
  TITLE,

  { name: 'firstName', labelKey: 'FIRST_NAME', kind: 'text', required: true, autoComplete: 'given-name', half: true },
  { name: 'lastName', labelKey: 'LAST_NAME', kind: 'text', required: true, autoComplete: 'family-name', half: true },
  { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
  { name: 'phone', labelKey: 'PHONE_NUMBER', kind: 'tel', required: true, autoComplete: 'tel', half: true },
  { name: 'contactDevice', labelKey: 'CONTACT_DEVICE', kind: 'select', half: true, options: CONTACT_DEVICES.map((device) => ({ value: device, labelKey: `CONTACT_DEVICE_${device.toUpperCase()}` })) },
];
/** Its choices come from the contact-slot rule, per language. */
export const CONTACT_TIME: FieldSpec = {
  name: 'contactTime',
  labelKey: 'CONTACT_TIME',
  kind: 'select',
  // When to call means nothing to a visitor who asked to be written to.
  shownWhen: [{ field: 'contactDevice', logic: 'notEquals', compareWithValue: 'email' }],
};
export const MESSAGE: FieldSpec = { name: 'message', labelKey: 'MESSAGE', kind: 'textarea' };
/** Where a buyer of a new-build lives: VAT, registration and financing differ by country. */
export const COUNTRY: FieldSpec = {
  name: 'country',
  labelKey: 'COUNTRY',
  kind: 'select',
  autoComplete: 'country',
  options: CONTACT_COUNTRIES.map((code) => ({ value: code, labelKey: `COUNTRY_${code.toUpperCase()}` })),
};
