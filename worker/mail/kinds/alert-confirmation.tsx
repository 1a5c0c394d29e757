import { Paragraph } from '../layout.tsx';
import { Address, Lines, Notice, Signature, type NoticeFrame } from './notice.tsx';

export interface AlertConfirmationProps {
  notice: NoticeFrame;
  /** What each alert saved together watches, in words. */
  descriptions: string[];
  confirm: string;
}

/** The double opt-in of saved searches: what they will watch, the link that confirms them. */
export function AlertConfirmationMail({ notice, descriptions, confirm }: AlertConfirmationProps) {
  const { t, brand } = notice;
  return (
    <Notice notice={notice} preheader={t('ALERT_CONFIRM_MAIL_TEXT')}>
      <Paragraph>{t('ALERT_CONFIRM_MAIL_TEXT')}</Paragraph>
      <Lines lines={descriptions.map((d) => `• ${d}`)} />
      <Paragraph>
        <Address href={confirm} brand={brand} />
      </Paragraph>
      <Paragraph>{t('ALERT_CONFIRM_IGNORE')}</Paragraph>
      <Signature notice={notice} />
    </Notice>
  );
}
