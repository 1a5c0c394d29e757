import { Paragraph } from '../layout.tsx';
import { Listing, Notice, Signature, type ListingLine, type NoticeFrame } from './notice.tsx';

export interface RequestAcknowledgementProps {
  notice: NoticeFrame;
  /** What was asked, in the site's words ("votre demande d'estimation"): never the visitor's own text. */
  request: string;
  /** When the agency received it, in the reader's language. */
  received: string;
  /** The listing or project it is about, as the catalogue names it. */
  listing: ListingLine | null;
  /** What the agency does next, for this kind of request. */
  next: string;
}

/**
 * The receipt of a request, to the visitor: what they asked, when, and what happens next.
 * It repeats nothing they typed: an address anyone can type must never carry a stranger's
 * words under the agency's name.
 */
export function RequestAcknowledgementMail({ notice, request, received, listing, next }: RequestAcknowledgementProps) {
  const { t } = notice;
  const text = t('ACK_RECEIVED', { request, when: received });
  return (
    <Notice notice={notice} preheader={text}>
      <Paragraph>{t('ACK_HELLO')}</Paragraph>
      <Paragraph>{text}</Paragraph>
      {listing ? <Listing listing={listing} notice={notice} /> : null}
      <Paragraph>{next}</Paragraph>
      <Paragraph>{t('ACK_NOT_YOU')}</Paragraph>
      <Signature notice={notice} phone />
    </Notice>
  );
}
