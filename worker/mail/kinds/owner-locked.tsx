import { Paragraph } from '../layout.tsx';
import { Address, Lines, Notice, Signature, type NoticeFrame } from './notice.tsx';

/** The warning that an owner account was locked: when it opens again, and the way to a new password. */
export function OwnerLockedMail({ notice, minutes, forgot }: { notice: NoticeFrame; minutes: number; forgot: string }) {
  const { t, brand } = notice;
  const intro = t('LOCKED_MAIL_TEXT', { minutes });
  return (
    <Notice notice={notice} preheader={intro}>
      <Paragraph>{intro}</Paragraph>
      <Lines lines={[t('LOCKED_MAIL_RESET'), <Address key="forgot" href={forgot} brand={brand} />]} />
      <Signature notice={notice} />
    </Notice>
  );
}
