/**
 * A mail component rendered to its two parts: the HTML from React's static renderer (no
 * hydration markers, nothing to stream) and the plain text read from that HTML, so both
 * parts come from one source.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { plainText } from './plain-text.ts';

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** Gmail clips a message past 102 KB of HTML; the site keeps every mail under this. */
export const MAIL_HTML_BUDGET = 100 * 1024;

export function renderMail(element: ReactElement): { html: string; text: string } {
  // React hoists a preload <link> for each image it renders; a mail client fetches nothing ahead.
  const html = `${DOCTYPE}${renderToStaticMarkup(element).replace(/<link rel="preload"[^>]*\/?>/g, '')}`;
  return { html, text: plainText(html) };
}
