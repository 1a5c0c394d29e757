import type { RefusalReason } from '../../queues/messages.ts';
import { Paragraph } from '../layout.tsx';
import { Notice, type NoticeFrame } from './notice.tsx';

export interface CrmRefusedProps {
  notice: NoticeFrame;
  reason: RefusalReason;
  /** The pull's own summary, quoted as text: a CRM's words never become a link. */
  summary: string;
  /** When the refused run happened, written in the reader's language. */
  at: string;
}

/** The agency's warning that the CRM's answer was refused: what happened, that the site still shows the last good catalogue, what to do. */
export function CrmRefusedMail({ notice, reason, summary, at }: CrmRefusedProps) {
  const { t } = notice;
  return (
    <Notice notice={notice} preheader={t('CRM_REFUSED_TEXT')}>
      <Paragraph>{t('CRM_REFUSED_TEXT')}</Paragraph>
      <Paragraph>{t(`CRM_REFUSED_${reason.toUpperCase().replace(/-/g, '_')}`)}</Paragraph>
      <Paragraph>{summary}</Paragraph>
      <Paragraph>{t('CRM_REFUSED_NEXT')}</Paragraph>
      <Paragraph>{at}</Paragraph>
    </Notice>
  );
}
