/**
 * The visitor forms: one zod/mini schema per form, shared by the browser (validation
 * before sending) and the worker (the check that counts). Messages are dictionary keys
 * of the site's message catalogue, so both sides show the same localized text.
 */
import * as z from 'zod/mini';
import { CONTACT_SLOT_IDS } from '../rules/contact-slots.ts';
import { amountInWords } from '../rules/purchase-offer.ts';
import { brusselsToday, isPlausibleDate } from '../rules/calendar-date.ts';
import { LANGS } from '../lang.ts';
import { conditionsHold, type Answer, type ConditionRule } from '../rules/condition.ts';

import type { FormName } from './names.ts';

export { FORM_NAMES, isFormName, type FormName, ALERT_FREQUENCIES, type AlertFrequency } from './names.ts';
import { ALERT_FREQUENCIES } from './names.ts';

/** One field as rendered: its dictionary label, input kind and whether it is required. */
export interface FieldSpec {
  name: string;
  labelKey: string;
  kind: 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkboxes' | 'hidden' | 'number' | 'slots' | 'file' | 'date' | 'url';
  /** For files: what may be uploaded (the worker checks the bytes, not the name). */
  upload?: UploadKind;
  required?: boolean;
  autoComplete?: string;
  options?: { value: string; labelKey: string }[];
  /** Half-width on wide screens (first and last name side by side). */
  half?: boolean;
  /** Where the answer is read back (the agency's mail), when the label is a prompt: "Choose a slot" reads "Appointment". */
  summaryKey?: string;
  /** A date that cannot be in the past (a move): the picker starts at today in Belgium. */
  fromToday?: boolean;
  /** When the field is asked, by the answers to other fields; always when absent. */
  shownWhen?: ConditionRule[];
}

/** Documents (a CV) or photos; each has its own accepted types and size limit. */
export type UploadKind = 'document' | 'photo';
/** What the file picker offers, per upload kind. */
export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  document: '.pdf,.docx,.odt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.oasis.opendocument.text',
  photo: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
};
/** The hint under the picker, per upload kind. */
export const UPLOAD_HINT: Record<UploadKind, string> = { document: 'CV_HINT', photo: 'PHOTO_HINT' };

/** What a free valuation is for: the agency prepares a different visit for each. */
export const VALUATION_TYPES = ['house', 'apartment', 'land', 'commerce', 'other'] as const;
/** The energy label a seller may know, on the regions' scale (A+ in Wallonia and Brussels). */
export const VALUATION_EPC = ['a+', 'a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;

/** How a visitor wants the agency to reach them. */
export const CONTACT_DEVICES = ['phone', 'email', 'sms', 'whatsapp'] as const;

/** Countries a contact can choose (ISO 3166 codes), 'other' for the rest. */
export const CONTACT_COUNTRIES = ['be', 'lu', 'fr', 'nl', 'de', 'other'] as const;

const REQUIRED = 'REQUIRED_FIELD';
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const required = (max: number) => z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(max));
const optionalText = (max: number) => z.optional(text(max));
const email = z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(200), z.email('EMAIL_INVALID'));
/** Belgian and international numbers: digits with the usual separators. */
const phone = z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(30), z.regex(/^\+?[\d\s./()-]{6,}$/, 'PHONE_INVALID'));
const id = z.optional(z.coerce.number().check(z.int(), z.positive()));
const money = z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000_000)));
const small = z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(50)));
/** A figure a seller may give about their property, whole, within what a property can be; or nothing. */
const figure = (min: number, max: number) => z.optional(z.coerce.number('FIGURE_INVALID').check(z.int('FIGURE_INVALID'), z.minimum(min, 'FIGURE_INVALID'), z.maximum(max, 'FIGURE_INVALID')));

