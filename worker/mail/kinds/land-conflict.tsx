import { Paragraph } from '../layout.tsx';
import { Lines, Notice, type NoticeFrame } from './notice.tsx';

export interface LandConflictProps {
  notice: NoticeFrame;
  /** Each listing with the field, the CRM's value and the official layer's, quoted as text. */
  listings: { id: number; field: string; crm: string; layer: string }[];
  /** When the run happened, written in the reader's language. */
  at: string;
}

/** The agency's notice that a sync published listings whose CRM value an official map contradicts: which, both values, what to do. */
export function LandConflictMail({ notice, listings, at }: LandConflictProps) {
  const { t } = notice;
  return (
    <Notice notice={notice} preheader={t('LAND_CONFLICT_TEXT')}>
      <Paragraph>{t('LAND_CONFLICT_TEXT')}</Paragraph>
      <Lines lines={listings.map((l) => `• ${t('LAND_CONFLICT_LINE', { id: l.id, field: l.field, crm: l.crm, layer: l.layer })}`)} />
      <Paragraph>{t('LAND_CONFLICT_NEXT')}</Paragraph>
      <Paragraph>{at}</Paragraph>
    </Notice>
  );
}
