/**
 * True when a value carries no visible text.
 * Why: CRM fields arrive as null, '' or whitespace-only, and all three mean "not filled in".
 * `trim()` also removes NBSP and other Unicode spaces; zero-width characters are not whitespace and count as text.
 */
export function isEmptyText(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  euro: '€',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  sup2: '²',
  sup3: '³',
  middot: '·',
  bull: '•',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  times: '×',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  auml: 'ä',
  Aacute: 'Á',
  Agrave: 'À',
  Acirc: 'Â',
  Auml: 'Ä',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  euml: 'ë',
  Eacute: 'É',
  Egrave: 'È',
  Ecirc: 'Ê',
  Euml: 'Ë',
  iacute: 'í',
  igrave: 'ì',
  icirc: 'î',
  iuml: 'ï',
  Icirc: 'Î',
  Iuml: 'Ï',
  oacute: 'ó',
  ograve: 'ò',
  ocirc: 'ô',
  ouml: 'ö',
  Ocirc: 'Ô',
  Ouml: 'Ö',
  uacute: 'ú',
  ugrave: 'ù',
  ucirc: 'û',
  uuml: 'ü',
  Ucirc: 'Û',
  Uuml: 'Ü',
  ccedil: 'ç',
  Ccedil: 'Ç',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  oelig: 'œ',
  OElig: 'Œ',
  aelig: 'æ',
  AElig: 'Æ',
  szlig: 'ß',
  yuml: 'ÿ',
};

/** Tags that end a line or block: removing them must leave a word break behind. */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

function codePointToText(codePoint: number, original: string): string {
  // Per the HTML spec, NUL, surrogates and out-of-range values decode to U+FFFD, never to broken UTF-16.
  if (!Number.isFinite(codePoint)) return original;
  if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(codePoint);
}

/** Single pass, so '&amp;lt;' becomes the text '&lt;' and is never decoded twice. */
function decodeEntities(text: string): string {
  const entity = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/g;
  return text.replace(entity, (match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec !== undefined) return codePointToText(Number.parseInt(dec, 10), match);
    if (hex !== undefined) return codePointToText(Number.parseInt(hex, 16), match);
    if (name !== undefined) return NAMED_ENTITIES[name] ?? match;
    return match;
  });
}

/**
 * Turns CRM description HTML into plain text.
 * Why: descriptions feed meta tags, cards and JSON-LD, where markup and entities must not leak.
 * Script and style contents are dropped; block tags leave a space so words do not glue together;
 * only text that starts like a tag (`<a`, `</`, `<!`) is a tag, so "3 < 5" survives; NBSP collapses like any space.
 */
export function cleanDescription(html: string | null | undefined): string {
  if (html === null || html === undefined) return '';
  const withoutTags = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<\/?([A-Za-z][A-Za-z0-9-]*)\b[^>]*>|<![^>]*>/g, (_match, tag: string | undefined) => (tag !== undefined && !BLOCK_TAGS.has(tag.toLowerCase()) ? '' : ' '));
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

let graphemes: Intl.Segmenter | undefined;

/** User-perceived characters; browsers without Intl.Segmenter (Firefox < 125) fall back to code points. */
function characters(text: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return Array.from(text);
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(graphemes.segment(text), (segment) => segment.segment);
}

/**
 * Shortens plain text for cards and meta descriptions.
 * Why: a cut must never split a word needlessly, an emoji or an accented letter.
 * Length is counted in user-perceived characters (grapheme clusters). Past `limit`, the text is cut at
 * `limit` and moved back to the last space only if that space sits after 80% of the limit; a space
 * right at the cut counts, because then no word is split. Throws RangeError for a limit that is not a positive integer.
 */
export function cutDescription(text: string | null | undefined, limit = 250, ellipsis = true): string {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`cutDescription: limit must be a positive integer, got ${String(limit)}`);
  }
  if (text === null || text === undefined) return '';
  const chars = characters(text);
  if (chars.length <= limit) return text;
  let end = limit;
  for (let i = limit; i > 0.8 * limit; i -= 1) {
    if (/^\s+$/.test(chars[i] ?? '')) {
      end = i;
      break;
    }
  }
  const cut = chars.slice(0, end).join('').trimEnd();
  return ellipsis ? `${cut}…` : cut;
}

/**
 * Plain-text teaser of an HTML description.
 * Why: the card and the meta description must show the same teaser.
 */
export function summarize(html: string | null | undefined, limit?: number): string {
  return cutDescription(cleanDescription(html), limit);
}
