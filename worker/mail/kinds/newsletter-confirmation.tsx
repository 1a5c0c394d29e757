import { Paragraph } from '../layout.tsx';
import { Address, Lines, Notice, Signature, type NoticeFrame } from './notice.tsx';

/** The newsletter's double opt-in: the link that confirms, and what to do if it was not you. */
export function NewsletterConfirmationMail({ notice, confirm }: { notice: NoticeFrame; confirm: string }) {
  const { t, brand } = notice;
  return (
    <Notice notice={notice} preheader={t('NEWSLETTER_CONFIRM_MAIL_TEXT')}>
      <Lines lines={[t('NEWSLETTER_CONFIRM_MAIL_TEXT'), <Address key="url" href={confirm} brand={brand} />]} />
      <Paragraph>{t('NEWSLETTER_CONFIRM_IGNORE')}</Paragraph>
      <Signature notice={notice} />
    </Notice>
  );
}
