import { MailButton, Paragraph } from '../layout.tsx';
import { Notice, Signature, type NoticeFrame } from './notice.tsx';

export interface PrivacyLinkProps {
  notice: NoticeFrame;
  /** The page that opens the data held about this address, once. */
  link: string;
  hours: number;
}

/** The single-use link to what the agency holds about an address, and what to do if it was not them. */
export function PrivacyLinkMail({ notice, link, hours }: PrivacyLinkProps) {
  const { t, brand } = notice;
  const intro = t('PRIVACY_MAIL_TEXT', { hours });
  return (
    <Notice notice={notice} preheader={intro}>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>
        <MailButton href={link} brand={brand}>
          {t('PRIVACY_MAIL_BUTTON')}
        </MailButton>
      </Paragraph>
      <Paragraph>{t('PRIVACY_MAIL_IGNORE')}</Paragraph>
      <Signature notice={notice} />
    </Notice>
  );
}
