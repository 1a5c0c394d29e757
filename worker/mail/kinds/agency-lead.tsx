import { Section } from '@react-email/section';
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Row } from '@react-email/row';
import { Text } from '@react-email/text';
import type { Translate } from '../../../domain/i18n/translator.ts';
import type { Lang } from '../../../domain/lang.ts';
import { MailButton, MailLayout, INK, MUTED, lines, type MailBrand } from '../layout.tsx';

export interface LeadMailProps {
  brand: MailBrand;
  lang: Lang;
  t: Translate;
  /** The form's name as the agency knows it ("Demande de visite") and who sent it. */
  title: string;
  /** The listing the request is about, when there is one. */
  property: { title: string; photo: string | null; link: string } | null;
  /** Each field by its label, as a person reads it. */
  fields: { label: string; value: string }[];
  /** When it arrived, in Brussels time, written out. */
  receivedAt: string;
  replyTo: string | null;
  phone: { text: string; href: string } | null;
  reference: string;
}

/** The agency's lead: what was asked about, every field, and one tap to reply, call or open the listing. */
export function AgencyLeadMail({ brand, lang, t, title, property, fields, receivedAt, replyTo, phone, reference }: LeadMailProps) {
  return (
    <MailLayout brand={brand} lang={lang} t={t} preheader={`${title} – ${receivedAt}`}>
      <Heading as="h1" style={{ fontSize: '20px', lineHeight: '26px', color: INK, margin: '16px 0 4px' }}>
        {title}
      </Heading>
      <Text style={{ fontSize: '14px', color: MUTED, margin: '0 0 12px' }}>{t('LEAD_RECEIVED_AT', { date: receivedAt })}</Text>
      {property ? (
        <Section style={{ border: '1px solid #d9dee5', margin: '0 0 16px' }}>
          <Row>
            {property.photo ? (
              <Column style={{ width: '160px', verticalAlign: 'top' }}>
                <a href={property.link}>
                  <img src={property.photo} alt={property.title} width="160" style={{ display: 'block', width: '160px', height: 'auto' }} />
                </a>
              </Column>
            ) : null}
            <Column style={{ padding: '12px 16px', verticalAlign: 'top' }}>
              <a href={property.link} style={{ color: brand.colors.brand, fontSize: '16px', fontWeight: 'bold' }}>
                {property.title}
              </a>
            </Column>
          </Row>
        </Section>
      ) : null}
      <Section>
        {fields.map((field) => (
          <Row key={field.label} style={{ borderBottom: '1px solid #e6e9ee' }}>
            {/* "Label :" as the language writes it, so the text part reads "Label : value" on one line. */}
            <Column style={{ width: '38%', padding: '6px 8px 6px 0', fontSize: '14px', color: MUTED, verticalAlign: 'top' }}>{t('FIELD_VALUE', { label: field.label, value: '' }).trim()}</Column>
            <Column style={{ padding: '6px 0', fontSize: '14px', color: INK, verticalAlign: 'top' }}>{lines(field.value)}</Column>
          </Row>
        ))}
      </Section>
      <Section style={{ margin: '16px 0 8px' }}>
        {replyTo ? (
          <MailButton href={`mailto:${replyTo}`} brand={brand}>
            {t('MAIL_REPLY')}
          </MailButton>
        ) : null}
        {phone ? (
          <MailButton href={phone.href} brand={brand} secondary>
            {t('MAIL_CALL', { phone: phone.text })}
          </MailButton>
        ) : null}
        {property ? (
          <MailButton href={property.link} brand={brand} secondary>
            {t('MAIL_PROPERTY_PAGE')}
          </MailButton>
        ) : null}
      </Section>
      <Text style={{ fontSize: '12px', color: MUTED, margin: '8px 0 0' }}>{t('LEAD_REFERENCE', { reference })}</Text>
    </MailLayout>
  );
}
