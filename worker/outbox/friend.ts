/**
 * The mail a visitor sends a friend about a property or a new-build project. It is built
 * from what is published (photo, price, place, link), so the site cannot relay arbitrary text: the
 * visitor adds only their name and a short plain-text note, escaped, with anything that
 * looks like a link defanged ("example[.]com") so no mail client makes it clickable.
 */
import type { CardView, ProjectCardView, SiteBundle } from '../../domain/bundles.ts';
import { cardPriceInput, formatPrice, priceRange } from '../../domain/rules/price.ts';
import { escapeHtml, inertText, type OutgoingMail } from '../mail/message.ts';

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
  const photo = shown.pictureUrl ? `${origin}${shown.pictureUrl}?width=600` : null;
  const intro = t('FRIEND_MAIL_INTRO', { name: sender });
  const text = [
    intro,
    '',
    ...(note ? [t('FRIEND_MAIL_NOTE'), note, ''] : []),
    title,
    ...(price ? [price] : []),
    ...(reference ? [reference] : []),
    link,
    '',
    t('FRIEND_MAIL_FOOTER'),
    site.agency.name,
  ].join('\r\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2630;max-width:600px">',
    `<p>${escapeHtml(intro)}</p>`,
    note ? `<p><strong>${escapeHtml(t('FRIEND_MAIL_NOTE'))}</strong><br>${escapeHtml(note).replace(/\r?\n/g, '<br>')}</p>` : '',
    `<a href="${escapeHtml(link)}" style="color:inherit;text-decoration:none">`,
    photo ? `<img src="${escapeHtml(photo)}" alt="${escapeHtml(title)}" width="600" style="max-width:100%;height:auto;border-radius:6px">` : '',
    `<h2 style="margin:12px 0 4px">${escapeHtml(title)}</h2>`,
    price ? `<p style="font-size:18px;margin:0 0 4px"><strong>${escapeHtml(price)}</strong></p>` : '',
    reference ? `<p style="margin:0;color:#5b6670">${escapeHtml(reference)}</p>` : '',
    '</a>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p style="font-size:12px;color:#5b6670">${escapeHtml(t('FRIEND_MAIL_FOOTER'))}<br>${escapeHtml(site.agency.name)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `${sender} – ${shown.headline}`, text, html };
}
