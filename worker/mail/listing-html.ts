/**
 * A listing as the site's mails show it (alerts, a selection of favourites): one link
 * around its photo, title, price (the previous one struck through after a drop) and a note.
 * Every value is escaped; the photo is the site's own, sized for a mail.
 */
import type { CardView } from '../../domain/bundles.ts';
import { escapeHtml } from './message.ts';

export interface MailListing {
  card: CardView;
  title: string;
  price: string;
  link: string;
  /** The price before a drop, struck through. */
  previous?: string | null;
  /** New, reduced by 7 %, sold… */
  note?: string | null;
}

/** The opening of an HTML mail body, in the site's colours and a width mail clients keep. */
export const MAIL_HTML_START = '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#17202b;max-width:600px;margin:0 auto">';

export function listingHtml(listing: MailListing, origin: string): string {
  const { card, title, price, link, previous, note } = listing;
  return [
    `<a href="${escapeHtml(link)}" style="display:block;color:inherit;text-decoration:none;margin:0 0 20px">`,
    card.picture ? `<img src="${escapeHtml(`${origin}${card.picture.url}?width=600`)}" alt="${escapeHtml(title)}" width="600" style="max-width:100%;height:auto;border-radius:6px">` : '',
    `<strong style="display:block;font-size:17px;margin:8px 0 2px">${escapeHtml(title)}</strong>`,
    `<span style="font-size:17px;color:#1f3a5f"><strong>${escapeHtml(price)}</strong></span>`,
    previous ? ` <del style="color:#4a5565">${escapeHtml(previous)}</del>` : '',
    note ? `<span style="display:block;color:#b3471d;font-weight:bold">${escapeHtml(note)}</span>` : '',
    '</a>',
  ].join('');
}
