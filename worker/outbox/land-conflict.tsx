/**
 * The agency's notice of listings published with a CRM value an official map contradicts, in
 * the site's default language. The scheduled pull queues it when that set changes. The CRM's
 * values are quoted inert: an address in them is never a link in the agency's inbox.
 */
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { ContentRepository } from '../live/repository.ts';
import { inertText, type OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { LandConflictMail } from '../mail/kinds/land-conflict.tsx';
import { brusselsTime } from '../mail/brussels-time.ts';
import { siteOrigin } from '../config/site-origin.ts';
import type { LandConflictMessage } from '../queues/messages.ts';
import type { Bindings } from '../env.ts';

export async function landConflictMail(env: Pick<Bindings, 'CONTENT' | 'SITE_ORIGIN'>, message: LandConflictMessage): Promise<OutgoingMail> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  return landConflictNotice({ site: await repo.site(lang), lang, origin: siteOrigin(env), conflict: message.landConflict });
}

export function landConflictNotice(input: { site: SiteBundle; lang: Lang; origin: string; conflict: LandConflictMessage['landConflict'] }): OutgoingMail {
  const notice = noticeFrame(input);
  const { listings, at } = input.conflict;
  return noticeMail(
    `${input.site.agency.name} – ${notice.t('LAND_CONFLICT_SUBJECT', { count: listings.length })}`,
    <LandConflictMail notice={notice} listings={listings.map((l) => ({ id: l.id, field: inertText(l.field), crm: inertText(l.crm), layer: inertText(l.layer) }))} at={brusselsTime(at, input.lang)} />,
  );
}
