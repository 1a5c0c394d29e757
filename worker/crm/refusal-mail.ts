/**
 * The agency's warning that the CRM's answer was refused: what happened, that the site
 * still shows the last good catalogue, and what to do. Queued by the scheduled pull (once
 * when refusals start), sent by the NOTIFY consumer, in the site's default language.
 */
import { createTranslator } from '../../domain/i18n/translator.ts';
import { ContentRepository } from '../content/repository.ts';
import { textMail, type OutgoingMail } from '../mail/message.ts';

export const REFUSAL_REASONS = ['unreachable', 'invalid-record', 'empty', 'mass-withdrawal', 'no-content'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface CrmRefusedMessage {
  crmRefused: { reason: RefusalReason; summary: string; at: string };
}

export function isCrmRefusedMessage(body: unknown): body is CrmRefusedMessage {
  if (typeof body !== 'object' || body === null || !('crmRefused' in body)) return false;
  const m = body.crmRefused;
  return (
    typeof m === 'object' &&
    m !== null &&
    'reason' in m &&
    (REFUSAL_REASONS as readonly unknown[]).includes(m.reason) &&
    'summary' in m &&
    typeof m.summary === 'string' &&
    'at' in m &&
    typeof m.at === 'string'
  );
}

/** The mail to the agency's inbox; the summary is the pull's own, quoted as text. */
export async function crmRefusedMail(env: Pick<Env, 'CONTENT'>, message: CrmRefusedMessage): Promise<OutgoingMail> {
  const repo = await ContentRepository.open(env.CONTENT);
  const lang = (await repo.routing()).defaultLang;
  const site = await repo.site(lang);
  const { t } = createTranslator(lang, site.dict);
  const { reason, summary, at } = message.crmRefused;
  const key = `CRM_REFUSED_${reason.toUpperCase().replace(/-/g, '_')}`;
  const body = [t('CRM_REFUSED_TEXT'), '', t(key), '', summary, '', t('CRM_REFUSED_NEXT'), '', at].join('\r\n');
  return textMail(`${site.agency.name} – ${t('CRM_REFUSED_SUBJECT')}`, body, { links: false });
}
