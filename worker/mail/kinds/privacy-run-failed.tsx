import { Paragraph } from '../layout.tsx';
import { Lines, Notice, type NoticeFrame } from './notice.tsx';

export interface PrivacyRunFailedProps {
  notice: NoticeFrame;
  day: string;
  tries: number;
  /** The run's error, for whoever looks after the site: no personal data is in it. */
  error: string;
}

/** To the agency: the day's retention run keeps failing, so data past its period is still kept. */
export function PrivacyRunFailedMail({ notice, day, tries, error }: PrivacyRunFailedProps) {
  const { t } = notice;
  const text = t('PRIVACY_RUN_FAILED_TEXT', { day, tries });
  return (
    <Notice notice={notice} preheader={text}>
      <Paragraph>{text}</Paragraph>
      <Lines lines={[t('PRIVACY_RUN_FAILED_NEXT'), error]} />
    </Notice>
  );
}
