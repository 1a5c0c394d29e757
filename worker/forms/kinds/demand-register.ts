/**
 * The demand register: one alert per type the catalogue has (a made-up list makes none),
 * and the CRM gets the search profile.
 */
import { demandAlerts, saveAskedAlerts } from '../../alerts/requests.ts';
import { dictionaryText } from '../dictionary-text.ts';
import { defineForm } from '../define.ts';

export const demandRegisterForm = defineForm('demand-register', {
  notStored: 'MAIL_FAILED',
  mailsTypedAddress: 'email',
  mails: { agency: true, visitor: 'alert-confirmation' },
  crm: true,
  steps: {
    async check({ fields, repo, routing, lang }) {
      const known = new Set((await repo.site(lang)).categories.map((c) => c.webId));
      if (!fields.types.every((type) => known.has(type))) return { refuse: [{ field: 'types', key: 'TYPE_UNKNOWN' }] };
      return demandAlerts(fields, routing, lang).length > 0 ? null : { refuse: [{ field: '', key: 'ALERT_LIST_INVALID' }] };
    },
    async afterStore(ctx) {
      await saveAskedAlerts(ctx.db, ctx.fields.email, ctx.lang, demandAlerts(ctx.fields, ctx.routing, ctx.lang), await dictionaryText(ctx, 'ALERT_CONSENT_TEXT'));
    },
  },
});
