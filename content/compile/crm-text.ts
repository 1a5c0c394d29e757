/**
 * A CRM's description as text a page may show: paragraphs, line breaks, lists and
 * emphasis, nothing else. CRMs send HTML typed by agents and by their import tools; a
 * `<meta http-equiv=refresh>`, an `<iframe>` or a `<style>` that blanks the page passes a
 * CSP that only blocks scripts. Sanitised at publish with sanitize-html (htmlparser2 under
 * it, no DOM needed), so the cron on Workers and the command on a machine publish the same.
 */
import sanitizeHtml from 'sanitize-html';

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i'],
  allowedAttributes: {},
  // Whatever is inside a dropped script, style or frame is dropped with it, not shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'head', 'title'],
  disallowedTagsMode: 'discard',
};

export function crmText(html: string): string {
  return html ? sanitizeHtml(html, ALLOWED).trim() : '';
}
