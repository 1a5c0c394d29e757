/**
 * The one way the site writes a mail of a few paragraphs: in the agency's frame, in the
 * reader's language, with both parts from one render. Mails with more shape (an alert's
 * listings, the agency's lead) have their own component in worker/mail/kinds/.
 */
import type { SiteBundle } from '../../domain/bundles.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import type { Lang } from '../../domain/lang.ts';
import { mailBrand } from './layout.tsx';
import { NoticeMail } from './kinds/notice.tsx';
import type { OutgoingMail } from './message.ts';
import { renderMail } from './render.ts';

/** Who the mail is from and in which language: the site bundle of that language, and the site's public origin. */
export interface MailFrame {
  site: SiteBundle;
  lang: Lang;
  origin: string;
  subscription?: { manage: string | null; unsubscribe: string } | undefined;
}

export function noticeMail(subject: string, text: string, frame: MailFrame, options: { replyTo?: string | undefined; links?: boolean } = {}): OutgoingMail {
  const { t } = createTranslator(frame.lang, frame.site.dict);
  const { html, text: plain } = renderMail(
    <NoticeMail brand={mailBrand(frame.site.agency, frame.origin, frame.site.mail)} lang={frame.lang} t={t} text={text} links={options.links ?? true} subscription={frame.subscription} />,
  );
  return { subject, text: plain, html, ...(options.replyTo ? { replyTo: options.replyTo } : {}) };
}
