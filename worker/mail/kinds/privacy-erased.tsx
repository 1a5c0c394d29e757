import { Paragraph } from '../layout.tsx';
import { Lines, Notice, type NoticeFrame } from './notice.tsx';

export interface PrivacyErasedProps {
  notice: NoticeFrame;
  /** The CRM's own references of the requests the site erased. */
  crmRefs: string[];
  /** When the visitor erased them, in the agency's language. */
  when: string;
}

/** To the agency: a visitor erased their data from the site; the CRM's copies are the agency's to erase. */
export function PrivacyErasedMail({ notice, crmRefs, when }: PrivacyErasedProps) {
  const { t } = notice;
  return (
    <Notice notice={notice} preheader={t('PRIVACY_ERASED_AGENCY_TEXT', { when })}>
      <Paragraph>{t('PRIVACY_ERASED_AGENCY_TEXT', { when })}</Paragraph>
      <Lines lines={crmRefs} />
      <Paragraph>{t('PRIVACY_ERASED_AGENCY_NEXT')}</Paragraph>
    </Notice>
  );
}
