import { EmailMessage } from 'cloudflare:email';
import { visitPaths } from '../pages/visit-view.ts';
import { formFields, isFormName } from '../../domain/forms/schemas.ts';
import { ContentRepository } from '../content/repository.ts';
import { claimNotification, findLead, releaseNotification, type LeadRow } from './leads.ts';
import { pendingConfirmation } from './newsletter.ts';
import { isOwnerLockedMessage, isOwnerResetMessage, sendOwnerLocked, sendOwnerReset, type TextMailer } from '../owners/mail.ts';
import type { PropertyPageView } from '../../domain/page-data.ts';
import type { Translate } from '../../domain/i18n/translator.ts';
import { rentalConditionsOf, rentalConditionsText } from '../../domain/rules/rental-conditions.ts';
import { formatPhone } from '../../domain/rules/phone.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { retryDelaySeconds } from './retry-policy.ts';
import { friendMail, type RichMail } from './friend-mail.ts';

export interface NotifyMessage {
  leadId: string;
}

function isNotifyMessage(body: unknown): body is NotifyMessage {
  return typeof body === 'object' && body !== null && 'leadId' in body && typeof body.leadId === 'string';
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** RFC 2047 header words keep accents intact in every mail client. */
function encodedWord(text: string): string {
  return `=?UTF-8?B?${base64(text)}?=`;
}

/** A readable text summary of the lead in the agency's language, reply-to the visitor. */
export function leadEmail(lead: LeadRow, dict: Record<string, string>, from: string, to: string): string {
  const t = (key: string) => dict[key] ?? key;
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  const fields = isFormName(lead.kind) ? formFields[lead.kind] : [];
  const lines = fields
    .filter((f) => data[f.name] !== undefined && data[f.name] !== '')
    .map((f) => {
      const value = data[f.name];
      const shown = Array.isArray(value) ? value.join(', ') : String(value);
      const option = f.options?.find((o) => o.value === shown);
      return `${t(f.labelKey)}: ${option ? t(option.labelKey) : shown}`;
    });
  const subject = `${t(`FORM_${lead.kind.toUpperCase().replace(/-/g, '_')}`)} – ${[data.firstName, data.lastName, data.name].filter((v) => typeof v === 'string').join(' ')}`.trim();
  const body = [...lines, '', `${t('LANGUAGE')}: ${lead.lang.toUpperCase()}`, `${new Date(lead.created_at).toISOString()}`, `Lead ${lead.id}`].join('\r\n');
  const replyTo = lead.email && /^[^\s<>@]+@[^\s<>@]+$/.test(lead.email) ? lead.email : undefined;
  return plainMessage(from, to, subject, lead.id, body, replyTo);
}

/** The property a visitor sends to a friend, in the visitor's language: built from the published property. */
async function friendEmail(lead: LeadRow, repo: ContentRepository, origin: string): Promise<{ to: string; mail: OutgoingMail } | null> {
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  const to = typeof data.friendEmail === 'string' ? data.friendEmail : '';
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(to) || typeof data.propertyId !== 'number') return null;
  const card = (await repo.listing(lead.lang)).find((c) => c.id === data.propertyId);
  // Withdrawn between the post and the mail: nothing to show the friend.
  if (!card) return null;
  const site = await repo.site(lead.lang);
  const mail = friendMail({ card, site, origin, sender: typeof data.name === 'string' ? data.name : '', note: typeof data.message === 'string' ? data.message : '' });
  const replyTo = typeof data.email === 'string' && /^[^\s<>@]+@[^\s<>@]+$/.test(data.email) ? data.email : undefined;
  return { to, mail: { ...mail, ...(replyTo ? { replyTo } : {}) } };
}

/**
 * The visitor's confirmation of a booked visit, in their language: when, where, and for
 * a rental the conditions with their amounts.
 */
export async function appointmentConfirmation(lead: LeadRow, repo: ContentRepository, env: NotifyEnv): Promise<string | null> {
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  if (!lead.email || typeof data.slotId !== 'string' || typeof data.propertyId !== 'number') return null;
  const slot = await env.DB.prepare('SELECT s.starts_at, a.token FROM appointment_slots s LEFT JOIN appointments a ON a.slot_id = s.id AND a.lead_id = ?2 WHERE s.id = ?1')
    .bind(data.slotId, lead.id)
    .first<{ starts_at: string; token: string | null }>();
  const property = await repo.property<PropertyPageView>(lead.lang, data.propertyId);
  if (!slot || !property) return null;
  const site = await repo.site(lead.lang);
  const t: Translate = (key, params) => Object.entries(params ?? {}).reduce((text, [k, v]) => text.replaceAll(`{{${k}}}`, String(v)), site.dict[key] ?? key);
  const when = new Intl.DateTimeFormat(`${lead.lang}-BE`, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' }).format(
    new Date(slot.starts_at),
  );
  const origin = siteOrigin(env);
  const { card } = property;
  const conditions = rentalConditionsOf(property);
  const body = [
    t('APPOINTMENT_CONFIRMED'),
    '',
    `${t('APPOINTMENT')}: ${when}`,
    `${card.typeDescription} – ${card.zip} ${card.city} (${t('REFERENCE')} ${card.reference})`,
    `${origin}${card.path}`,
    ...(slot.token ? ['', `${t('VISIT_ADD_TO_CALENDAR')}: ${origin}${visitPaths(slot.token).icsPath}`, `${t('VISIT_CANCEL_LINK')}: ${origin}${visitPaths(slot.token).cancelPath}`] : []),
    ...(conditions ? ['', rentalConditionsText(t, conditions)] : []),
    '',
    site.agency.name,
    formatPhone(site.agency.phone),
  ].join('\r\n');
  return plainMessage(env.MAIL_FROM, lead.email, `${site.agency.name} – ${t('APPOINTMENT_CONFIRMED')}`, `${lead.id}.confirmation`, body, env.AGENCY_INBOX);
}

