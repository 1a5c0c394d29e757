/**
 * The mails of a visitor's rights and of the retention run: the visitor's single-use link,
 * the agency's note of what to erase in its CRM, the warning that the daily run keeps
 * failing. Each is sent by the outbox from its queue message (messages.ts).
 */
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { visitTime } from '../../domain/rules/visit-time.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { PrivacyLinkMail } from '../mail/kinds/privacy-link.tsx';
import { PrivacyErasedMail } from '../mail/kinds/privacy-erased.tsx';
import { PrivacyRunFailedMail } from '../mail/kinds/privacy-run-failed.tsx';
import { ContentRepository } from '../live/repository.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { agencyInbox, recipientOfPass } from '../mail/gate.ts';
import type { Mailer } from '../mail/send.ts';
import { isLang } from '../../domain/lang.ts';
import { issue, LINK_HOURS } from './links.ts';
import type { PrivacyErasedMessage, PrivacyLinkMessage, PrivacyRunFailedMessage } from '../queues/messages.ts';
import type { Bindings } from '../env.ts';

type PrivacyMailEnv = Pick<Bindings, 'DB' | 'CONTENT' | 'SITE_ORIGIN' | 'MAIL_FROM' | 'AGENCY_INBOX'>;

/** Where the rights page lives: the link in the mail opens a page below it. */
export const PRIVACY_PATH = '/privacy/';

export function privacyLinkMail(input: { site: SiteBundle; lang: Lang; origin: string; link: string; hours: number }): OutgoingMail {
  const notice = noticeFrame({ site: input.site, lang: input.lang, origin: input.origin });
  return noticeMail(`${input.site.agency.name} – ${notice.t('PRIVACY_MAIL_SUBJECT')}`, <PrivacyLinkMail notice={notice} link={input.link} hours={input.hours} />);
}

export function privacyErasedMail(input: { site: SiteBundle; lang: Lang; origin: string; crmRefs: string[]; at: string }): OutgoingMail {
  const notice = noticeFrame({ site: input.site, lang: input.lang, origin: input.origin });
  return noticeMail(notice.t('PRIVACY_ERASED_AGENCY_SUBJECT'), <PrivacyErasedMail notice={notice} crmRefs={input.crmRefs} when={visitTime(input.at, input.lang)} />);
}

export function privacyRunFailedMail(input: { site: SiteBundle; lang: Lang; origin: string; day: string; tries: number; error: string }): OutgoingMail {
  const notice = noticeFrame({ site: input.site, lang: input.lang, origin: input.origin });
  return noticeMail(notice.t('PRIVACY_RUN_FAILED_SUBJECT'), <PrivacyRunFailedMail notice={notice} day={input.day} tries={input.tries} error={input.error} />);
}

/**
 * The link's mail, for the address the mail gate's pass names: the link is issued here, after
 * the visitor's answer has left, so the page takes the same time for every address.
 */
export async function sendPrivacyLink(env: PrivacyMailEnv, message: PrivacyLinkMessage, send: Mailer, now = new Date()): Promise<'sent' | 'unknown'> {
  const to = await recipientOfPass(env.DB, message.privacyLink.pass);
  if (!to) return 'unknown';
  const repo = await ContentRepository.open(env.CONTENT);
  const routing = await repo.routing();
  const asked = message.privacyLink.lang;
  const lang = isLang(asked) && routing.languages.includes(asked) ? asked : routing.defaultLang;
  const link = await issue(env.DB, 'link', to, lang, LINK_HOURS * 60, now);
  const origin = siteOrigin(env);
  await send(env.MAIL_FROM, to, privacyLinkMail({ site: await repo.site(lang), lang, origin, link: `${origin}${PRIVACY_PATH}open/${link}/`, hours: LINK_HOURS }), 'privacy-link');
  return 'sent';
}

/** The agency's note, in its language, of the CRM records a visitor's erasure left to erase by hand. */
export async function sendPrivacyErased(env: PrivacyMailEnv, message: PrivacyErasedMessage, send: Mailer): Promise<void> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  const { crmRefs, at } = message.privacyErased;
  await send(env.MAIL_FROM, agencyInbox(env), privacyErasedMail({ site: await repo.site(lang), lang, origin: siteOrigin(env), crmRefs, at }), 'privacy-erased');
}

/** The agency told, in its language, that the day's retention run keeps failing. */
export async function sendPrivacyRunFailed(env: PrivacyMailEnv, message: PrivacyRunFailedMessage, send: Mailer): Promise<void> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  const mail = privacyRunFailedMail({ site: await repo.site(lang), lang, origin: siteOrigin(env), ...message.privacyRunFailed });
  await send(env.MAIL_FROM, agencyInbox(env), mail, 'privacy-run-failed');
}

/** The retention run's failure, queued for the outbox: a mail outage delays the warning, never loses it. */
export async function reportRetentionFailure(env: Pick<Bindings, 'NOTIFY'>, failure: { day: string; tries: number; error: string }): Promise<void> {
  const message: PrivacyRunFailedMessage = { privacyRunFailed: { day: failure.day, tries: failure.tries, error: failure.error.slice(0, 500) } };
  await env.NOTIFY.send(message);
}
