/** The newsletter's double opt-in mail: composed for a sign-up, from the pending confirmation's token. */
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { NewsletterConfirmationMail } from '../mail/kinds/newsletter-confirmation.tsx';
import type { ContentRepository } from '../live/repository.ts';
import type { StoredLead } from '../leads/stored-lead.ts';
import { pendingConfirmation } from '../forms/newsletter.ts';
import { siteOrigin } from '../config/site-origin.ts';
import type { NotifyEnv } from './notify-env.ts';

/**
 * The double opt-in mail of a newsletter sign-up: the link to the page that confirms it.
 * Nothing else is ever sent to an address that has not confirmed.
 */
export async function newsletterConfirmation({ row }: StoredLead, repo: ContentRepository, env: NotifyEnv): Promise<OutgoingMail | null> {
  if (!row.email) return null;
  const token = await pendingConfirmation(env.DB, row.email);
  if (!token) return null;
  return newsletterConfirmationMail({ site: await repo.site(row.lang), lang: row.lang, origin: siteOrigin(env), token });
}

/** The newsletter's double opt-in mail itself: the link that confirms, and what to do if it was not you. */
export function newsletterConfirmationMail(input: { site: SiteBundle; lang: Lang; origin: string; token: string }): OutgoingMail {
  const notice = noticeFrame(input);
  return noticeMail(
    `${input.site.agency.name} – ${notice.t('NEWSLETTER_CONFIRM_SUBJECT')}`,
    <NewsletterConfirmationMail notice={notice} confirm={`${input.origin}/newsletter/confirm/${input.token}/`} />,
  );
}
