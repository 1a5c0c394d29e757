/**
 * The mail a visitor sends a friend about a property or a new-build project. It is built
 * from what is published (photo, price, place, link), so the site cannot relay arbitrary text: the
 * visitor adds only their name and a short plain-text note, escaped, with anything that
 * looks like a link defanged ("example[.]com") so no mail client makes it clickable.
 */
import type { CardView, ProjectCardView, SiteBundle } from '../../domain/bundles.ts';
import { cardPriceInput, formatPrice, priceRange } from '../../domain/rules/price.ts';
import { inertText, type OutgoingMail } from '../mail/message.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import { mailBrand } from '../mail/layout.tsx';
import { renderMail } from '../mail/render.ts';
import { ListingsMail } from '../mail/kinds/listings.tsx';
import type { MailCard } from '../mail/kinds/listing-card.tsx';

/** The longest note a visitor may add; the schema of the form says the same. */
export const FRIEND_NOTE_MAX = 500;

/** The visitor's note, at most FRIEND_NOTE_MAX characters, made inert (no link in either part). */
export function defangNote(note: string): string {
  return inertText(note.slice(0, FRIEND_NOTE_MAX));
}

function fill(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => params[name] ?? all);
}

/** What the friend is shown: a published property or project, in the site's own words. */
export interface SharedListing {
  title: string;
  /** The subject's words after the sender's name. */
  headline: string;
  price: string | null;
  reference: string | null;
  path: string;
  pictureUrl: string | null;
}

/** A property as the friend sees it. */
export function sharedProperty(card: CardView, site: SiteBundle): SharedListing {
  const t = (key: string, params: Record<string, string> = {}) => fill(site.dict[key] ?? key, params);
  const type = card.typeDescription || card.mainTypeName;
  return {
    title: `${type} – ${card.zip} ${card.city}`,
    headline: `${type}, ${card.city}`,
    price: formatPrice(cardPriceInput(card), { marqueeIgnore: site.marqueeIgnore, t }),
    reference: card.reference,
    path: card.path,
    pictureUrl: card.picture?.url ?? null,
  };
}

/** A new-build project as the friend sees it. */
export function sharedProject(project: ProjectCardView): SharedListing {
  return {
    title: `${project.name} – ${project.zip} ${project.city}`,
    headline: `${project.name}, ${project.city}`,
    price: priceRange(project.priceMin, project.priceMax),
    reference: null,
    path: project.path,
    pictureUrl: project.picture?.url ?? null,
  };
}

/** The mail about `shown` from `sender`, with the optional note, in the site bundle's language. */
export function friendMail(input: { shown: SharedListing; site: SiteBundle; origin: string; sender: string; note: string }): OutgoingMail {
  const { shown, site, origin } = input;
  const t = (key: string, params: Record<string, string> = {}) => fill(site.dict[key] ?? key, params);
  const sender = input.sender
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .trim()
    .slice(0, 80);
  const note = defangNote(input.note.trim());
  const { title, price } = shown;
  const reference = shown.reference ? `${t('REFERENCE')} ${shown.reference}` : null;
  const link = `${origin}${shown.path}`;
  const card: MailCard = {
    title,
    photo: shown.pictureUrl ? `${origin}${shown.pictureUrl}?width=600&format=jpeg` : null,
    price: price ?? '',
    town: reference ?? '',
    facts: '',
    link,
    button: t('MAIL_SEE_PROPERTY'),
  };
  const { html, text } = renderMail(
    <ListingsMail
      brand={mailBrand(site.agency, origin, site.mail)}
      lang={site.lang}
      t={createTranslator(site.lang, site.dict).t}
      intro={t('FRIEND_MAIL_INTRO', { name: sender })}
      note={note ? { label: t('FRIEND_MAIL_NOTE'), text: note } : null}
      cards={[card]}
      closing={t('FRIEND_MAIL_FOOTER')}
    />,
  );
  return { subject: `${sender} – ${shown.headline}`, text, html };
}
