/**
 * The newsletter: the subscription waits for the link its confirmation mails.
 */
import { requestSubscription } from '../newsletter.ts';
import { dictionaryText } from '../dictionary-text.ts';
import { defineForm } from '../define.ts';

export const signNewsletterForm = defineForm('sign-newsletter', {
  notStored: 'MAIL_FAILED',
  mailsTypedAddress: 'email',
  mailIsTheRequest: true,
  mails: { agency: true, visitor: 'newsletter-confirmation' },
  crm: false,
  steps: {
    async afterStore(ctx) {
      await requestSubscription(ctx.db, ctx.fields.email, ctx.lang, await dictionaryText(ctx, 'NEWSLETTER_CONSENT_TEXT'));
    },
  },
});
