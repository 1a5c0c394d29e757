/**
 * The agency's warning that mail has been failing for an hour: since when, how many
 * deliveries failed, how many requests wait, and that nothing is lost. Raised once per
 * outage by the scheduled sweep; the mail itself goes through the queue like any other,
 * so it arrives, late, even when the outage was total.
 */
import { ContentRepository } from '../live/repository.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeFrame, noticeMail } from '../mail/notice-mail.tsx';
import { DeliveryAlarmMail } from '../mail/kinds/delivery-alarm.tsx';
import { brusselsTime } from '../mail/brussels-time.ts';
import { siteOrigin } from '../config/site-origin.ts';
import type { DeliveryAlarmMessage } from '../queues/messages.ts';
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import type { Bindings } from '../env.ts';

export async function deliveryAlarmMail(env: Pick<Bindings, 'CONTENT' | 'SITE_ORIGIN'>, message: DeliveryAlarmMessage): Promise<OutgoingMail> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  return deliveryAlarmNotice({ site: await repo.site(lang), lang, origin: siteOrigin(env), alarm: message.deliveryAlarm });
}

export function deliveryAlarmNotice(input: { site: SiteBundle; lang: Lang; origin: string; alarm: DeliveryAlarmMessage['deliveryAlarm'] }): OutgoingMail {
  const { site, lang, alarm } = input;
  const notice = noticeFrame({ site, lang, origin: input.origin });
  return noticeMail(
    `${site.agency.name} – ${notice.t('DELIVERY_ALARM_SUBJECT')}`,
    <DeliveryAlarmMail notice={notice} since={brusselsTime(alarm.since, lang)} failed={alarm.failed} waiting={alarm.waiting} />,
  );
}
