/**
 * The mail a visitor sends a friend about a property or a new-build project. It is built
 * from what is published (photo, price, place, link), so the site cannot relay arbitrary
 * text in the agency's voice: the subject is the site's own words; the visitor adds only
 * their name and a short plain-text note, quoted and marked as theirs, escaped, with
 * anything that looks like a link defanged ("example[.]com") and anything that looks like
 * an account number hidden, since a payment request "from the agency" is the fraud this
 * form would otherwise carry. Replies never go to the stranger.
 */
import type { CardView, ProjectCardView, SiteBundle } from '../../domain/bundles.ts';
import { cardPriceInput, formatPrice, priceRange } from '../../domain/rules/price.ts';
import { inertText, type OutgoingMail } from '../mail/message.ts';
import { hideAccountNumbers } from '../../domain/rules/account-numbers.ts';
import { createTranslator } from '../../domain/i18n/translator.ts';
import { mailBrand } from '../mail/layout.tsx';
import { renderMail } from '../mail/render.ts';
import { ListingsMail } from '../mail/kinds/listings.tsx';
import type { MailCard } from '../mail/kinds/listing-card.tsx';
import type { ContentRepository } from '../live/repository.ts';
import type { StoredLead } from '../leads/stored-lead.ts';

/** The longest note a visitor may add; the schema of the form says the same. */
export const FRIEND_NOTE_MAX = 500;

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
  const sender = inertText(input.sender.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' '))
    .trim()
    .slice(0, 60);
  // Account numbers are hidden first, on the words as written, then what is left is made inert.
  const hidden = hideAccountNumbers(input.note.trim().slice(0, FRIEND_NOTE_MAX), t('FRIEND_MAIL_NUMBER_HIDDEN'));
  const note = { text: inertText(hidden.text), hidden: hidden.hidden };
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
      note={note.text ? { label: t('FRIEND_MAIL_NOTE', { name: sender }), text: note.text, warning: t(note.hidden ? 'FRIEND_MAIL_NOTE_NUMBER_WARNING' : 'FRIEND_MAIL_NOTE_WARNING') } : null}
      cards={[card]}
      closing={t('FRIEND_MAIL_FOOTER')}
    />,
  );
  // The subject is the site's words only: a stranger's name there would read as the agency's.
  return { subject: t('FRIEND_MAIL_SUBJECT', { agency: site.agency.name, headline: shown.headline }), text, html };
}

/** The property or project a visitor sends to a friend, in the visitor's language: built from what is published. */
export async function friendOfLead({ row, data }: StoredLead, repo: ContentRepository, origin: string): Promise<OutgoingMail | null> {
  if (!data || !('friendEmail' in data)) return null;
  const site = await repo.site(row.lang);
  const card = data.propertyId !== undefined ? (await repo.listing(row.lang)).find((c) => c.id === data.propertyId) : undefined;
  const project = data.projectId !== undefined ? (await repo.pages(row.lang)).projects.find((p) => p.id === data.projectId && !p.external) : undefined;
  const shown = card ? sharedProperty(card, site) : project ? sharedProject(project) : null;
  // Withdrawn between the post and the mail: nothing to show the friend.
  if (!shown) return null;
  // No Reply-To: a reply goes to the agency, never to a stranger who typed the friend's address.
  return friendMail({ shown, site, origin, sender: data.name, note: data.message ?? '' });
}
