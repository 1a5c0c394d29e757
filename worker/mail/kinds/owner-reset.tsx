import { Paragraph } from '../layout.tsx';
import { Address, Lines, Notice, Signature, type NoticeFrame } from './notice.tsx';

export interface OwnerResetProps {
  notice: NoticeFrame;
  /** The reset page, its token in the fragment (never sent to a server by a browser). */
  link: string;
  /** The same token, to paste where the link does not open. */
  code: string;
  /** How long the link works. */
  minutes: number;
}

/** An owner's password reset: the link, the code, and what to do if it was not them. */
export function OwnerResetMail({ notice, link, code, minutes }: OwnerResetProps) {
  const { t, brand } = notice;
  const intro = t('RESET_MAIL_TEXT', { minutes });
  return (
    <Notice notice={notice} preheader={intro}>
      <Lines lines={[intro, <Address key="link" href={link} brand={brand} />]} />
      <Lines lines={[t('RESET_MAIL_CODE'), code]} />
      <Paragraph>{t('RESET_MAIL_IGNORE')}</Paragraph>
      <Signature notice={notice} />
    </Notice>
  );
}
