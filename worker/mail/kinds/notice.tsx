/**
 * The blocks a notice is made of: a mail of a few paragraphs of the site's words (a
 * confirmation, an owner's reset, the agency's warnings), in the common frame. Each kind
 * is its own component with typed props beside this file; none takes free text to split,
 * so nothing a visitor or a CRM wrote can become a link or a paragraph of the site's own.
 */
import type { ReactNode } from 'react';
import type { Translate } from '../../../domain/i18n/translator.ts';
import type { Lang } from '../../../domain/lang.ts';
import { MailLayout, Paragraph, type MailBrand } from '../layout.tsx';

/** Who a notice is from and in which words: the agency's brand, the reader's language. */
export interface NoticeFrame {
  brand: MailBrand;
  lang: Lang;
  t: Translate;
  subscription?: { manage: string | null; unsubscribe: string } | undefined;
}

/** A notice in the frame; the preheader is the inbox's preview line. */
export function Notice({ notice, preheader, children }: { notice: NoticeFrame; preheader: string; children: ReactNode }) {
  return (
    <MailLayout brand={notice.brand} lang={notice.lang} t={notice.t} preheader={preheader} subscription={notice.subscription}>
      {children}
    </MailLayout>
  );
}

/** One paragraph of several lines, each kept on its own (Outlook ignores white-space). */
export function Lines({ lines }: { lines: ReactNode[] }) {
  return (
    <Paragraph>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </Paragraph>
  );
}

/** An address of the site written out, so it can be copied where a link does not open. */
export function Address({ href, brand }: { href: string; brand: MailBrand }) {
  return (
    <a href={href} style={{ color: brand.colors.brand, wordBreak: 'break-all' }}>
      {href}
    </a>
  );
}

/** A listing as a notice names it: what, where, its reference, and its page. */
export interface ListingLine {
  title: string;
  town: string;
  /** A listing's reference; a new-build project has none. */
  reference: string | null;
  url: string;
}

export function Listing({ listing, notice }: { listing: ListingLine; notice: NoticeFrame }) {
  const reference = listing.reference ? ` (${notice.t('REFERENCE')} ${listing.reference})` : '';
  return <Lines lines={[`${listing.title} – ${listing.town}${reference}`, <Address key="url" href={listing.url} brand={notice.brand} />]} />;
}

/** The agency's name under the mail, with its phone where the reader may want to call. */
export function Signature({ notice, phone = false }: { notice: NoticeFrame; phone?: boolean }) {
  return <Lines lines={phone ? [notice.brand.name, notice.brand.phone] : [notice.brand.name]} />;
}

/** "Label: value" in the reader's typography (French puts a no-break space before the colon), the value a node. */
export function Labelled({ notice, label, children }: { notice: NoticeFrame; label: string; children: ReactNode }) {
  const [before = '', after = ''] = notice.t('FIELD_VALUE', { label, value: '\u0000' }).split('\u0000');
  return (
    <span>
      {before}
      {children}
      {after}
    </span>
  );
}
