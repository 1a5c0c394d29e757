import { leadEmail } from './agency-lead.tsx';
import { appointmentConfirmation, projectBrochure, rentalApplicationConfirmation } from './visitor-confirmations.ts';
import { ContentRepository } from '../live/repository.ts';
import { claimNotification, findLead, releaseNotification, type LeadRow } from '../forms/leads.ts';
import { pendingConfirmation } from '../forms/newsletter.ts';
import { isOwnerLockedMessage, isOwnerResetMessage } from '../owners/messages.ts';
import { sendOwnerLocked, sendOwnerReset, type TextMailer } from './owner.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { retryDelaySeconds } from '../forms/retry-policy.ts';
import { selectionMail } from './selection.tsx';
import { parseFavouriteIds } from '../../domain/rules/favourites.ts';
import { isLang } from '../../domain/lang.ts';
import { placeNamesOf } from '../../domain/rules/list-filters.ts';
import type { CardView } from '../../domain/bundles.ts';
import { FORMS, type VisitorMail } from '../forms/registry.ts';
import { alertsOfConfirmToken, criteriaOf, pendingConfirmToken } from '../alerts/store.ts';
import { describeAlert, translatorFor } from '../alerts/describe.ts';
import { isAlertMailMessage } from '../alerts/fan-out.ts';
import { alertConfirmationMail, sendAlertMail } from './alert.tsx';
import { friendMail, sharedProject, sharedProperty } from './friend.tsx';
import { crmRefusedMail } from './crm-refused.ts';
import { isCrmRefusedMessage } from '../crm/refusal.ts';
import type { OutgoingMail } from '../mail/message.ts';
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { noticeMail } from '../mail/notice-mail.tsx';
import { bindingMailer, type Mailer } from '../mail/send.ts';
import { agencyInbox, recipientOfPass, type Recipient } from '../mail/gate.ts';

export type { Mailer, OutgoingMail };

export interface NotifyMessage {
  leadId: string;
}

function isNotifyMessage(body: unknown): body is NotifyMessage {
  return typeof body === 'object' && body !== null && 'leadId' in body && typeof body.leadId === 'string';
}

/** The property or project a visitor sends to a friend, in the visitor's language: built from what is published. */
async function friendEmail(lead: LeadRow, repo: ContentRepository, origin: string): Promise<OutgoingMail | null> {
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  const site = await repo.site(lead.lang);
  const card = typeof data.propertyId === 'number' ? (await repo.listing(lead.lang)).find((c) => c.id === data.propertyId) : undefined;
  const project = typeof data.projectId === 'number' ? (await repo.pages(lead.lang)).projects.find((p) => p.id === data.projectId && !p.external) : undefined;
  const shown = card ? sharedProperty(card, site) : project ? sharedProject(project) : null;
  // Withdrawn between the post and the mail: nothing to show the friend.
  if (!shown) return null;
  const mail = friendMail({ shown, site, origin, sender: typeof data.name === 'string' ? data.name : '', note: typeof data.message === 'string' ? data.message : '' });
  const replyTo = typeof data.email === 'string' && /^[^\s<>@]+@[^\s<>@]+$/.test(data.email) ? data.email : undefined;
  return { ...mail, ...(replyTo ? { replyTo } : {}) };
}

/**
 * The double opt-in mail of a newsletter sign-up: the link to the page that confirms it.
 * Nothing else is ever sent to an address that has not confirmed.
 */
async function newsletterConfirmation(lead: LeadRow, repo: ContentRepository, env: NotifyEnv): Promise<OutgoingMail | null> {
  if (!lead.email) return null;
  const token = await pendingConfirmation(env.DB, lead.email);
  if (!token) return null;
  return newsletterConfirmationMail({ site: await repo.site(lead.lang), lang: lead.lang, origin: siteOrigin(env), token });
}

/** The newsletter's double opt-in mail itself: the link that confirms, and what to do if it was not you. */
export function newsletterConfirmationMail(input: { site: SiteBundle; lang: Lang; origin: string; token: string }): OutgoingMail {
  const { site, origin } = input;
  const t = (key: string) => site.dict[key] ?? key;
  const body = [t('NEWSLETTER_CONFIRM_MAIL_TEXT'), `${origin}/newsletter/confirm/${input.token}/`, '', t('NEWSLETTER_CONFIRM_IGNORE'), '', site.agency.name].join('\r\n');
  return noticeMail(`${site.agency.name} – ${t('NEWSLETTER_CONFIRM_SUBJECT')}`, body, { site, lang: input.lang, origin });
}

export type NotifyEnv = Pick<Env, 'DB' | 'CONTENT' | 'EMAIL' | 'MAIL_FROM' | 'AGENCY_INBOX' | 'SITE_ORIGIN'>;

/** The double opt-in mail of saved searches: what they will watch, and the link that confirms them. */
async function alertConfirmation(lead: LeadRow, repo: ContentRepository, env: NotifyEnv): Promise<OutgoingMail | null> {
  if (!lead.email) return null;
  const token = await pendingConfirmToken(env.DB, lead.email);
  if (!token) return null;
  const [site, routing, alerts] = await Promise.all([repo.site(lead.lang), repo.routing(), alertsOfConfirmToken(env.DB, token)]);
  if (alerts.length === 0) return null;
  const t = translatorFor(site);
  const places = placeNamesOf(await repo.listing(lead.lang));
  return alertConfirmationMail({ site, descriptions: alerts.map((a) => describeAlert(criteriaOf(a), site, routing, t, places)), origin: siteOrigin(env), token });
}