/** A real calendar day within a plausible span of years (no 30 February, no month 00, no year 20277). */
const isoDate = z.string().check(
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

const person = {
  title: z.enum(['mr', 'ms', 'miss'], REQUIRED),
  firstName: required(80),
  lastName: required(80),
  email,
  phone,
  message: optionalText(4000),
  contactTime: z.optional(z.enum(CONTACT_SLOT_IDS)),
  contactDevice: z.optional(z.enum(CONTACT_DEVICES)),
};

export const formSchemas = {
  'site-contact': z.object({ ...person }),
  'contact-me': z.object({ ...person, propertyId: id }),
  'contact-appointment': z.object({ ...person, propertyId: id, slotId: z.optional(z.string().check(z.regex(/^p\d{1,9}-\d{4}-\d{2}-\d{2}T\d{2}$/, 'SLOT_INVALID'))) }),
  'contact-construction': z.object({ ...person, country: z.optional(z.enum(CONTACT_COUNTRIES)), projectId: id }),
  'contact-demand': z.object({
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
  testimonial: z.object({
    name: required(80),
    comment: z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(2000)),
    /** Not 'website': that name is the honeypot every form carries. */
    homepage: z.optional(z.string().check(z.trim(), z.maxLength(200), z.regex(/^https?:\/\/[^\s<>"]+\.[^\s<>"]+$/, 'URL_INVALID'))),
  }),
  'demand-register': z
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
  'send-to-friend': z
    .object({
      name: required(80),
      email,
      friendEmail: z.string().check(z.trim(), z.minLength(1, 'FRIEND_EMAIL_INVALID'), z.maxLength(200), z.email('FRIEND_EMAIL_INVALID')),
      // A short plain-text note: the mail itself is built from the property or project.
      message: optionalText(500),
      // Only a published property or project can be sent; the worker checks that it is online.
      propertyId: id,
      projectId: id,
    })
    .check(z.refine((o) => (o.propertyId === undefined) !== (o.projectId === undefined), { message: 'PROPERTY_NOT_ONLINE', path: ['propertyId'] })),
  'sign-newsletter': z.object({ email, firstName: optionalText(80) }),
  /** "E-mail me my selection": the favourites' ids, sent to the visitor's own address. */
  'email-selection': z.object({ email, ids: z.string().check(z.trim(), z.minLength(1, 'SELECTION_EMPTY'), z.maxLength(600), z.regex(/^\d+(,\d+)*$/, 'SELECTION_EMPTY')) }),
  /** "Alert me about new properties like these": the list page's address carries the filters. */
  'save-search': z.object({
    email,
    frequency: z._default(z.enum(ALERT_FREQUENCIES), 'instant'),
    consent: z.literal('yes', 'ALERT_CONSENT_REQUIRED'),
    list: z.string().check(z.trim(), z.minLength(1, 'ALERT_LIST_INVALID'), z.maxLength(500), z.regex(/^\/[a-z]{2}\/[^\s]*$/, 'ALERT_LIST_INVALID')),
  }),
  'job-application': z.object({ title: person.title, firstName: person.firstName, lastName: person.lastName, email, phone, contactDevice: person.contactDevice, message: optionalText(4000) }),
  'purchase-offer': z
    .object({
      lang: z.enum(LANGS),
      title: person.title,
      buyerA: required(120),
      email,
      phone,
      buyerB: optionalText(120),
      amount: z.coerce.number().check(z.int(), z.positive(REQUIRED), z.maximum(999_999_999)),
      amountWords: required(300),
      startDate: isoDate,
      validUntil: isoDate,
      signingDate: isoDate,
      place: required(80),
      conditions: optionalText(2000),
      // An accepted written offer makes the sale: the buyer says they have read so.
      binding: z.literal('yes', 'OFFER_BINDING_REQUIRED'),
      propertyId: id,
    })
    .check(
      // The offer runs from its start to its end, and is signed before it ends.
      z.refine((o) => o.validUntil >= o.startDate && o.validUntil >= o.signingDate, { message: 'DATES_INVALID', path: ['validUntil'] }),
      // The amount in words is written from the figure in the visitor's language; both must say the same.
      z.refine((o) => sameWords(amountInWords(o.amount, o.lang) ?? '', o.amountWords), { message: 'AMOUNT_WORDS_MISMATCH', path: ['amountWords'] }),
    ),
  'rental-application': z
    .object({
      ...person,
      // Only what a landlord may ask before choosing a tenant (each region's list, checked in domain/rules/tenant-questions.test.ts):
      // the household's size, the start of the lease, the household's resources as one amount.
      adults: z.coerce.number().check(z.int(), z.minimum(1, REQUIRED), z.maximum(10)),
      kids: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(10))),
      movingDate: isoDate,
      income1: z.coerce.number().check(z.int(), z.minimum(0, REQUIRED), z.maximum(1_000_000)),
      propertyId: id,
    })
    // A move in the past is a typo: today in Belgium is the earliest day a tenant can move in.
    .check(z.refine((o) => o.movingDate >= brusselsToday(), { message: 'MOVING_DATE_PAST', path: ['movingDate'] })),
  // The documents of one property or of one project: a request names exactly one of them.
  'document-request': z
    .object({ name: required(80), email, propertyId: id, projectId: id })
    .check(z.refine((o) => (o.propertyId === undefined) !== (o.projectId === undefined), { message: 'API_ERROR', path: ['propertyId'] })),
} as const satisfies Record<FormName, z.ZodMiniType>;

export type FormData<N extends FormName> = z.infer<(typeof formSchemas)[N]>;

