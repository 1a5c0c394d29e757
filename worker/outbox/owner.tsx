/**
 * The owners' own mails: the password-reset link and the lock warning. They travel as
 * queue messages the consumer dispatches here, so a failed send is retried and, after the
 * last try, stays in the dead-letter queue.
 */
import { isLang, type Lang } from '../../domain/lang.ts';
import type { SiteBundle } from '../../domain/bundles.ts';
import { ContentRepository } from '../live/repository.ts';
import { ownerPath } from '../../domain/rules/owner-paths.ts';
import { claimResetMail, ownerById, releaseResetMail, RESET_TTL_SECONDS } from '../owners/store.ts';
import type { OwnerLockedMessage, OwnerResetMessage } from '../queues/messages.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { recipientOfPass } from '../mail/gate.ts';
import type { Mailer } from '../mail/send.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { OwnerResetMail } from '../mail/kinds/owner-reset.tsx';
import { OwnerLockedMail } from '../mail/kinds/owner-locked.tsx';
import type { Bindings } from '../env.ts';

type MailEnv = Pick<Bindings, 'DB' | 'CONTENT' | 'SITE_ORIGIN' | 'MAIL_FROM'>;

/**
 * The link in the mail: the reset page in the owner's language, the token in the fragment,
 * which browsers never send to a server nor put in a Referer.
 */
export function resetLink(origin: string, message: Pick<OwnerResetMessage['ownerReset'], 'lang' | 'loginPath' | 'token'>): string {
  const lang = isLang(message.lang) ? message.lang : 'fr';
  return `${origin}${ownerPath(message.loginPath, lang, 'reset')}#token=${encodeURIComponent(message.token)}`;
}

/**
 * Sends the reset mail once: a second delivery of the same message finds it sent. A
 * failed send releases the claim and throws, so the queue retries.
 */
export async function sendOwnerReset(env: MailEnv, message: OwnerResetMessage, send: Mailer, now = Math.floor(Date.now() / 1000)): Promise<'sent' | 'already-sent' | 'unknown'> {
  const reset = message.ownerReset;
  const owner = await ownerById(env.DB, reset.ownerId);
  const to = await recipientOfPass(env.DB, reset.pass);
  if (!owner || !to) return 'unknown';
  if (!(await claimResetMail(env.DB, reset.token, now))) return 'already-sent';
  try {
    const repo = await ContentRepository.open(env.CONTENT);
    const routing = await repo.routing();
    const lang = isLang(reset.lang) && routing.languages.includes(reset.lang) ? reset.lang : routing.defaultLang;
    const site = await repo.site(lang);
    await send(env.MAIL_FROM, to, ownerResetMail({ site, lang, origin: siteOrigin(env), link: resetLink(siteOrigin(env), reset), code: reset.token }), 'owner-reset');
    return 'sent';
  } catch (error) {
    await releaseResetMail(env.DB, reset.token);
    throw error;
  }
}

/**
 * Tells the owner their account is locked: when it opens again, that it may not have been
 * them, and the way back (a reset also unlocks it). Sent once per lock; a failed send
 * throws so the queue retries.
 */
export async function sendOwnerLocked(env: MailEnv, message: OwnerLockedMessage, send: Mailer): Promise<'sent' | 'unknown'> {
  const locked = message.ownerLocked;
  const owner = await ownerById(env.DB, locked.ownerId);
  const to = await recipientOfPass(env.DB, locked.pass);
  if (!owner || !to) return 'unknown';
  const repo = await ContentRepository.open(env.CONTENT);
  const routing = await repo.routing();
  // The language of the login page the attempts came to, whose path the mail links below.
  const lang = isLang(locked.lang) && routing.languages.includes(locked.lang) ? locked.lang : routing.defaultLang;
  const site = await repo.site(lang);
  await send(
    env.MAIL_FROM,
    to,
    ownerLockedMail({ site, lang, origin: siteOrigin(env), minutes: locked.minutes, forgot: `${siteOrigin(env)}${ownerPath(locked.loginPath, lang, 'forgot')}` }),
    'owner-locked',
  );
  return 'sent';
}

/** The reset mail: the link (its token in the fragment), the code to paste, and what to do if it was not you. */
export function ownerResetMail(input: { site: SiteBundle; lang: Lang; origin: string; link: string; code: string }): OutgoingMail {
  const notice = noticeFrame(input);
  return noticeMail(`${input.site.agency.name} – ${notice.t('RESET_PASSWORD')}`, <OwnerResetMail notice={notice} link={input.link} code={input.code} minutes={RESET_TTL_SECONDS / 60} />);
}

/** The locked-account mail: when it opens again, and the way to a new password. */
export function ownerLockedMail(input: { site: SiteBundle; lang: Lang; origin: string; minutes: number; forgot: string }): OutgoingMail {
  const notice = noticeFrame(input);
  return noticeMail(`${input.site.agency.name} – ${notice.t('LOCKED_MAIL_SUBJECT')}`, <OwnerLockedMail notice={notice} minutes={input.minutes} forgot={input.forgot} />);
}
