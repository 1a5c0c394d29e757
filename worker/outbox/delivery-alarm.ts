/**
 * The agency's warning that mail has been failing for an hour: since when, how many
 * deliveries failed, how many requests wait, and that nothing is lost. Raised once per
 * outage by the scheduled sweep; the mail itself goes through the queue like any other,
 * so it arrives, late, even when the outage was total.
 */
import { createTranslator } from '../../domain/i18n/translator.ts';
import { ContentRepository } from '../live/repository.ts';
import type { OutgoingMail } from '../mail/message.ts';
import { noticeMail } from '../mail/notice-mail.tsx';
import { siteOrigin } from '../config/site-origin.ts';
import type { DeliveryAlarmMessage } from './messages.ts';
import type { SiteBundle } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';

export async function deliveryAlarmMail(env: Pick<Env, 'CONTENT' | 'SITE_ORIGIN'>, message: DeliveryAlarmMessage): Promise<OutgoingMail> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  return deliveryAlarmNotice({ site: await repo.site(lang), lang, origin: siteOrigin(env), alarm: message.deliveryAlarm });
}

export function deliveryAlarmNotice(input: { site: SiteBundle; lang: Lang; origin: string; alarm: DeliveryAlarmMessage['deliveryAlarm'] }): OutgoingMail {
  const { site, lang, alarm } = input;
  const { t } = createTranslator(lang, site.dict);
  const since = new Intl.DateTimeFormat(`${lang}-BE`, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(new Date(alarm.since));
  const body = [t('DELIVERY_ALARM_TEXT', { since, failed: alarm.failed, waiting: alarm.waiting }), '', t('DELIVERY_ALARM_NEXT')].join('\r\n');
  return noticeMail(`${site.agency.name} – ${t('DELIVERY_ALARM_SUBJECT')}`, body, { site, lang, origin: input.origin }, { links: false });
}
