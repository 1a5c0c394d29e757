import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { FONT, INK, MUTED, type MailBrand } from '../layout.tsx';

/** A listing as a mail shows it: its photo as JPEG (Outlook shows no WebP), price, town, rooms and area, a button. */
export interface MailCard {
  title: string;
  /** Absolute URL of a JPEG or PNG at mail width, or null. */
  photo: string | null;
  price: string;
  /** The price before a drop, struck through after its label ("Ancien prix :"). */
  previous?: { label: string; amount: string } | null;
  town: string;
  facts: string;
  /** New, reduced by 7 %, sold… */
  note?: string | null;
  link: string;
  button: string;
}

export function ListingCard({ card, brand }: { card: MailCard; brand: MailBrand }) {
  return (
    <Section style={{ margin: '0 0 24px', border: '1px solid #d9dee5' }}>
      {card.photo ? (
        <a href={card.link}>
          <img src={card.photo} alt={card.title} width="552" style={{ width: '100%', maxWidth: '552px', height: 'auto', display: 'block' }} />
        </a>
      ) : null}
      <Section style={{ padding: '12px 16px 16px' }}>
        {card.note ? <Text style={{ margin: '0 0 4px', fontSize: '13px', fontWeight: 'bold', color: brand.colors.accent, fontFamily: FONT }}>{card.note}</Text> : null}
        <Text style={{ margin: 0, fontSize: '17px', fontWeight: 'bold', color: INK, fontFamily: FONT }}>{card.title}</Text>
        <Text style={{ margin: '4px 0', fontSize: '17px', color: brand.colors.brand, fontFamily: FONT }}>
          <strong>{card.price}</strong>
          {card.previous ? (
            <span style={{ color: MUTED, fontWeight: 'normal', fontSize: '14px' }}>
              {' '}
              {card.previous.label} <del>{card.previous.amount}</del>
            </span>
          ) : null}
        </Text>
        <Text style={{ margin: '0 0 12px', fontSize: '14px', color: MUTED, fontFamily: FONT }}>
          {card.town}
          {card.facts ? ` · ${card.facts}` : ''}
        </Text>
        <a
          href={card.link}
          style={{ display: 'inline-block', backgroundColor: brand.colors.brand, color: brand.colors.brandInk, padding: '10px 18px', fontSize: '15px', fontWeight: 'bold', textDecoration: 'none' }}
        >
          {card.button}
        </a>
      </Section>
    </Section>
  );
}
