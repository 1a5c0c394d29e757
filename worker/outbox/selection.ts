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
import { listingHtml, MAIL_HTML_START } from '../mail/listing-html.ts';
import { translatorFor } from '../alerts/describe.ts';

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
    t('TEXT_LINK', { label: t('SELECTION_OPEN_AGAIN'), url: again }),
    '',
    site.agency.name,
  ].join('\r\n');
  const html = [
    MAIL_HTML_START,
    `<p>${escapeHtml(t('SELECTION_MAIL_INTRO'))}</p>`,
    ...lines.map((l) => listingHtml({ ...l, note: l.status }, origin)),
    `<p><a href="${escapeHtml(again)}">${escapeHtml(t('SELECTION_OPEN_AGAIN'))}</a></p>`,
    `<p style="font-size:12px;color:#4a5565">${escapeHtml(site.agency.name)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `${site.agency.name} – ${t('SELECTION_MAIL_SUBJECT', { count: input.cards.length })}`, text, html };
}
