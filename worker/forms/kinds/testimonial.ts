/**
 * A testimonial: kept for moderation, shown once an operator approves it.
 */
import { insertTestimonial } from '../../testimonials/store.ts';
import { defineForm, agencyOnly } from '../define.ts';

export const testimonialForm = defineForm('testimonial', {
  done: 'TESTIMONIAL_SENT',
  notStored: 'TESTIMONIAL_NOT_SENT',
  mails: agencyOnly,
  crm: false,
  steps: {
    async afterStore(ctx) {
      const { name, comment, homepage = null } = ctx.fields;
      await insertTestimonial(ctx.db, { leadId: ctx.leadId, lang: ctx.lang, name, comment, homepage, imageKey: ctx.files.image ?? null });
    },
  },
});
