import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { Translate } from '../../../domain/i18n/translator.ts';
import type { Lang } from '../../../domain/lang.ts';
import { MailLayout, Paragraph, INK, type MailBrand } from '../layout.tsx';
import { ListingCard, type MailCard } from './listing-card.tsx';

/** An alert mail shows this many listings; the rest is one link away. */
export const ALERT_MAIL_CARDS = 10;

export interface AlertNewsProps {
  brand: MailBrand;
  lang: Lang;
  t: Translate;
  /** What the saved search is, in the site's words ("À vendre · Namur · 2+ chambres"). */
  description: string;
  cards: MailCard[];
  listUrl: string;
  subscription: { manage: string | null; unsubscribe: string };
}

/** News for one saved search (a single listing or a digest): at most ALERT_MAIL_CARDS cards, then a link to all of them. */
export function AlertNewsMail({ brand, lang, t, description, cards, listUrl, subscription }: AlertNewsProps) {
  const shown = cards.slice(0, ALERT_MAIL_CARDS);
  const more = cards.length - shown.length;
  const first = shown[0];
  const preheader = first ? `${first.title} – ${first.price}${cards.length > 1 ? ` (+${cards.length - 1})` : ''}` : description;
  return (
    <MailLayout brand={brand} lang={lang} t={t} preheader={preheader} subscription={subscription}>
      <Heading as="h1" style={{ fontSize: '20px', lineHeight: '26px', color: INK, margin: '16px 0 4px' }}>
        {t('ALERT_NEWS_SUBJECT', { count: cards.length })}
      </Heading>
      <Paragraph>{t('ALERT_NEWS_INTRO', { description })}</Paragraph>
      {shown.map((card) => (
        <ListingCard key={card.link} card={card} brand={brand} />
      ))}
      <Text style={{ fontSize: '15px', margin: '8px 0 16px' }}>
        <a href={listUrl} style={{ color: brand.colors.brand, fontWeight: 'bold' }}>
          {more > 0 ? t('ALERT_SEE_MORE', { count: more }) : t('ALERT_SEE_ALL')}
        </a>
      </Text>
    </MailLayout>
  );
}
