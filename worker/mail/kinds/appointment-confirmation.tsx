import { MailButton, Paragraph } from '../layout.tsx';
import { Lines, Notice, Signature, type ListingLine, type NoticeFrame } from './notice.tsx';

export interface AppointmentConfirmationProps {
  notice: NoticeFrame;
  /** The visit's time, written in the reader's language. */
  when: string;
  listing: ListingLine;
  /** Where to go: the street address, or only the town when the seller keeps the address private until a visit is agreed. */
  place: { address: string; exact: boolean };
  /** Who receives the visitor: the agent holding the hour when the agenda names one, else the agency. */
  agent: string | null;
  /** The booking's own links: the .ics to add it to a calendar, the page that cancels it. */
  booking: { calendar: string; cancel: string } | null;
  /** For a rental: its conditions, with their amounts, in one sentence. */
  conditions: string | null;
}

/** A booked viewing, to the visitor: when, where, with whom, which listing, how to keep or cancel it. */
export function AppointmentConfirmationMail({ notice, when, listing, place, agent, booking, conditions }: AppointmentConfirmationProps) {
  const { t, brand } = notice;
  const field = (label: string, value: string) => t('FIELD_VALUE', { label, value });
  return (
    <Notice notice={notice} preheader={`${t('APPOINTMENT_CONFIRMED')} ${when}`}>
      <Paragraph>{t('APPOINTMENT_CONFIRMED')}</Paragraph>
      <Lines
        lines={[
          field(t('APPOINTMENT'), when),
          field(t('VISIT_ADDRESS'), place.exact ? place.address : `${place.address} (${t('VISIT_ADDRESS_GIVEN_BY_AGENT')})`),
          field(t('VISIT_AGENT'), agent ? `${agent}, ${brand.name} – ${brand.phone}` : `${brand.name} – ${brand.phone}`),
          `${listing.title} – ${listing.town}${listing.reference ? ` (${t('REFERENCE')} ${listing.reference})` : ''}`,
        ]}
      />
      <Paragraph>
        <MailButton href={listing.url} brand={brand}>
          {t('MAIL_SEE_PROPERTY')}
        </MailButton>
        {booking ? (
          <>
            <MailButton href={booking.calendar} brand={brand} secondary>
              {t('VISIT_ADD_TO_CALENDAR')}
            </MailButton>
            <MailButton href={booking.cancel} brand={brand} secondary>
              {t('VISIT_CANCEL_LINK')}
            </MailButton>
          </>
        ) : null}
      </Paragraph>
      {conditions ? <Paragraph>{conditions}</Paragraph> : null}
      <Signature notice={notice} phone />
    </Notice>
  );
}
