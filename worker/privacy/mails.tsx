/** The two mails of a visitor's rights: their single-use link, and the agency's note of what to erase in its CRM. */
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { visitTime } from '../../domain/rules/visit-time.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { PrivacyLinkMail } from '../mail/kinds/privacy-link.tsx';
import { PrivacyErasedMail } from '../mail/kinds/privacy-erased.tsx';

export function privacyLinkMail(input: { site: SiteBundle; lang: Lang; origin: string; link: string; hours: number }): OutgoingMail {
  const notice = noticeFrame({ site: input.site, lang: input.lang, origin: input.origin });
  return noticeMail(`${input.site.agency.name} – ${notice.t('PRIVACY_MAIL_SUBJECT')}`, <PrivacyLinkMail notice={notice} link={input.link} hours={input.hours} />);
}

export function privacyErasedMail(input: { site: SiteBundle; lang: Lang; origin: string; crmRefs: string[]; at: string }): OutgoingMail {
  const notice = noticeFrame({ site: input.site, lang: input.lang, origin: input.origin });
  return noticeMail(notice.t('PRIVACY_ERASED_AGENCY_SUBJECT'), <PrivacyErasedMail notice={notice} crmRefs={input.crmRefs} when={visitTime(input.at, input.lang)} />);
}
