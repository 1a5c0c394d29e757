import { Paragraph } from '../layout.tsx';
import { Address, Labelled, Lines, Listing, Notice, Signature, type ListingLine, type NoticeFrame } from './notice.tsx';

export interface AppointmentConfirmationProps {
  notice: NoticeFrame;
  /** The visit's time, written in the reader's language. */
  when: string;
  listing: ListingLine;
  /** The booking's own links: the .ics to add it to a calendar, the page that cancels it. */
  booking: { calendar: string; cancel: string } | null;
  /** For a rental: its conditions, with their amounts, in one sentence. */
  conditions: string | null;
}

/** A booked viewing, to the visitor: when, which listing, how to keep or cancel it. */
export function AppointmentConfirmationMail({ notice, when, listing, booking, conditions }: AppointmentConfirmationProps) {
  const { t, brand } = notice;
  return (
    <Notice notice={notice} preheader={t('APPOINTMENT_CONFIRMED')}>
      <Paragraph>{t('APPOINTMENT_CONFIRMED')}</Paragraph>
      <Paragraph>{t('FIELD_VALUE', { label: t('APPOINTMENT'), value: when })}</Paragraph>
      <Listing listing={listing} notice={notice} />
      {booking ? (
        <Lines
          lines={[
            <Labelled key="ics" notice={notice} label={t('VISIT_ADD_TO_CALENDAR')}>
              <Address href={booking.calendar} brand={brand} />
            </Labelled>,
            <Labelled key="cancel" notice={notice} label={t('VISIT_CANCEL_LINK')}>
              <Address href={booking.cancel} brand={brand} />
            </Labelled>,
          ]}
        />
      ) : null}
      {conditions ? <Paragraph>{conditions}</Paragraph> : null}
      <Signature notice={notice} phone />
    </Notice>
  );
}