/** The visitor's favourites, as they are published now, to their own address. */
async function selectionOf(lead: LeadRow, repo: ContentRepository, env: NotifyEnv): Promise<OutgoingMail | null> {
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  const ids = parseFavouriteIds(data.ids);
  const lang = isLang(lead.lang) ? lead.lang : 'fr';
  const listing = await repo.listing(lang);
  const cards = ids.map((id) => listing.find((c) => c.id === id)).filter((c): c is CardView => c !== undefined);
  if (cards.length === 0) return null;
  // The link to open it again names what the mail shows: no made-up id travels in the agency's mail.
  return selectionMail({ site: await repo.site(lang), lang, cards, ids: cards.map((c) => c.id), origin: siteOrigin(env) });
}

type Compose = (lead: LeadRow, repo: ContentRepository, env: NotifyEnv) => Promise<OutgoingMail | null>;

/**
 * How each visitor mail a form names (FORMS[name].mails.visitor) is composed, and the name
 * its sending is recorded under. A new kind without its entry does not type-check.
 */
const VISITOR_MAILS: Record<VisitorMail, { record: string; compose: Compose }> = {
  'appointment-confirmation': { record: 'confirmation', compose: appointmentConfirmation },
  'rental-confirmation': { record: 'confirmation', compose: rentalApplicationConfirmation },
  'project-brochure': { record: 'brochure', compose: projectBrochure },
  'alert-confirm': { record: 'alert-confirm', compose: alertConfirmation },
  friend: { record: 'friend', compose: (lead, repo, env) => friendEmail(lead, repo, siteOrigin(env)) },
  'newsletter-confirm': { record: 'confirm', compose: newsletterConfirmation },
  selection: { record: 'selection', compose: selectionOf },
};

/**
 * Sends the mails of one lead, each once: a second delivery of the same message finds the
 * lead already notified, and a retry after a partial failure sends only what is missing.
 * A failed send releases the claim and throws, so the queue retries and, after its last
 * try, keeps the message in the dead-letter queue.
 */
export async function notifyLead(env: NotifyEnv, leadId: string, mail: Mailer = bindingMailer(env)): Promise<'sent' | 'already-sent' | 'unknown'> {
  const lead = await findLead(env.DB, leadId);
  if (!lead) return 'unknown';
  // The claim lets one delivery at a time work on a lead; each mail is recorded once sent.
  if (!(await claimNotification(env.DB, leadId))) return 'already-sent';
  const once = async (kind: string, to: Recipient | null, outgoing: OutgoingMail | null) => {
    if (!outgoing || !to) return;
    if (await env.DB.prepare('SELECT 1 AS sent FROM lead_mails WHERE lead_id = ? AND mail = ?').bind(leadId, kind).first()) return;
    await mail(env.MAIL_FROM, to, outgoing, kind);
    await env.DB.prepare('INSERT OR IGNORE INTO lead_mails (lead_id, mail) VALUES (?, ?)').bind(leadId, kind).run();
  };
  try {
    const repo = await ContentRepository.open(env.CONTENT);
    const routing = await repo.routing();
    const mails = FORMS[lead.kind].mails;
    if (mails.agency) await once('agency', agencyInbox(env), await leadEmail(lead, repo, routing.defaultLang, env.DB, siteOrigin(env)));
    // The address the visitor typed: only the one the mail gate let through when the form was posted.
    const visitor = await recipientOfPass(env.DB, lead.mail_pass);
    const visitorMail = mails.visitor ? VISITOR_MAILS[mails.visitor] : null;
    if (visitor && visitorMail) await once(visitorMail.record, visitor, await visitorMail.compose(lead, repo, env));
    return 'sent';
  } catch (error) {
    await releaseNotification(env.DB, leadId);
    throw error;
  }
}

/** Queue consumer: ack what is done, retry what failed. */
export async function handleNotifications(batch: MessageBatch<unknown>, env: NotifyEnv): Promise<void> {
  const send: TextMailer = (to, subject, kind, text, frame) => bindingMailer(env)(env.MAIL_FROM, to, noticeMail(subject, text, frame), kind);
  for (const message of batch.messages) {
    const body = message.body;
    // Mails the site sends on its own (owners' accounts, alerts), each from its message.
    const ownMail = isOwnerResetMessage(body)
      ? () => sendOwnerReset(env, body, send)
      : isOwnerLockedMessage(body)
        ? () => sendOwnerLocked(env, body, send)
        : isAlertMailMessage(body)
          ? () => sendAlertMail(env, body.alertMail.alertId, bindingMailer(env))
          : isCrmRefusedMessage(body)
            ? async () => bindingMailer(env)(env.MAIL_FROM, agencyInbox(env), await crmRefusedMail(env, body), 'crm-refused')
            : null;
    if (ownMail) {
      try {
        await ownMail();
        message.ack();
      } catch (error) {
        console.error('mail failed', error);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
      continue;
    }
    if (!isNotifyMessage(message.body)) {
      message.ack();
      continue;
    }
    try {
      await notifyLead(env, message.body.leadId);
      message.ack();
    } catch (error) {
      console.error('lead notification failed', message.body.leadId, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
