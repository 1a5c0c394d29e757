/**
 * A saved search: it names a list of this site, in the page's language. The visitor's own
 * business: the agency reads the demand register, not these.
 */
import { saveAskedAlerts, searchAlerts } from '../../alerts/requests.ts';
import { dictionaryText } from '../dictionary-text.ts';
import { defineForm } from '../define.ts';

export const saveSearchForm = defineForm('save-search', {
  done: 'ALERT_CHECK_INBOX',
  notStored: 'ALERT_NOT_SAVED',
  mailsTypedAddress: 'email',
  mailIsTheRequest: true,
  mails: { agency: false, visitor: 'alert-confirmation' },
  crm: false,
  steps: {
    check: async ({ fields, routing, lang }) => (searchAlerts(fields, routing, lang).length > 0 ? null : { refuse: [{ field: '', key: 'ALERT_LIST_INVALID' }] }),
    async afterStore(ctx) {
      await saveAskedAlerts(ctx.db, ctx.fields.email, ctx.lang, searchAlerts(ctx.fields, ctx.routing, ctx.lang), await dictionaryText(ctx, 'ALERT_CONSENT_TEXT'));
    },
  },
});
