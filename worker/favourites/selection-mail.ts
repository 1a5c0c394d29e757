/**
 * "E-mail me my selection": the visitor's favourites sent to the address they typed, so a
 * browser that forgets (Safari clears a site's storage after seven days without a visit)
 * loses nothing. Built from the published listings alone: each with photo, price, town,
 * status and link, and the link that opens the whole selection again.
 */
import type { CardView, SiteBundle } from '../../domain/bundles.ts';
import { cardPriceInput, formatPrice } from '../../domain/rules/price.ts';
import { statusBadgeKey } from '../../domain/rules/listing-status.ts';
import { favouritesPath, writeFavouriteIds } from '../../domain/rules/favourites.ts';
import type { Lang } from '../../domain/lang.ts';
import { escapeHtml, type OutgoingMail } from '../mail/message.ts';
import { translatorFor } from '../alerts/mails.ts';

export function selectionMail(input: { site: SiteBundle; lang: Lang; cards: CardView[]; ids: number[]; origin: string }): OutgoingMail {
  const { site, origin } = input;
  const t = translatorFor(site);
  const again = `${origin}${favouritesPath(input.lang)}?ids=${writeFavouriteIds(input.ids)}`;
  const lines = input.cards.map((card) => {
    const title = `${card.typeDescription || card.mainTypeName} – ${card.zip} ${card.city}`;
    const badge = statusBadgeKey(card.status);
    return { card, title, price: formatPrice(cardPriceInput(card), { marqueeIgnore: site.marqueeIgnore, t }), status: badge ? t(badge) : null, link: `${origin}${card.path}` };
  });
  const text = [
    t('SELECTION_MAIL_INTRO'),
    '',
    ...lines.flatMap((l) => [l.title, `${l.price}${l.status ? ` – ${l.status}` : ''}`, l.link, '']),
    `${t('SELECTION_OPEN_AGAIN')}: ${again}`,
    '',
    site.agency.name,
  ].join('\r\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#17202b;max-width:600px;margin:0 auto">',
    `<p>${escapeHtml(t('SELECTION_MAIL_INTRO'))}</p>`,
    ...lines.map((l) =>
      [
        `<a href="${escapeHtml(l.link)}" style="display:block;color:inherit;text-decoration:none;margin:0 0 20px">`,
        l.card.picture ? `<img src="${escapeHtml(`${origin}${l.card.picture.url}?width=600`)}" alt="${escapeHtml(l.title)}" width="600" style="max-width:100%;height:auto;border-radius:6px">` : '',
        `<strong style="display:block;font-size:17px;margin:8px 0 2px">${escapeHtml(l.title)}</strong>`,
        `<span style="font-size:17px;color:#1f3a5f"><strong>${escapeHtml(l.price)}</strong></span>`,
        l.status ? ` <span style="color:#b3471d;font-weight:bold">${escapeHtml(l.status)}</span>` : '',
        '</a>',
      ].join(''),
    ),
    `<p><a href="${escapeHtml(again)}">${escapeHtml(t('SELECTION_OPEN_AGAIN'))}</a></p>`,
    `<p style="font-size:12px;color:#4a5565">${escapeHtml(site.agency.name)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `${site.agency.name} – ${t('SELECTION_MAIL_SUBJECT', { count: input.cards.length })}`, text, html };
}
