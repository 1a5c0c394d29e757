/**
 * What the site mails: a subject with an HTML and a plain-text part, for the Email
 * Service's structured send (no hand-built MIME). Both parts come from one React render
 * (worker/mail/render.ts), so every mail reads the same in every client.
 */
import { find as findLinks } from 'linkifyjs';

export interface OutgoingMail {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on alert mails. */
  headers?: Record<string, string>;
}

/**
 * A header value as one line. CR and LF would let words a visitor typed (a name in a
 * subject) start a header of their own (`Bcc:`) in mail systems that build MIME from them,
 * and other control characters have no place in a header: each run becomes one space.
 * Bidirectional overrides and zero-width characters are dropped: they make a subject read
 * otherwise than it is ("‮gpj.exe" shown as "exe.jpg") or hide a word from a filter.
 */
export function headerLine(text: string): string {
  return text
    .replace(/[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Words a visitor wrote, made inert for a mail: normalised (full-width and other
 * compatibility forms folded, as a mail client's URL parser folds "evil．com"), invisible and
 * control characters gone (line breaks kept), then wherever a maintained linkifier (linkifyjs,
 * with the full list of top-level domains, the kind mail clients use) sees a link or an
 * address, or a word starts with "www.", its scheme is broken ("hxxps[://]") and every dot bracketed ("pay[.]evil[.]com"),
 * until it sees none. So neither the plain-text part nor the HTML part carries a link a mail
 * client would make clickable, in the agency's inbox or a friend's, and words that are no
 * link ("Bonjour.Merci", "250.000") stay as written.
 */
export function inertText(text: string): string {
  let out = text.normalize('NFKC').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '');
  for (let pass = 0; pass < 4; pass++) {
    const links = linksIn(out);
    if (links.length === 0) return out;
    for (const link of [...links].reverse()) out = `${out.slice(0, link.start)}${(pass < 3 ? defang : flatten)(out.slice(link.start, link.end))}${out.slice(link.end)}`;
  }
  return out;
}

/**
 * Where a mail client would make a link: what linkifyjs finds, and any word starting with
 * "www." whatever follows (Outlook and Thunderbird link those without a known domain).
 */
function linksIn(text: string): { start: number; end: number }[] {
  const found = findLinks(text).map((l) => ({ start: l.start, end: l.end }));
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])www\.[^\s<>"]+/giu)) {
    const start = m.index;
    if (!found.some((l) => start < l.end && l.start < start + m[0].length)) found.push({ start, end: start + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A link's text with its scheme broken and its dots bracketed. */
function defang(link: string): string {
  return link
    .replace(/\b(h)tt(ps?):\/\//gi, '$1xx$2[://]')
    .replace(/([a-z][a-z0-9+.-]*):(?!\/\/)(?=\S)/gi, '$1[:]')
    .replace(/(?<!\[):\/\//g, '[://]')
    .replace(/(?<!\[)\.(?!\])/g, '[.]');
}

/** The last resort for a text the linkifier still reads as a link: its punctuation becomes spaces. */
function flatten(link: string): string {
  return link.replace(/[^\p{L}\p{N}\s]/gu, ' ');
}
