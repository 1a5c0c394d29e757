import { Paragraph } from '../layout.tsx';
import { Notice, type NoticeFrame } from './notice.tsx';

export interface DeliveryAlarmProps {
  notice: NoticeFrame;
  /** Since when mail fails, written in the reader's language. */
  since: string;
  failed: number;
  waiting: number;
}

/** The agency's warning that mail has failed for an hour: since when, how much, and that nothing is lost. */
export function DeliveryAlarmMail({ notice, since, failed, waiting }: DeliveryAlarmProps) {
  const { t } = notice;
  const text = t('DELIVERY_ALARM_TEXT', { since, failed, waiting });
  return (
    <Notice notice={notice} preheader={text}>
      <Paragraph>{text}</Paragraph>
      <Paragraph>{t('DELIVERY_ALARM_NEXT')}</Paragraph>
    </Notice>
  );
}