/**
 * The double opt-in mail of a newsletter sign-up: the link to the page that confirms it.
 * Nothing else is ever sent to an address that has not confirmed.
 */
async function newsletterConfirmation(lead: LeadRow, repo: ContentRepository, env: NotifyEnv): Promise<string | null> {
  if (!lead.email) return null;
  const token = await pendingConfirmation(env.DB, lead.email);
  if (!token) return null;
  const site = await repo.site(lead.lang);
  const t = (key: string) => site.dict[key] ?? key;
  const body = [t('NEWSLETTER_CONFIRM_MAIL_TEXT'), `${siteOrigin(env)}/newsletter/confirm/${token}/`, '', t('NEWSLETTER_CONFIRM_IGNORE'), '', site.agency.name].join('\r\n');
  return plainMessage(env.MAIL_FROM, lead.email, `${site.agency.name} – ${t('NEWSLETTER_CONFIRM_SUBJECT')}`, `${lead.id}.confirm`, body);
}

function plainMessage(from: string, to: string, subject: string, id: string, body: string, replyTo?: string): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    ...(replyTo ? [`Reply-To: ${replyTo}`] : []),
    `Subject: ${encodedWord(subject)}`,
    `Message-ID: <${id}@vitrine>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(body).replace(/.{76}/g, '$&\r\n'),
  ].join('\r\n');
}

/**
 * Sends the agency e-mail for one lead, once: a second delivery of the same message
 * finds the lead already notified. A failed send releases the claim and throws, so the
 * queue retries and, after its last try, keeps the message in the dead-letter queue.
 */
/** The bindings notifying needs, so tests can swap the mailer. */
/** A mail with an HTML and a plain-text part, for the Email binding's structured send. */
export type OutgoingMail = RichMail & { replyTo?: string };

/** Sends one message (raw MIME or structured); the Email binding in production, a recorder in tests. */
export type Mailer = (from: string, to: string, message: string | OutgoingMail) => Promise<void>;

export function bindingMailer(binding: SendEmail): Mailer {
  return async (from, to, message) => {
    if (typeof message === 'string') await binding.send(new EmailMessage(from, to, message));
    else await binding.send({ from, to, subject: message.subject, text: message.text, html: message.html, ...(message.replyTo ? { replyTo: message.replyTo } : {}) });
  };
}

export type NotifyEnv = Pick<Env, 'DB' | 'CONTENT' | 'EMAIL' | 'MAIL_FROM' | 'AGENCY_INBOX' | 'SITE_ORIGIN'>;

export async function notifyLead(env: NotifyEnv, leadId: string, mail: Mailer = bindingMailer(env.EMAIL)): Promise<'sent' | 'already-sent' | 'unknown'> {
  const lead = await findLead(env.DB, leadId);
  if (!lead) return 'unknown';
  // The claim lets one delivery at a time work on a lead; each mail is recorded once sent.
  if (!(await claimNotification(env.DB, leadId))) return 'already-sent';
  const once = async (kind: string, to: string, raw: string | OutgoingMail | null) => {
    if (!raw) return;
    if (await env.DB.prepare('SELECT 1 AS sent FROM lead_mails WHERE lead_id = ? AND mail = ?').bind(leadId, kind).first()) return;
    await mail(env.MAIL_FROM, to, raw);
    await env.DB.prepare('INSERT OR IGNORE INTO lead_mails (lead_id, mail) VALUES (?, ?)').bind(leadId, kind).run();
  };
  try {
    const repo = await ContentRepository.open(env.CONTENT);
    const routing = await repo.routing();
    const site = await repo.site(routing.defaultLang);
    await once('agency', env.AGENCY_INBOX, leadEmail(lead, site.dict, env.MAIL_FROM, env.AGENCY_INBOX));
    if (lead.kind === 'sign-newsletter' && lead.email) await once('confirm', lead.email, await newsletterConfirmation(lead, repo, env));
    if (lead.kind === 'contact-appointment' && lead.email) await once('confirmation', lead.email, await appointmentConfirmation(lead, repo, env));
    if (lead.kind === 'send-to-friend') {
      const friend = await friendEmail(lead, repo, siteOrigin(env));
      if (friend) await once('friend', friend.to, friend.mail);
    }
    return 'sent';
  } catch (error) {
    await releaseNotification(env.DB, leadId);
    throw error;
  }
}

/** Queue consumer: ack what is done, retry what failed. */
export async function handleNotifications(batch: MessageBatch<unknown>, env: NotifyEnv): Promise<void> {
  const send: TextMailer = (to, subject, id, text) => bindingMailer(env.EMAIL)(env.MAIL_FROM, to, plainMessage(env.MAIL_FROM, to, subject, id, text));
  for (const message of batch.messages) {
    const body = message.body;
    const ownerMail = isOwnerResetMessage(body) ? () => sendOwnerReset(env, body, send) : isOwnerLockedMessage(body) ? () => sendOwnerLocked(env, body, send) : null;
    if (ownerMail) {
      try {
        await ownerMail();
        message.ack();
      } catch (error) {
        console.error('owner mail failed', error);
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
