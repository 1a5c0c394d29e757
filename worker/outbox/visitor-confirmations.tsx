/**
 * The mails a visitor gets about their own request, in their language: the confirmation
 * of a booked visit, of a rental application, and the brochure of a new-build project.
 * Each is sent once per lead (the caller records it), to the address the visitor typed.
 */
import { visitTime } from '../../domain/rules/visit-time.ts';
import { leadProjectId, leadPropertyId, type StoredLead } from '../leads/stored-lead.ts';
import type { ContentRepository } from '../live/repository.ts';
import type { ProjectPageView, PropertyPageView } from '../../domain/page-data.ts';
import type { CardView, SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { rentalConditionsOf, rentalConditionsText } from '../../domain/rules/rental-conditions.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { visitPaths } from '../pages/visit-view.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import type { ListingLine } from '../mail/kinds/notice.tsx';
import { AppointmentConfirmationMail } from '../mail/kinds/appointment-confirmation.tsx';
import { RentalConfirmationMail } from '../mail/kinds/rental-confirmation.tsx';
import { ProjectBrochureMail } from '../mail/kinds/project-brochure.tsx';
import { RequestAcknowledgementMail } from '../mail/kinds/request-acknowledgement.tsx';
import { formFacts } from '../../domain/forms/registry.ts';
import { bookingOfLead } from '../visits/store.ts';
import type { Bindings } from '../env.ts';

/** The bindings a visitor mail needs. */
export type MailEnv = Pick<Bindings, 'DB' | 'CONTENT' | 'MAIL_FROM' | 'AGENCY_INBOX' | 'SITE_ORIGIN'>;

/**
 * The visitor's confirmation of a booked visit, in their language: when, where, and for
 * a rental the conditions with their amounts.
 */
export async function appointmentConfirmation({ row, data }: StoredLead, repo: ContentRepository, env: MailEnv): Promise<OutgoingMail | null> {
  const slotId = data && 'slotId' in data ? data.slotId : undefined;
  const propertyId = leadPropertyId(data);
  if (!row.email || !slotId || propertyId === null) return null;
  const slot = await bookingOfLead(env.DB, slotId, row.id);
  const property = await repo.property<PropertyPageView>(row.lang, propertyId);
  if (!slot || !property) return null;
  const site = await repo.site(row.lang);
  return appointmentMail({ site, lang: row.lang, origin: siteOrigin(env), property, startsAt: slot.startsAt, token: slot.token, agent: slot.agent, replyTo: env.AGENCY_INBOX });
}

/** A listing as a visitor's notice names it. */
function listingLine(card: CardView, origin: string): ListingLine {
  return { title: card.typeDescription || card.mainTypeName, town: `${card.zip} ${card.city}`, reference: card.reference, url: `${origin}${card.path}` };
}

/** The visit confirmation itself, from what the mail says: the listing, the time, the links to the .ics and to cancel. */
export function appointmentMail(input: {
  site: SiteBundle;
  lang: Lang;
  origin: string;
  property: PropertyPageView;
  startsAt: string;
  token: string | null;
  agent?: string | null;
  replyTo?: string | undefined;
}): OutgoingMail {
  const { site, lang, origin, property } = input;
  const card = property.card;
  const notice = noticeFrame({ site, lang, origin });
  const conditions = rentalConditionsOf(property);
  const paths = input.token ? visitPaths(input.token) : null;
  return noticeMail(
    `${site.agency.name} – ${notice.t('APPOINTMENT_CONFIRMED')}`,
    <AppointmentConfirmationMail
      notice={notice}
      when={visitTime(input.startsAt, lang)}
      listing={listingLine(card, origin)}
      place={property.address ? { address: property.address, exact: true } : { address: `${card.zip} ${card.city}`, exact: false }}
      agent={input.agent ?? null}
      booking={paths ? { calendar: `${origin}${paths.icsPath}`, cancel: `${origin}${paths.cancelPath}` } : null}
      conditions={conditions ? rentalConditionsText(notice.t, conditions) : null}
    />,
    { replyTo: input.replyTo },
  );
}

/** The confirmation of a rental application: which property, what the agency does next. */
export async function rentalApplicationConfirmation({ row, data }: StoredLead, repo: ContentRepository, env: MailEnv): Promise<OutgoingMail | null> {
  if (!row.email) return null;
  const { lang } = row;
  const site = await repo.site(lang);
  const propertyId = leadPropertyId(data);
  const property = propertyId !== null ? await repo.property<PropertyPageView>(lang, propertyId) : null;
  return rentalApplicationMail({ site, lang, origin: siteOrigin(env), card: property?.card ?? null, replyTo: env.AGENCY_INBOX });
}

/** The rental application's confirmation itself: which property, what the agency does next. */
export function rentalApplicationMail(input: { site: SiteBundle; lang: Lang; origin: string; card: CardView | null; replyTo?: string | undefined }): OutgoingMail {
  const { site, lang, origin, card } = input;
  const notice = noticeFrame({ site, lang, origin });
  return noticeMail(`${site.agency.name} – ${notice.t('RENTAL_APPLICATION_MAIL_SUBJECT')}`, <RentalConfirmationMail notice={notice} listing={card ? listingLine(card, origin) : null} />, {
    replyTo: input.replyTo,
  });
}

/** The brochure of a new-build project: its page, and its price list as it is today. */
export async function projectBrochure({ row, data }: StoredLead, repo: ContentRepository, env: MailEnv): Promise<OutgoingMail | null> {
  const projectId = leadProjectId(data);
  if (!row.email || projectId === null) return null;
  const { lang } = row;
  const project = await repo.project<ProjectPageView>(lang, projectId);
  if (!project) return null;
  const site = await repo.site(lang);
  return projectBrochureMail({ site, lang, origin: siteOrigin(env), project, replyTo: env.AGENCY_INBOX });
}

/** The brochure mail itself: the project's page and its price list. */
export function projectBrochureMail(input: { site: SiteBundle; lang: Lang; origin: string; project: ProjectPageView; replyTo?: string | undefined }): OutgoingMail {
  const { site, lang, origin, project } = input;
  const notice = noticeFrame({ site, lang, origin });
  return noticeMail(
    `${site.agency.name} – ${notice.t('PROJECT_BROCHURE_MAIL_SUBJECT', { name: project.card.name })}`,
    <ProjectBrochureMail notice={notice} project={{ name: project.card.name, url: `${origin}${project.card.path}` }} units={project.units} />,
    { replyTo: input.replyTo },
  );
}

/** The receipt of a request to the agency, in the visitor's language: what, when, about which listing, what next. */
export async function requestAcknowledgement({ row, data }: StoredLead, repo: ContentRepository, env: MailEnv): Promise<OutgoingMail | null> {
  const words = formFacts(row.kind).receipt;
  if (!row.email || !words) return null;
  const { lang } = row;
  const origin = siteOrigin(env);
  const site = await repo.site(lang);
  const propertyId = leadPropertyId(data);
  const projectId = leadProjectId(data);
  const property = propertyId !== null ? await repo.property<PropertyPageView>(lang, propertyId) : null;
  const project = projectId !== null ? await repo.project<ProjectPageView>(lang, projectId) : null;
  const listing = property
    ? listingLine(property.card, origin)
    : project
      ? { title: project.card.name, town: `${project.card.zip} ${project.card.city}`, reference: null, url: `${origin}${project.card.path}` }
      : null;
  return requestAcknowledgementMail({ site, lang, origin, request: words.request, next: words.next, receivedAt: row.created_at, listing, replyTo: env.AGENCY_INBOX });
}

/** The receipt itself, from what it says. */
export function requestAcknowledgementMail(input: {
  site: SiteBundle;
  lang: Lang;
  origin: string;
  request: string;
  next: string;
  receivedAt: string;
  listing: ListingLine | null;
  replyTo?: string | undefined;
}): OutgoingMail {
  const notice = noticeFrame({ site: input.site, lang: input.lang, origin: input.origin });
  const request = notice.t(input.request);
  return noticeMail(
    `${input.site.agency.name} – ${notice.t('ACK_SUBJECT', { request })}`,
    <RequestAcknowledgementMail notice={notice} request={request} received={visitTime(input.receivedAt, input.lang)} listing={input.listing} next={notice.t(input.next)} />,
    { replyTo: input.replyTo },
  );
}
