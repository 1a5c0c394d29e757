/**
 * The one way the site sends a notice (worker/mail/kinds/): its component rendered in the
 * reader's language, both parts from one render, under the subject the caller words.
 */
import type { ReactElement } from 'react';
import type { SiteBundle } from '../../domain/bundles.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import type { Lang } from '../../domain/lang.ts';
import { mailBrand } from './layout.tsx';
import type { NoticeFrame } from './kinds/notice.tsx';
import type { OutgoingMail } from './message.ts';
import { renderMail } from './render.ts';

/** Who the mail is from and in which language: the site bundle of that language, and the site's public origin. */
export interface MailFrame {
  site: SiteBundle;
  lang: Lang;
  origin: string;
  subscription?: { manage: string | null; unsubscribe: string } | undefined;
}

/** The frame a notice component draws in: the agency's brand and the reader's translator. */
export function noticeFrame(frame: MailFrame): NoticeFrame {
  return {
    brand: mailBrand(frame.site.agency, frame.origin, frame.site.mail),
    lang: frame.lang,
    t: createTranslator(frame.lang, frame.site.dict).t,
    subscription: frame.subscription,
  };
}

export function noticeMail(subject: string, notice: ReactElement, options: { replyTo?: string | undefined } = {}): OutgoingMail {
  const { html, text } = renderMail(notice);
  return { subject, text, html, ...(options.replyTo ? { replyTo: options.replyTo } : {}) };
}