/** Title (Mr, Ms, Miss): asked of every person a form names. */
const TITLE: FieldSpec = {
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

const PERSON_FIELDS: FieldSpec[] = [
  TITLE,

  { name: 'firstName', labelKey: 'FIRST_NAME', kind: 'text', required: true, autoComplete: 'given-name', half: true },
  { name: 'lastName', labelKey: 'LAST_NAME', kind: 'text', required: true, autoComplete: 'family-name', half: true },
  { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
  { name: 'phone', labelKey: 'PHONE_NUMBER', kind: 'tel', required: true, autoComplete: 'tel', half: true },
  { name: 'contactDevice', labelKey: 'CONTACT_DEVICE', kind: 'select', half: true, options: CONTACT_DEVICES.map((device) => ({ value: device, labelKey: `CONTACT_DEVICE_${device.toUpperCase()}` })) },
];
/** Its choices come from the contact-slot rule, per language. */
const CONTACT_TIME: FieldSpec = {
  name: 'contactTime',
  labelKey: 'CONTACT_TIME',
  kind: 'select',
  // When to call means nothing to a visitor who asked to be written to.
  shownWhen: [{ field: 'contactDevice', logic: 'notEquals', compareWithValue: 'email' }],
};
const MESSAGE: FieldSpec = { name: 'message', labelKey: 'MESSAGE', kind: 'textarea' };
/** Where a buyer of a new-build lives: VAT, registration and financing differ by country. */
const COUNTRY: FieldSpec = {
  name: 'country',
  labelKey: 'COUNTRY',
  kind: 'select',
  autoComplete: 'country',
  options: CONTACT_COUNTRIES.map((code) => ({ value: code, labelKey: `COUNTRY_${code.toUpperCase()}` })),
};

/** The fields of each form, in display order. */
export const formFields: Record<FormName, FieldSpec[]> = {
  'site-contact': [...PERSON_FIELDS, CONTACT_TIME, MESSAGE],
  'contact-me': [...PERSON_FIELDS, MESSAGE, { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' }],
  'contact-appointment': [
    { name: 'slotId', labelKey: 'CHOOSE_SLOT', summaryKey: 'APPOINTMENT', kind: 'slots' },
    ...PERSON_FIELDS,
    MESSAGE,
    { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' },
  ],
  'contact-construction': [...PERSON_FIELDS, COUNTRY, MESSAGE, { name: 'projectId', labelKey: 'PROJECTS', kind: 'hidden' }],
  'contact-demand': [
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
  testimonial: [
    { name: 'name', labelKey: 'YOUR_NAME', kind: 'text', required: true, autoComplete: 'name', half: true },
    { name: 'homepage', labelKey: 'WEBSITE', kind: 'url', autoComplete: 'url', half: true },
    { name: 'comment', labelKey: 'COMMENT', kind: 'textarea', required: true },
    { name: 'image', labelKey: 'YOUR_PHOTO', kind: 'file', upload: 'photo' },
  ],
  'demand-register': [
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
  'send-to-friend': [
    { name: 'name', labelKey: 'YOUR_NAME', kind: 'text', required: true, autoComplete: 'name', half: true },
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    { name: 'friendEmail', labelKey: 'FRIEND_EMAIL', kind: 'email', required: true },
    MESSAGE,
    { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' },
    { name: 'projectId', labelKey: 'PROJECTS', kind: 'hidden' },
  ],
  'email-selection': [
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email' },
    { name: 'ids', labelKey: 'FAVOURITES', kind: 'hidden' },
  ],
  'save-search': [
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    {
      name: 'frequency',
      labelKey: 'ALERT_FREQUENCY',
      kind: 'select',
      half: true,
      options: ALERT_FREQUENCIES.map((f) => ({ value: f, labelKey: `ALERT_FREQUENCY_${f.toUpperCase()}` })),
    },
    { name: 'consent', labelKey: 'ALERT_CONSENT', kind: 'checkboxes', required: true, options: [{ value: 'yes', labelKey: 'ALERT_CONSENT_TEXT' }] },
    { name: 'list', labelKey: 'ALERT_LIST', kind: 'hidden' },
  ],
  'sign-newsletter': [
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    { name: 'firstName', labelKey: 'FIRST_NAME', kind: 'text', autoComplete: 'given-name', half: true },
  ],
  'job-application': [...PERSON_FIELDS, { name: 'cv', labelKey: 'CV_FILE', kind: 'file', required: true, upload: 'document' }, MESSAGE],
  'purchase-offer': [
    TITLE,
    { name: 'buyerA', labelKey: 'SIGNATORY_A', kind: 'text', required: true, autoComplete: 'name', half: true },
    { name: 'buyerB', labelKey: 'SIGNATORY_B', kind: 'text', half: true },
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    { name: 'phone', labelKey: 'PHONE_NUMBER', kind: 'tel', required: true, autoComplete: 'tel', half: true },
    { name: 'amount', labelKey: 'OFFER_AMOUNT', kind: 'number', required: true, half: true },
    { name: 'amountWords', labelKey: 'OFFER_AMOUNT_WORDS', kind: 'text', required: true },
    { name: 'startDate', labelKey: 'OFFER_VALID_FROM', kind: 'date', required: true, half: true },
    { name: 'validUntil', labelKey: 'OFFER_VALID_UNTIL', kind: 'date', required: true, half: true },
    { name: 'place', labelKey: 'SIGNING_PLACE', kind: 'text', required: true, half: true },
    { name: 'signingDate', labelKey: 'SIGNING_DATE', kind: 'date', required: true, half: true },
    { name: 'conditions', labelKey: 'OFFER_CONDITIONS', kind: 'textarea' },
    { name: 'binding', labelKey: 'OFFER_BINDING', kind: 'checkboxes', required: true, options: [{ value: 'yes', labelKey: 'OFFER_BINDING_TEXT' }] },
    { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' },
  ],
  'rental-application': [
    ...PERSON_FIELDS,
    { name: 'adults', labelKey: 'ADULTS', kind: 'number', required: true, half: true },
    { name: 'kids', labelKey: 'KIDS', kind: 'number', half: true },
    { name: 'movingDate', labelKey: 'MOVING_DATE', kind: 'date', required: true, half: true, fromToday: true },
    { name: 'income1', labelKey: 'HOUSEHOLD_RESOURCES', kind: 'number', required: true, half: true },
    { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' },
  ],
  'document-request': [
    { name: 'name', labelKey: 'YOUR_NAME', kind: 'text', required: true, autoComplete: 'name', half: true },
    { name: 'email', labelKey: 'EMAIL_ADDRESS', kind: 'email', required: true, autoComplete: 'email', half: true },
    { name: 'propertyId', labelKey: 'REFERENCE', kind: 'hidden' },
    { name: 'projectId', labelKey: 'PROJECTS', kind: 'hidden' },
  ],
};

export interface FieldError {
  field: string;
  /** Dictionary key of the message; REQUIRED_FIELD takes the field's label as {{field}}. */
  key: string;
  /** For a refused upload: the name of the file, so the message says which one. */
  file?: string;
}

export type FormResult<N extends FormName> = { ok: true; data: FormData<N> } | { ok: false; errors: FieldError[] };

/** Whether a field of a form is asked, given the answers so far (its condition rules). */
export function isAsked(spec: FieldSpec, answers: (name: string) => Answer): boolean {
  return conditionsHold(spec.shownWhen, answers);
}

/** The answers to fields a form did not ask (their conditions fail) are dropped: nothing unasked is kept or mailed. */
export function askedOnly(name: FormName, input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const values = input as Record<string, unknown>;
  const answer = (field: string): Answer => {
    const value = values[field];
    return typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string')) ? value : undefined;
  };
  const unasked = formFields[name].filter((spec) => !isAsked(spec, answer)).map((spec) => spec.name);
  if (unasked.length === 0) return input;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !unasked.includes(key)));
}

/** Validates a submission; one error per field, the first the schema finds. */
export function validateForm<N extends FormName>(name: N, input: unknown): FormResult<N> {
  const result = formSchemas[name].safeParse(askedOnly(name, input));
  // The schema chosen by `name` is the one FormData<N> is inferred from; TS cannot correlate them.
  if (result.success) return { ok: true, data: result.data as FormData<N> };
  return { ok: false, errors: fieldErrors(result.error.issues) };
}

/** One error per field, the first the schema finds; a message that is not a dictionary key becomes a generic one. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (errors.some((e) => e.field === field)) continue;
    const known = /^[A-Z_]+$/.test(issue.message) ? issue.message : issue.code === 'invalid_type' ? REQUIRED : 'CHECK_RED_FIELDS';
    errors.push({ field, key: known });
  }
  return errors;
}

/** Form values as posted (url-encoded or multipart): repeated keys become arrays, empty strings disappear. */
export function formValues(entries: Iterable<[string, unknown]>, arrays: readonly string[] = ['types']): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  const lists = new Map<string, string[]>(arrays.map((key) => [key, []]));
  for (const [key, raw] of entries) {
    if (typeof raw !== 'string') continue;
    const value = raw.trim();
    const list = lists.get(key);
    if (list) {
      if (value !== '') list.push(value);
    } else if (value !== '') out[key] = value;
  }
  for (const [key, list] of lists) out[key] = list;
  return out;
}
