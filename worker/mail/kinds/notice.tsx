import type { Translate } from '../../../domain/i18n/translator.ts';
import type { Lang } from '../../../domain/lang.ts';
import { MailLayout, Paragraph, type MailBrand } from '../layout.tsx';

const URL = /(https?:\/\/[^\s<>"]+)/g;

export interface NoticeProps {
  brand: MailBrand;
  lang: Lang;
  t: Translate;
  /** The mail's words: paragraphs at blank lines, line breaks kept. */
  text: string;
  /** Addresses in the text become links only where all of it is the site's own words. */
  links: boolean;
  subscription?: { manage: string | null; unsubscribe: string } | undefined;
}

/**
 * A mail that is a few paragraphs of the site's words (a confirmation, an owner's reset, the
 * agency's CRM warning), in the common frame: its first line is the preheader.
 */
export function NoticeMail({ brand, lang, t, text, links, subscription }: NoticeProps) {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const preheader = (paragraphs[0] ?? '').split(/\r?\n/)[0] ?? '';
  return (
    <MailLayout brand={brand} lang={lang} t={t} preheader={preheader} subscription={subscription}>
      {paragraphs.map((paragraph, i) => (
        <Paragraph key={i}>
          {paragraph.split(/\r?\n/).map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {links
                ? line.split(URL).map((part, k) =>
                    k % 2 === 1 ? (
                      <a key={k} href={part} style={{ color: brand.colors.brand, wordBreak: 'break-all' }}>
                        {part}
                      </a>
                    ) : (
                      part
                    ),
                  )
                : line}
            </span>
          ))}
        </Paragraph>
      ))}
    </MailLayout>
  );
}
