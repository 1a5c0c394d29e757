/**
 * The mails of saved searches, in the alert's language: the confirmation (the only mail
 * an unconfirmed address ever gets) and the news of new listings and price drops, each
 * with a photo, the price, the town and a link, a link to manage every alert of the
 * address, and a one-click unsubscribe (List-Unsubscribe, RFC 8058) for this alert.
 */
import type { CardView, RoutingBundle, SiteBundle } from '../../domain/bundles.ts';
import { createTranslator, type Translate } from '../../domain/i18n/translator.ts';
import { isLang, type Lang } from '../../domain/lang.ts';
import { cardPriceInput, formatEuro, formatPrice, priceDropOf } from '../../domain/rules/price.ts';
import { escapeHtml, textMail, type OutgoingMail } from '../mail/message.ts';
import { listingHtml, MAIL_HTML_START } from '../mail/listing-html.ts';
import type { AlertCriteria } from './criteria.ts';
import { slugify } from '../../domain/rules/slug.ts';

/** "À vendre · Maisons · Namur · jusqu’à € 300.000 · 3+ chambres": an alert as its owner reads it. */
/**
 * A saved search in words, from values the catalogue knows only: its list, a category's
 * name, a town as the listings name it, prices and bedrooms the site formats. A town the
 * catalogue does not have, and free text, are left out: the description reaches mails the
 * agency sends to whatever address was typed, and a visitor's words (a domain name, a
 * phrase) must not read as the agency's.
 */
export function describeAlert(criteria: AlertCriteria, site: SiteBundle, routing: RoutingBundle, t: Translate, places: ReadonlyMap<string, string>): string {
  const list =
    Object.values(routing.paths)
      .find((p) => p.kind === criteria.kind && p.lang === site.lang)
      ?.breadcrumb.at(-1)?.label ?? t(criteria.kind === 'list-rent' ? 'FOR_RENT' : 'FOR_SALE');
  const s = criteria.search;
  const parts = [
    list,
    s.type ? (site.categories.find((c) => c.webId === s.type)?.name ?? null) : null,
    s.city ? (places.get(s.city) ?? places.get(slugify(s.city)) ?? null) : null,
    s.q ? (places.get(s.q.trim()) ?? places.get(slugify(s.q)) ?? null) : null,
    s.min !== undefined ? t('ALERT_PRICE_MIN', { amount: formatEuro(s.min) }) : null,
    s.max !== undefined ? t('ALERT_PRICE_MAX', { amount: formatEuro(s.max) }) : null,
    s.beds ? t('ALERT_BEDS', { count: s.beds }) : null,
  ];
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ');
}

export function translatorFor(site: SiteBundle): Translate {
  return createTranslator(isLang(site.lang) ? site.lang : 'fr', site.dict).t;
}

/** The confirmation of one or more alerts saved together. */
export function alertConfirmationMail(input: { site: SiteBundle; descriptions: string[]; origin: string; token: string }): OutgoingMail {
  const t = translatorFor(input.site);
  const text = [
    t('ALERT_CONFIRM_MAIL_TEXT'),
    '',
    ...input.descriptions.map((d) => `• ${d}`),
    '',
    `${input.origin}/alerts/confirm/${input.token}/`,
    '',
    t('ALERT_CONFIRM_IGNORE'),
    '',
    input.site.agency.name,
  ].join('\r\n');
  return textMail(`${input.site.agency.name} – ${t('ALERT_CONFIRM_SUBJECT')}`, text);
}

export interface AlertNews {
  card: CardView;
  kind: 'new' | 'price-drop';
}

/** One mail for one alert: the listings it has not yet told about, newest news first. */
export function alertNewsMail(input: {
  site: SiteBundle;
  lang: Lang;
  description: string;
  news: AlertNews[];
  origin: string;
  listUrl: string;
  unsubscribeToken: string;
  manageToken: string | null;
}): OutgoingMail {
  const { site, origin } = input;
  const t = translatorFor(site);
  const unsubscribe = `${origin}/alerts/unsubscribe/${input.unsubscribeToken}/`;
  const manage = input.manageToken ? `${origin}/alerts/manage/${input.manageToken}/` : null;
  const count = input.news.length;
  const subject = `${t('ALERT_NEWS_SUBJECT', { count })} – ${input.description}`;
  const day = (d: string) => new Intl.DateTimeFormat(`${input.lang}-BE`, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const lines = input.news.map(({ card, kind }) => {
    const title = `${card.typeDescription || card.mainTypeName} – ${card.zip} ${card.city}`;
    const price = formatPrice(cardPriceInput(card), { marqueeIgnore: site.marqueeIgnore, t });
    const drop = kind === 'price-drop' ? priceDropOf(card, true) : null;
    const note = drop ? t('PRICE_REDUCED', { percent: drop.percent, date: day(drop.on) }) : t('ALERT_NEW_LISTING');
    return { card, title, price, note, previous: drop ? formatEuro(drop.previous) : null, link: `${origin}${card.path}` };
  });
  const text = [
    t('ALERT_NEWS_INTRO', { description: input.description }),
    '',
    ...lines.flatMap((l) => [l.title, `${l.price}${l.previous ? ` (${t('PRICE_PREVIOUS')} ${l.previous})` : ''} – ${l.note}`, l.link, '']),
    t('TEXT_LINK', { label: t('ALERT_SEE_ALL'), url: `${origin}${input.listUrl}` }),
    '',
    ...(manage ? [t('TEXT_LINK', { label: t('ALERT_MANAGE'), url: manage })] : []),
    t('TEXT_LINK', { label: t('ALERT_UNSUBSCRIBE'), url: unsubscribe }),
    '',
    site.agency.name,
  ].join('\r\n');
  const html = [
    MAIL_HTML_START,
    `<p>${escapeHtml(t('ALERT_NEWS_INTRO', { description: input.description }))}</p>`,
    ...lines.map((l) => listingHtml(l, origin)),
    `<p><a href="${escapeHtml(`${origin}${input.listUrl}`)}">${escapeHtml(t('ALERT_SEE_ALL'))}</a></p>`,
    `<p style="font-size:12px;color:#4a5565">${manage ? `<a href="${escapeHtml(manage)}">${escapeHtml(t('ALERT_MANAGE'))}</a> · ` : ''}<a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('ALERT_UNSUBSCRIBE'))}</a><br>${escapeHtml(site.agency.name)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html, headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
