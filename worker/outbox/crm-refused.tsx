/**
 * The agency's warning that the CRM's answer was refused: what happened, that the site
 * still shows the last good catalogue, and what to do, in the site's default language.
 * The scheduled pull queues it once when refusals start.
 */
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { ContentRepository } from '../live/repository.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { CrmRefusedMail } from '../mail/kinds/crm-refused.tsx';
import { brusselsTime } from '../mail/brussels-time.ts';
import { siteOrigin } from '../config/site-origin.ts';
import type { CrmRefusedMessage } from '../queues/messages.ts';
import type { Bindings } from '../env.ts';

/** The mail to the agency's inbox; the summary is the pull's own, quoted as text. */
export async function crmRefusedMail(env: Pick<Bindings, 'CONTENT' | 'SITE_ORIGIN'>, message: CrmRefusedMessage): Promise<OutgoingMail> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  const site = await repo.site(lang);
  return crmRefusedNotice({ site, lang, origin: siteOrigin(env), refusal: message.crmRefused });
}

/** The warning itself, from the refusal: what happened, the pull's own summary quoted as text, what to do. */
export function crmRefusedNotice(input: { site: SiteBundle; lang: Lang; origin: string; refusal: CrmRefusedMessage['crmRefused'] }): OutgoingMail {
  const { site, lang } = input;
  const notice = noticeFrame({ site, lang, origin: input.origin });
  const { reason, summary, at } = input.refusal;
  return noticeMail(`${site.agency.name} – ${notice.t('CRM_REFUSED_SUBJECT')}`, <CrmRefusedMail notice={notice} reason={reason} summary={summary} at={brusselsTime(at, lang)} />);
}
