/**
 * A visit request. A property that offers visit slots is booked on one: the visitor
 * chooses it, its place is held before anything else and confirmed once stored, and the
 * visitor's address gets the booking's confirmation (none without a slot).
 */
import { withQueryParam } from '../../../domain/rules/page-address.ts';
import { openSlots } from '../../visits/store.ts';
import { holdVisit } from '../appointment-hold.ts';
import { defineForm } from '../define.ts';

export const contactAppointmentForm = defineForm('contact-appointment', {
  notStored: 'MAIL_NOT_SENT',
  mailsTypedAddress: 'email',
  mails: { agency: true, visitor: 'appointment-confirmation' },
  crm: true,
  steps: {
    async check({ fields, db }) {
      if (fields.slotId !== undefined || fields.propertyId === undefined) return null;
      return (await openSlots(db, fields.propertyId)).length > 0 ? { refuse: [{ field: 'slotId', key: 'CHOOSE_SLOT' }] } : null;
    },
    hold: (ctx) => holdVisit(ctx, { slotId: ctx.fields.slotId ?? null, propertyId: ctx.fields.propertyId ?? null }),
    mailsTypedAddress: (fields) => fields.slotId !== undefined,
    // Back with the property's open slots drawn by the server (?book=1), so a visitor without JavaScript can choose one.
    refusalPage: (back) => withQueryParam(back, 'book', '1'),
  },
});
