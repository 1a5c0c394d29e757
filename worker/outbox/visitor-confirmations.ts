/**
 * The mails a visitor gets about their own request, in their language: the confirmation
 * of a booked visit, of a rental application, and the brochure of a new-build project.
 * Each is sent once per lead (the caller records it), to the address the visitor typed.
 */
import { visitTime } from '../../domain/rules/visit-time.ts';
import type { LeadRow } from '../forms/leads.ts';
import type { ContentRepository } from '../live/repository.ts';
import type { ProjectPageView, PropertyPageView } from '../../domain/page-data.ts';
import type { CardView, SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import { rentalConditionsOf, rentalConditionsText } from '../../domain/rules/rental-conditions.ts';
import { formatPhone } from '../../domain/rules/phone.ts';
import { formatEuro } from '../../domain/rules/price.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { visitPaths } from '../pages/visit-view.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeMail } from '../mail/notice-mail.tsx';
import { bookingOfLead } from '../visits/store.ts';

/** The bindings a visitor mail needs. */
export type MailEnv = Pick<Env, 'DB' | 'CONTENT' | 'MAIL_FROM' | 'AGENCY_INBOX' | 'SITE_ORIGIN'>;

/**
 * The visitor's confirmation of a booked visit, in their language: when, where, and for
 * a rental the conditions with their amounts.
 */
export async function appointmentConfirmation(lead: LeadRow, repo: ContentRepository, env: MailEnv): Promise<OutgoingMail | null> {
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  if (!lead.email || typeof data.slotId !== 'string' || typeof data.propertyId !== 'number') return null;
  const slot = await bookingOfLead(env.DB, data.slotId, lead.id);
  const property = await repo.property<PropertyPageView>(lead.lang, data.propertyId);
  if (!slot || !property) return null;
  const site = await repo.site(lead.lang);
  return appointmentMail({ site, lang: lead.lang, origin: siteOrigin(env), property, startsAt: slot.startsAt, token: slot.token, replyTo: env.AGENCY_INBOX });
}

/** The visit confirmation itself, from what the mail says: the listing, the time, the links to the .ics and to cancel. */
export function appointmentMail(input: {
  site: SiteBundle;
  lang: Lang;
  origin: string;
  property: PropertyPageView;
  startsAt: string;
  token: string | null;
  replyTo?: string | undefined;
}): OutgoingMail {
  const { site, lang, origin, property } = input;
  const { t } = createTranslator(lang, site.dict);
  const when = visitTime(input.startsAt, lang);
  const { card } = property;
  const conditions = rentalConditionsOf(property);
  const body = [
    t('APPOINTMENT_CONFIRMED'),
    '',
    t('FIELD_VALUE', { label: t('APPOINTMENT'), value: when }),
    `${card.typeDescription} – ${card.zip} ${card.city} (${t('REFERENCE')} ${card.reference})`,
    `${origin}${card.path}`,
    ...(input.token
      ? [
          '',
          t('TEXT_LINK', { label: t('VISIT_ADD_TO_CALENDAR'), url: `${origin}${visitPaths(input.token).icsPath}` }),
          t('TEXT_LINK', { label: t('VISIT_CANCEL_LINK'), url: `${origin}${visitPaths(input.token).cancelPath}` }),
        ]
      : []),
    ...(conditions ? ['', rentalConditionsText(t, conditions)] : []),
    '',
    site.agency.name,
    formatPhone(site.agency.phone),
  ].join('\r\n');
  return noticeMail(`${site.agency.name} – ${t('APPOINTMENT_CONFIRMED')}`, body, { site, lang, origin }, { replyTo: input.replyTo });
}

/** The agency's signature under every visitor mail. */
function signature(site: { agency: { name: string; phone: string } }): string[] {
  return ['', site.agency.name, formatPhone(site.agency.phone)];
}

/** The confirmation of a rental application: which property, what the agency does next. */
export async function rentalApplicationConfirmation(lead: LeadRow, repo: ContentRepository, env: MailEnv): Promise<OutgoingMail | null> {
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  if (!lead.email) return null;
  const { lang } = lead;
  const site = await repo.site(lang);
  const property = typeof data.propertyId === 'number' ? await repo.property<PropertyPageView>(lang, data.propertyId) : null;
  return rentalApplicationMail({ site, lang, origin: siteOrigin(env), card: property?.card ?? null, replyTo: env.AGENCY_INBOX });
}

/** The rental application's confirmation itself: which property, what the agency does next. */
export function rentalApplicationMail(input: { site: SiteBundle; lang: Lang; origin: string; card: CardView | null; replyTo?: string | undefined }): OutgoingMail {
  const { site, lang, origin, card } = input;
  const { t } = createTranslator(lang, site.dict);
  const body = [
    t('RENTAL_APPLICATION_MAIL_TEXT'),
    ...(card ? ['', `${card.typeDescription || card.mainTypeName} – ${card.zip} ${card.city} (${t('REFERENCE')} ${card.reference})`, `${origin}${card.path}`] : []),
    '',
    t('RENTAL_APPLICATION_MAIL_NEXT'),
    ...signature(site),
  ].join('\r\n');
  return noticeMail(`${site.agency.name} – ${t('RENTAL_APPLICATION_MAIL_SUBJECT')}`, body, { site, lang, origin }, { replyTo: input.replyTo });
}

/** The brochure of a new-build project: its page, and its price list as it is today. */
export async function projectBrochure(lead: LeadRow, repo: ContentRepository, env: MailEnv): Promise<OutgoingMail | null> {
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  if (!lead.email || typeof data.projectId !== 'number') return null;
  const { lang } = lead;
  const project = await repo.project<ProjectPageView>(lang, data.projectId);
  if (!project) return null;
  const site = await repo.site(lang);
  return projectBrochureMail({ site, lang, origin: siteOrigin(env), project, replyTo: env.AGENCY_INBOX });
}

/** The brochure mail itself: the project's page and its price list. */
export function projectBrochureMail(input: { site: SiteBundle; lang: Lang; origin: string; project: ProjectPageView; replyTo?: string | undefined }): OutgoingMail {
  const { site, lang, origin, project } = input;
  const { t } = createTranslator(lang, site.dict);
  const units = project.units.map(
    (u) =>
      `- ${u.name}${u.bedrooms ? ` · ${t('BEDROOM_COUNT', { count: u.bedrooms })}` : ''}${u.surface ? ` · ${u.surface} m²` : ''} · ${u.price ? formatEuro(u.price) : t('PRICE_ON_DEMAND')} · ${t(`STATUS_${u.status.replace(/-/g, '_').toUpperCase()}`)}`,
  );
  const body = [t('PROJECT_BROCHURE_MAIL_TEXT', { name: project.card.name }), `${origin}${project.card.path}`, '', t('PRICE_LIST'), ...units, ...signature(site)].join('\r\n');
  return noticeMail(`${site.agency.name} – ${t('PROJECT_BROCHURE_MAIL_SUBJECT', { name: project.card.name })}`, body, { site, lang, origin }, { replyTo: input.replyTo });
}
