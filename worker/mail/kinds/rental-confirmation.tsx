import { Paragraph } from '../layout.tsx';
import { Listing, Notice, Signature, type ListingLine, type NoticeFrame } from './notice.tsx';

export interface RentalConfirmationProps {
  notice: NoticeFrame;
  /** The listing applied for; null when it was withdrawn before the mail left. */
  listing: ListingLine | null;
}

/** A rental application's receipt, to the applicant: which listing, what the agency does next. */
export function RentalConfirmationMail({ notice, listing }: RentalConfirmationProps) {
  const { t } = notice;
  return (
    <Notice notice={notice} preheader={t('RENTAL_APPLICATION_MAIL_TEXT')}>
      <Paragraph>{t('RENTAL_APPLICATION_MAIL_TEXT')}</Paragraph>
      {listing ? <Listing listing={listing} notice={notice} /> : null}
      <Paragraph>{t('RENTAL_APPLICATION_MAIL_NEXT')}</Paragraph>
      <Signature notice={notice} phone />
    </Notice>
  );
}
