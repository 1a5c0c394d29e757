import { Paragraph } from '../layout.tsx';
import { Lines, Notice, type NoticeFrame } from './notice.tsx';

export interface CrmHeldProps {
  notice: NoticeFrame;
  /** Each listing held back with the field at fault and its value, quoted as text. */
  listings: { id: number; field: string; value: string }[];
  /** When the run happened, written in the reader's language. */
  at: string;
}

/** The agency's notice that a sync published everything but a few listings: which, why, and what to do. */
export function CrmHeldMail({ notice, listings, at }: CrmHeldProps) {
  const { t } = notice;
  return (
    <Notice notice={notice} preheader={t('CRM_HELD_TEXT')}>
      <Paragraph>{t('CRM_HELD_TEXT')}</Paragraph>
      <Lines lines={listings.map((l) => `• ${t('CRM_HELD_LINE', { id: l.id, field: l.field, value: l.value })}`)} />
      <Paragraph>{t('CRM_HELD_NEXT')}</Paragraph>
      <Paragraph>{at}</Paragraph>
    </Notice>
  );
}
