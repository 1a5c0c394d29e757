/**
 * The agency's notice of listings a CRM run held back, in the site's default language. The
 * scheduled pull queues it when the set of held-back listings changes. The CRM's values are
 * quoted inert: an address in them is never a link in the agency's inbox.
 */
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { ContentRepository } from '../live/repository.ts';
import { inertText, type OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { CrmHeldMail } from '../mail/kinds/crm-held.tsx';
import { brusselsTime } from '../mail/brussels-time.ts';
import { siteOrigin } from '../config/site-origin.ts';
import type { CrmHeldMessage } from '../queues/messages.ts';
import type { Bindings } from '../env.ts';

export async function crmHeldMail(env: Pick<Bindings, 'CONTENT' | 'SITE_ORIGIN'>, message: CrmHeldMessage): Promise<OutgoingMail> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  return crmHeldNotice({ site: await repo.site(lang), lang, origin: siteOrigin(env), held: message.crmHeld });
}

export function crmHeldNotice(input: { site: SiteBundle; lang: Lang; origin: string; held: CrmHeldMessage['crmHeld'] }): OutgoingMail {
  const notice = noticeFrame(input);
  const { listings, at } = input.held;
  return noticeMail(
    `${input.site.agency.name} – ${notice.t('CRM_HELD_SUBJECT', { count: listings.length })}`,
    <CrmHeldMail notice={notice} listings={listings.map((l) => ({ ...l, field: inertText(l.field), value: inertText(l.value) }))} at={brusselsTime(at, input.lang)} />,
  );
}
