/** The two mails of a visitor's rights: their single-use link, and the agency's note of what to erase in its CRM. */
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
import { agencyInbox } from '../mail/gate.ts';
import { bindingMailer } from '../mail/send.ts';

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

/** The agency told, in its language, that the day's retention run keeps failing. */
export async function reportRetentionFailure(env: Env, failure: { day: string; tries: number; error: string }): Promise<void> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  const mail = privacyRunFailedMail({ site: await repo.site(lang), lang, origin: siteOrigin(env), ...failure });
  await bindingMailer(env)(env.MAIL_FROM, agencyInbox(env), mail, 'privacy-run-failed');
}
