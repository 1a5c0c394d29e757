/**
 * The frame of every mail the site sends: a preheader for the inbox's preview line, the
 * agency's logo on its colour, the content, and a footer that says who sends it (legal
 * name, address, phone, VAT and IPI numbers) with, for a subscription, the links to manage
 * it and to stop it. Built from React Email's components, which write the tables and the
 * Outlook fallbacks mail clients need; rendered to HTML on the worker (worker/mail/render.ts).
 * Only what Gmail, Outlook (desktop and web) and Apple Mail all support, checked against
 * caniemail.com's data in worker/mail/mails.test.tsx: no SVG, no rounded corners, no
 * `target`, no styles on <body>; the page colour is a table's.
 */
import type { ReactNode } from 'react';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';
import type { AgencyView } from '../../domain/bundles.ts';
import type { Translate } from '../../domain/i18n/translator.ts';
import type { Lang } from '../../domain/lang.ts';
import { formatPhone, phoneHref } from '../../domain/rules/phone.ts';

/** The agency as its mails show it, with absolute links (a mail has no page to resolve them against). */
export interface MailBrand {
  name: string;
  legalName: string;
  address: string;
  phone: string;
  phoneHref: string;
  email: string;
  vatNumber: string;
  ipiNumber: string;
  /** A PNG or JPEG logo; null: the band shows the agency's name. */
  logo: string | null;
  site: string;
  colors: { brand: string; brandInk: string; accent: string };
}

/** Colours a mail falls back to when the content sets none: the site's own. */
export const DEFAULT_MAIL_COLORS = { brand: '#1f3a5f', brandInk: '#ffffff', accent: '#b3471d' } as const;

export function mailBrand(agency: AgencyView, origin: string, mail: { logoUrl?: string | null; brand?: string; brandInk?: string; accent?: string } = {}): MailBrand {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);
  return {
    name: agency.name,
    legalName: agency.legalName,
    address: `${agency.street} ${agency.houseNumber}, ${agency.zip} ${agency.city}`,
    phone: formatPhone(agency.phone),
    phoneHref: phoneHref(agency.phone) ?? '',
    email: agency.email,
    vatNumber: agency.vatNumber,
    ipiNumber: agency.ipiNumber,
    logo: mail.logoUrl ? absolute(mail.logoUrl) : null,
    site: origin,
    colors: { brand: mail.brand ?? DEFAULT_MAIL_COLORS.brand, brandInk: mail.brandInk ?? DEFAULT_MAIL_COLORS.brandInk, accent: mail.accent ?? DEFAULT_MAIL_COLORS.accent },
  };
}

export const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
export const INK = '#17202b';
export const MUTED = '#4a5565';

export interface MailLayoutProps {
  brand: MailBrand;
  lang: Lang;
  t: Translate;
  /** The inbox's preview line: what the mail is about, in a sentence. */
  preheader: string;
  /** For a subscription (an alert, the newsletter): where to change it and where to stop it. */
  subscription?: { manage: string | null; unsubscribe: string } | undefined;
  children: ReactNode;
}

export function MailLayout({ brand, lang, t, preheader, subscription, children }: MailLayoutProps) {
  const small = { fontSize: '12px', lineHeight: '18px', color: MUTED, margin: '0 0 6px', fontFamily: FONT };
  return (
    <Html lang={lang} dir="ltr">
      <Head />
      <Preview>{preheader}</Preview>
      <body>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ backgroundColor: '#f3f5f8' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '16px 8px' }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ maxWidth: '600px', backgroundColor: '#ffffff', fontFamily: FONT, color: INK }}>
                  <tbody>
                    <tr>
                      <td style={{ backgroundColor: brand.colors.brand, padding: '14px 24px' }}>
                        <a href={brand.site} style={{ color: brand.colors.brandInk, textDecoration: 'none', fontSize: '17px', fontWeight: 'bold' }}>
                          {brand.logo ? <img src={brand.logo} alt="" width="40" height="40" style={{ display: 'inline-block', verticalAlign: 'middle', border: 0, marginRight: '12px' }} /> : null}
                          <span style={{ verticalAlign: 'middle' }}>{brand.name}</span>
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '8px 24px 16px' }}>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: '12px 24px 20px', borderTop: '1px solid #d9dee5' }}>
                        <Text style={small}>
                          {brand.legalName} · {brand.address}
                          <br />
                          <a href={brand.phoneHref} style={{ color: MUTED }}>
                            {brand.phone}
                          </a>
                          {' · '}
                          <a href={`mailto:${brand.email}`} style={{ color: MUTED }}>
                            {brand.email}
                          </a>
                          <br />
                          {t('MAIL_FOOTER_NUMBERS', { vat: brand.vatNumber, ipi: brand.ipiNumber })}
                          {' · '}
                          {/* Every mail says where its reader sees, downloads or erases what the agency holds about them. */}
                          <a href={`${brand.site.replace(/\/$/, '')}/privacy/?lang=${lang}`} style={{ color: MUTED }}>
                            {t('PRIVACY_MAIL_FOOTER')}
                          </a>
                        </Text>
                        {subscription ? (
                          <Text style={{ ...small, margin: 0 }}>
                            {subscription.manage ? (
                              <>
                                <a href={subscription.manage} style={{ color: MUTED }}>
                                  {t('MAIL_MANAGE')}
                                </a>
                                {' · '}
                              </>
                            ) : null}
                            <a href={subscription.unsubscribe} style={{ color: MUTED }}>
                              {t('MAIL_UNSUBSCRIBE')}
                            </a>
                          </Text>
                        ) : null}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </Html>
  );
}

/** Text with its line breaks kept, as <br> (Outlook for Windows ignores white-space). */
export function lines(text: string): ReactNode {
  return text.split(/\r?\n/).map((line, i) => (
    <span key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </span>
  ));
}

/** A paragraph of the mail's own words. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '15px', lineHeight: '22px', color: INK, margin: '12px 0' }}>{children}</Text>;
}

/** A call to action, as a bulletproof button (a padded link Outlook draws too). */
export function MailButton({ href, brand, children, secondary = false }: { href: string; brand: MailBrand; children: ReactNode; secondary?: boolean }) {
  return (
    <a
      href={href}
      data-text-line="true"
      style={{
        display: 'inline-block',
        backgroundColor: secondary ? '#ffffff' : brand.colors.brand,
        color: secondary ? brand.colors.brand : brand.colors.brandInk,
        border: `2px solid ${brand.colors.brand}`,
        padding: '10px 18px',
        fontSize: '15px',
        fontWeight: 'bold',
        textDecoration: 'none',
        margin: '4px 8px 4px 0',
      }}
    >
      {children}
    </a>
  );
}
