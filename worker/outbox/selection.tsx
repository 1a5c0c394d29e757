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
import type { OutgoingMail } from '../mail/message.ts';
import { mailBrand } from '../mail/layout.tsx';
import { renderMail } from '../mail/render.ts';
import { ListingsMail } from '../mail/kinds/listings.tsx';
import type { MailCard } from '../mail/kinds/listing-card.tsx';
import type { ContentRepository } from '../live/repository.ts';
import type { StoredLead } from '../leads/stored-lead.ts';
import type { NotifyEnv } from './notify-env.ts';
import { parseFavouriteIds } from '../../domain/rules/favourites.ts';
import { isLang } from '../../domain/lang.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { translatorFor } from '../alerts/describe.ts';

export function selectionMail(input: { site: SiteBundle; lang: Lang; cards: CardView[]; ids: number[]; origin: string }): OutgoingMail {
  const { site, origin } = input;
  const t = translatorFor(site);
  const again = `${origin}${favouritesPath(input.lang)}?ids=${writeFavouriteIds(input.ids)}`;
  const cards: MailCard[] = input.cards.map((card) => {
    const badge = statusBadgeKey(card.status);
    return {
      title: card.typeDescription || card.mainTypeName,
      photo: card.picture ? `${origin}${card.picture.url}?width=600&format=jpeg` : null,
      price: formatPrice(cardPriceInput(card), { marqueeIgnore: site.marqueeIgnore, t }),
      town: `${card.zip} ${card.city}`,
      facts: [card.bedrooms ? t('BEDROOM_COUNT', { count: card.bedrooms }) : '', card.surfaceLiving ? `${card.surfaceLiving} m²` : ''].filter(Boolean).join(' · '),
      note: badge ? t(badge) : null,
      link: `${origin}${card.path}`,
      button: t('MAIL_SEE_PROPERTY'),
    };
  });
  const { html, text } = renderMail(
    <ListingsMail brand={mailBrand(site.agency, origin, site.mail)} lang={input.lang} t={t} intro={t('SELECTION_MAIL_INTRO')} cards={cards} link={{ label: t('SELECTION_OPEN_AGAIN'), url: again }} />,
  );
  return { subject: `${site.agency.name} – ${t('SELECTION_MAIL_SUBJECT', { count: input.cards.length })}`, text, html };
}

/** The visitor's favourites, as they are published now, to their own address. */
export async function selectionOfLead({ row, data }: StoredLead, repo: ContentRepository, env: NotifyEnv): Promise<OutgoingMail | null> {
  if (!data || !('ids' in data)) return null;
  const ids = parseFavouriteIds(data.ids);
  const lang = isLang(row.lang) ? row.lang : 'fr';
  const listing = await repo.listing(lang);
  const cards = ids.map((id) => listing.find((c) => c.id === id)).filter((c): c is CardView => c !== undefined);
  if (cards.length === 0) return null;
  // The link to open it again names what the mail shows: no made-up id travels in the agency's mail.
  return selectionMail({ site: await repo.site(lang), lang, cards, ids: cards.map((c) => c.id), origin: siteOrigin(env) });
}
