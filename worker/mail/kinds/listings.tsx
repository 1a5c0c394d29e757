import { Text } from '@react-email/text';
import type { Translate } from '../../../domain/i18n/translator.ts';
import type { Lang } from '../../../domain/lang.ts';
import { MailLayout, Paragraph, INK, lines, type MailBrand } from '../layout.tsx';
import { ListingCard, type MailCard } from './listing-card.tsx';

export interface ListingsMailProps {
  brand: MailBrand;
  lang: Lang;
  t: Translate;
  intro: string;
  /** A visitor's own words (a friend's note), quoted as text under its label, with the site's warning that they are not its words. */
  note?: { label: string; text: string; warning: string } | null;
  cards: MailCard[];
  /** One more link under the cards (the whole selection again). */
  link?: { label: string; url: string } | null;
  /** A closing line (why the friend got this mail). */
  closing?: string | null;
}

/** Listings sent to an address a visitor typed: their own selection, or one listing for a friend. */
export function ListingsMail({ brand, lang, t, intro, note, cards, link, closing }: ListingsMailProps) {
  return (
    <MailLayout brand={brand} lang={lang} t={t} preheader={intro}>
      <Paragraph>{intro}</Paragraph>
      {note ? (
        <Text style={{ fontSize: '15px', lineHeight: '22px', color: INK, margin: '0 0 16px', padding: '8px 12px', borderLeft: `3px solid ${brand.colors.brand}` }}>
          <strong>{note.label}</strong>
          <br />
          <em>«&nbsp;{lines(note.text)}&nbsp;»</em>
          <br />
          <span style={{ fontSize: '13px' }}>{note.warning}</span>
        </Text>
      ) : null}
      {cards.map((card) => (
        <ListingCard key={card.link} card={card} brand={brand} />
      ))}
      {link ? (
        <Text style={{ fontSize: '15px', margin: '8px 0 16px' }}>
          <a href={link.url} style={{ color: brand.colors.brand, fontWeight: 'bold' }}>
            {link.label}
          </a>
        </Text>
      ) : null}
      {closing ? <Paragraph>{closing}</Paragraph> : null}
    </MailLayout>
  );
}
