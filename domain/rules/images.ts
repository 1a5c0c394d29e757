/** Widths the image host delivers, smallest first; every request snaps to one so the CDN caches few variants. */
export const DELIVERED_WIDTHS = [100, 400, 600, 1360] as const;
export type DeliveredWidth = (typeof DELIVERED_WIDTHS)[number];

/** Largest source width each delivered width serves: ≤100 → 100, ≤500 → 400, ≤750 → 600, larger → 1360. */
const STEPS: ReadonlyArray<readonly [maxSource: number, delivered: DeliveredWidth]> = [
  [100, 100],
  [500, 400],
  [750, 600],
  [Infinity, 1360],
];

export const IMAGE_FORMATS = ['auto', 'avif', 'webp', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ImageOptions {
  width?: number | null | undefined;
  height?: number | null | undefined;
  format?: ImageFormat | null | undefined;
}

/** The placeholder is the smallest delivered width, so it reuses a variant the CDN already caches. */
export const PLACEHOLDER_WIDTH: DeliveredWidth = 100;

/**
 * The width the image host delivers for a wanted (source) width: 100 → 100, 500 → 400, 750 → 600, 1050 → 1360.
 * Why: asking for arbitrary widths would explode the number of resized variants; the step table is fixed.
 * Note the steps round down between 101 and 750 (500 → 400) and jump up above 750. null for widths that
 * are not positive finite numbers.
 */
export function deliveredWidth(sourceWidth: unknown): DeliveredWidth | null {
  if (typeof sourceWidth !== 'number' || !Number.isFinite(sourceWidth) || sourceWidth <= 0) return null;
  const step = STEPS.find(([maxSource]) => sourceWidth <= maxSource);
  return step ? step[1] : null;
}

/**
 * The size delivered for a wanted width and height: the width snapped as `deliveredWidth`
 * says, the height kept in the wanted proportion (rounded to a hundredth, between 1:4 and
 * 4:1, so a few crops are cached rather than one per pixel). No height: the image's own
 * proportion. null for a width that is not a positive number.
 */
export function deliveredSize(width: unknown, height: unknown): { width: DeliveredWidth; height: number | null } | null {
  const delivered = deliveredWidth(width);
  if (delivered === null || typeof width !== 'number') return null;
  if (typeof height !== 'number' || !Number.isFinite(height) || height <= 0) return { width: delivered, height: null };
  const ratio = Math.min(4, Math.max(0.25, Math.round((height / width) * 100) / 100));
  return { width: delivered, height: Math.round(delivered * ratio) };
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isImageFormat(value: unknown): value is ImageFormat {
  return IMAGE_FORMATS.some((format) => format === value);
}

function queryKey(pair: string): string {
  const rawKey = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(rawKey.replace(/\+/g, ' '));
  } catch {
    return rawKey;
  }
}

/**
 * Sets query parameters on any URL string, absolute or relative, keeping the other parameters byte for byte
 * (a signed URL stays valid) and the '#fragment' at the end. `remove` names parameters to drop.
 */
function withQuery(src: string, set: ReadonlyArray<readonly [string, string]>, remove: readonly string[] = []): string {
  const hashAt = src.indexOf('#');
  const beforeHash = hashAt === -1 ? src : src.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : src.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const replaced = new Set([...remove, ...set.map(([name]) => name)]);
  const kept = query.split('&').filter((pair) => pair !== '' && !replaced.has(queryKey(pair)));
  const added = set.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  const pairs = [...kept, ...added];
  return `${path}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}${hash}`;
}

/** data: and blob: URLs are the image itself; a query string would corrupt them. */
function isInlineImage(src: string): boolean {
  return /^(?:data|blob):/i.test(src);
}

/**
 * The image URL with width, height and format parameters, e.g. '/media/a.jpg?width=400&format=webp'.
 * Why: every image goes through the image host's resizer; building the query in one place keeps it consistent.
 * Works on relative URLs; existing parameters are kept, and replaced only when set again here. Values that are
 * not positive integers or known formats are left out. '' for an empty src; data:/blob: URLs unchanged.
 */
export function imageUrl(src: string | null | undefined, options: ImageOptions = {}): string {
  const trimmed = (src ?? '').trim();
  if (trimmed === '' || isInlineImage(trimmed)) return trimmed;
  const set: Array<readonly [string, string]> = [];
  if (isPositiveInteger(options.width)) set.push(['width', String(options.width)]);
  if (isPositiveInteger(options.height)) set.push(['height', String(options.height)]);
  if (isImageFormat(options.format)) set.push(['format', options.format]);
  return withQuery(trimmed, set);
}

/**
 * The blur-up placeholder: the smallest delivered width in webp.
 * Why: the placeholder is always webp; it must be tiny and load before the real image.
 */
export function placeholderUrl(src: string | null | undefined): string {
  return imageUrl(src, { width: PLACEHOLDER_WIDTH, format: 'webp' });
}

/**
 * The mobile variant: 'scale=1' instead of a height parameter ("On mobile the height parameter is
 * '?scale=1'"). Why: on mobile the image keeps its aspect ratio at the delivered width instead of a fixed height.
 * Any height, from the options or already in the URL, is dropped.
 */
export function mobileUrl(src: string | null | undefined, options: Omit<ImageOptions, 'height'> = {}): string {
  const url = imageUrl(src, { width: options.width ?? null, format: options.format ?? null });
  if (url === '' || isInlineImage(url)) return url;
  return withQuery(url, [['scale', '1']], ['height']);
}

/**
 * A srcset value: each wanted width snapped to its delivered width, duplicates dropped, ascending.
 * Why: the 'w' descriptor must be the width actually delivered, or the browser picks the wrong candidate.
 * Whitespace in the URL is percent-encoded because srcset splits on it. '' when no width is usable, or for
 * an empty or data:/blob: src (which has only one size).
 */
export function srcSet(src: string | null | undefined, widths: readonly number[], options: Pick<ImageOptions, 'format'> = {}): string {
  const trimmed = (src ?? '').trim();
  if (trimmed === '' || isInlineImage(trimmed)) return '';
  const delivered = [...new Set(widths.map(deliveredWidth).filter((width) => width !== null))].sort((a, b) => a - b);
  return delivered
    .map((width) => {
      const url = imageUrl(trimmed, { width, format: options.format ?? null });
      return `${url.replace(/\s/g, (space) => encodeURIComponent(space))} ${String(width)}w`;
    })
    .join(', ');
}
