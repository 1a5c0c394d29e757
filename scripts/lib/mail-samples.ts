/**
 * One sample of each mail the site sends, built by the same functions the outbox calls, from
 * the demo agency's compiled content: what `npm run mail -- preview` writes, what the mail
 * checks in `npm test` read, and what docs/screenshots/mails/ shows.
 */
import type { CardView, SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { ProjectPageView, PropertyPageView } from '../../domain/page-data.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import type { OutgoingMail } from '../../worker/mail/message.ts';
import { alertConfirmationMail, alertNewsMail } from '../../worker/outbox/alert.tsx';
import { leadMail } from '../../worker/outbox/agency-lead.tsx';
import { readStoredLead } from '../../worker/leads/stored-lead.ts';
import { crmRefusedNotice } from '../../worker/outbox/crm-refused.tsx';
import { crmHeldNotice } from '../../worker/outbox/crm-held.tsx';
import { landConflictNotice } from '../../worker/outbox/land-conflict.tsx';
import { deliveryAlarmNotice } from '../../worker/outbox/delivery-alarm.tsx';
import { friendMail, sharedProperty } from '../../worker/outbox/friend.tsx';
import { newsletterConfirmationMail } from '../../worker/outbox/newsletter.tsx';
import { ownerLockedMail, ownerResetMail } from '../../worker/outbox/owner.tsx';
import { selectionMail } from '../../worker/outbox/selection.tsx';
import { privacyErasedMail, privacyLinkMail, privacyRunFailedMail } from '../../worker/privacy/mails.tsx';
import { appointmentMail, projectBrochureMail, rentalApplicationMail, requestAcknowledgementMail } from '../../worker/outbox/visitor-confirmations.tsx';

/** The kinds, by their one name (worker/mail/kinds.ts): each has its sample below, or this does not compile. */
import type { MailKind } from '../../worker/mail/kinds.ts';
export { MAIL_KIND_NAMES, type MailKind } from '../../worker/mail/kinds.ts';

/** The compiled content one language's samples read: the entries content/compile.ts writes. */
export type CompiledEntries = Map<string, string>;

function read<T>(entries: CompiledEntries, key: string): T {
  const text = entries.get(key);
  if (text === undefined) throw new Error(`no ${key} in the compiled content`);
  return JSON.parse(text) as T;
}

export function mailSamples(entries: CompiledEntries, lang: Lang, origin: string): Record<MailKind, OutgoingMail> {
  const site = read<SiteBundle>(entries, `site/${lang}`);
  const { t } = createTranslator(lang, site.dict);
  const listing = read<CardView[]>(entries, `listing/${lang}`);
  const forSale = listing.filter((c) => c.goal === 0 && c.status === 'available' && c.picture !== null);
  const rental = listing.find((c) => c.goal !== 0 && c.status === 'available' && c.picture !== null);
  // The first listing's price dropped 8 % a week ago: the alert shows the old price struck through.
  const dropped = (card: CardView): CardView => (card.price ? { ...card, priceDrop: { from: Math.round((card.price * 1.08) / 1000) * 1000, on: '2026-11-19' } } : card);
  const news = forSale.slice(0, 12).map((card, i) => (i === 0 ? { card: dropped(card), kind: 'price-drop' as const } : { card, kind: 'new' as const }));
  const property = read<PropertyPageView>(entries, `property/${lang}/${rental?.id ?? forSale[0]?.id}`);
  const project = read<ProjectPageView>(entries, `project/${lang}/9001`);
  const first = forSale[0] as CardView;
  const lead = readStoredLead({
    id: '74cb91e5-0b1c-4f7e-9a3d-5c2e8f6a1b20',
    kind: 'contact-appointment' as const,
    lang,
    email: 'anne.martin@example.be',
    property_id: first.id,
    project_id: null,
    created_at: '2026-11-26T09:14:00.000Z',
    payload: JSON.stringify({
      propertyId: first.id,
      firstName: 'Anne',
      lastName: 'Martin',
      email: 'anne.martin@example.be',
      phone: '0471 23 45 67',
      title: 'ms',
      message: 'Bonjour,\nest-il encore disponible samedi ?',
    }),
    notified_at: null,
    mail_pass: null,
  });
  const alert = (cards: typeof news) => alertNewsMail({ site, lang, description: t('FOR_SALE'), news: cards, origin, listUrl: site.links.sale, unsubscribeToken: 'sample', manageToken: 'sample' });
  return {
    alert: alert(news.slice(0, 1)),
    'alert-digest': alert(news),
    'alert-confirmation': alertConfirmationMail({ site, descriptions: [t('FOR_SALE')], origin, token: 'sample' }),
    'newsletter-confirmation': newsletterConfirmationMail({ site, lang, origin, token: 'sample' }),
    'appointment-confirmation': appointmentMail({ site, lang, origin, property, startsAt: '2026-11-28T10:00:00.000Z', token: 'sample', agent: 'Marie Dubois' }),
    'rental-confirmation': rentalApplicationMail({ site, lang, origin, card: rental ?? null }),
    'project-brochure': projectBrochureMail({ site, lang, origin, project }),
    'request-acknowledgement': requestAcknowledgementMail({
      site,
      lang,
      origin,
      request: 'ACK_REQUEST_VALUATION',
      next: 'ACK_NEXT_VALUATION',
      receivedAt: '2026-11-27T17:10:00.000Z',
      listing: null,
    }),
    'agency-lead': leadMail(lead, { t, site, lang, property: first, project: null, slotStartsAt: null }, origin),
    selection: selectionMail({ site, lang, cards: forSale.slice(0, 3), ids: forSale.slice(0, 3).map((c) => c.id), origin }),
    friend: friendMail({ shown: sharedProperty(first, site), site, origin, sender: 'Anne', note: 'Regarde celle-ci, près de la Meuse ! Le propriétaire demande un acompte sur BE71 0961 2345 6769.' }),
    'privacy-link': privacyLinkMail({ site, lang, origin, link: `${origin}/privacy/open/sample/`, hours: 24 }),
    'privacy-run-failed': privacyRunFailedMail({ site, lang, origin, day: '2026-11-27', tries: 3, error: 'D1_ERROR: database is locked' }),
    'privacy-erased': privacyErasedMail({ site, lang, origin, crmRefs: ['omnicasa:48213', 'omnicasa:48214'], at: '2026-11-27T17:10:00.000Z' }),
    'owner-reset': ownerResetMail({ site, lang, origin, link: `${origin}/${lang}/login/reset/#token=sample`, code: 'sample-code' }),
    'owner-locked': ownerLockedMail({ site, lang, origin, minutes: 15, forgot: `${origin}/${lang}/login/forgot/` }),
    'crm-refused': crmRefusedNotice({
      site,
      lang,
      origin,
      refusal: { reason: 'mass-price-change', summary: 'mass-price-change: 73 of 75 live listings: × 0.01', at: '2026-11-26T06:00:00.000Z' },
    }),
    'crm-held': crmHeldNotice({
      site,
      lang,
      origin,
      held: {
        listings: [
          { id: 2046, field: 'Price', value: '630 000 EUR' },
          { id: 2103, field: 'Status', value: 'archived' },
        ],
        at: '2026-11-26T06:00:00.000Z',
      },
    }),
    'land-conflict': landConflictNotice({
      site,
      lang,
      origin,
      conflict: { listings: [{ id: 2046, field: 'FloodZone', crm: 'none', layer: 'medium' }], at: '2026-11-26T06:00:00.000Z' },
    }),
    'delivery-alarm': deliveryAlarmNotice({ site, lang, origin, alarm: { since: '2026-11-26T06:00:00.000Z', failed: 14, waiting: 3 } }),
  };
}
