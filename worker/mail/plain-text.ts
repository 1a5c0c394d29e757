/**
 * The plain-text part of a mail, read from its HTML: the same source as the HTML part, so
 * the two never say different things. Only the markup the mail components write is
 * expected: blocks become lines, a link becomes "text: URL" (or the URL when it is its own
 * text), an image its alt text, the preheader (hidden) is left out, entities decoded.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

export function plainText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const text = body
    // The preheader is for the inbox's preview line only.
    .replace(/<div[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div>/gi, '')
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s([^>]*)href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all: string, _before: string, href: string, inner: string) => {
      // A photo that links where the title or the button beside it already does.
      if (
        /<img/i.test(inner) &&
        inner
          .replace(/<img[^>]*>/gi, '')
          .replace(/<[^>]+>/g, '')
          .trim() === ''
      )
        return ' ';
      const label = decode(inner.replace(/<img[^>]*alt="([^"]*)"[^>]*>/gi, '$1').replace(/<[^>]+>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim();
      const url = decode(href);
      // A button stands on its own line; an address to write to is written out; a phone's label holds its number.
      const target = url.startsWith('mailto:') ? url.slice('mailto:'.length) : url;
      const shown = !label || label === target || url.startsWith('tel:') ? label || target : `${label}: ${target}`;
      return /data-text-line="true"/.test(_all.slice(0, _all.indexOf('>'))) ? `\n${shown}\n` : ` ${shown} `;
    })
    .replace(/<img[^>]*alt="([^"]*)"[^>]*>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    // A paragraph ends with a blank line, as a reader of the text part expects.
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<\/(div|h[1-6]|tr|li)>/gi, '\n')
    .replace(/<hr[^>]*>/gi, '\n---\n')
    .replace(/<\/td>/gi, ' ')
    .replace(/<[^>]+>/g, '');
  return decode(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, (ws) => (ws.includes('\u00a0') && ws.length === 1 ? '\u00a0' : ' ')).trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(/\n/g, '\r\n');
}
