/**
 * What the site mails: a subject with an HTML and a plain-text part, for the Email
 * Service's structured send (no hand-built MIME). Both parts come from one React render
 * (worker/mail/render.ts), so every mail reads the same in every client.
 */

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
 * Words a visitor wrote, made inert for a mail: invisible and control characters gone
 * (line breaks kept), schemes broken ("hxxps[://]"), and the dots of anything shaped like
 * a host bracketed ("example[.]com"), so neither the plain-text part nor the HTML part
 * carries a link a mail client would make clickable, in the agency's inbox or a friend's.
 */
export function inertText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .replace(/\b(h)(tt)(ps?):\/\//gi, (_all, h: string, _tt: string, ps: string) => `${h}xx${ps}[://]`)
    .replace(/\b(www)\./gi, '$1[.]')
    .replace(/([\p{L}\p{N}-]+)\.([\p{L}]{2,}\b)/gu, '$1[.]$2');
}
