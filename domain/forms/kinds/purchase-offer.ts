/** A written purchase offer: it binds the buyer once the seller accepts it. */
import * as z from 'zod/mini';
import { REQUIRED, required, optionalText, email, phone, id, isoDate, sameWords, person, TITLE } from '../parts.ts';
import { LANGS } from '../../lang.ts';
import { amountInWords } from '../../rules/purchase-offer.ts';
import { defineFormKind } from '../define.ts';

export const purchaseOffer = defineFormKind({
  schema: z
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
  fields: [
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
  retention: 'lead',
  privacyWhy: 'FORM_PRIVACY_WHY_OFFER',
  receipt: { request: 'ACK_REQUEST_OFFER', next: 'ACK_NEXT_OFFER' },
});
