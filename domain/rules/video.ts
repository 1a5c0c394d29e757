export type VideoKind = 'file' | 'youtube' | 'vimeo' | 'facebook' | 'matterport' | 'tvl' | 'yisual';

export interface ParsedVideo {
  kind: VideoKind;
  /** What goes into <video src> (file) or <iframe src> (everything else). */
  embedUrl: string;
  /** Provider video id, when the URL carries one. */
  id?: string;
}

const FILE_EXTENSIONS = ['mp4', 'mov', 'wmv', 'avi', 'flv', 'webm'] as const;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** Path prefixes after which YouTube puts the video id. */
const YOUTUBE_ID_PREFIXES = new Set(['embed', 'shorts', 'live', 'v']);
const DIGITS = /^\d+$/;
const HEX = /^[0-9a-f]+$/i;

/**
 * True when `host` is `domain` or one of its subdomains: 'www.tvl.be' matches 'tvl.be';
 * 'eviltvl.be' and 'tvl.be.evil.net' do not. A trailing root dot ('tvl.be.') is ignored.
 */
function isHostOf(host: string, domain: string): boolean {
  const bare = host.endsWith('.') ? host.slice(0, -1) : host;
  return bare === domain || bare.endsWith(`.${domain}`);
}

function segmentsOf(url: URL): string[] {
  return url.pathname.split('/').filter((segment) => segment !== '');
}

function youtube(url: URL): ParsedVideo | null {
  const [first, second] = segmentsOf(url);
  let id: string | null | undefined;
  if (isHostOf(url.hostname, 'youtu.be')) id = first;
  else if (first === 'watch') id = url.searchParams.get('v');
  else if (first !== undefined && YOUTUBE_ID_PREFIXES.has(first)) id = second;
  if (id === null || id === undefined || !YOUTUBE_ID.test(id)) return null;
  return { kind: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
}

function vimeo(url: URL): ParsedVideo | null {
  const segments = segmentsOf(url);
  // Showcases and albums are playlists with their own numeric ids, not videos.
  if (segments[0] === 'showcase' || segments[0] === 'album') return null;
  const index = segments.findIndex((segment) => DIGITS.test(segment));
  const id = segments[index];
  if (id === undefined) return null;
  // Unlisted videos only play with their privacy hash: vimeo.com/{id}/{hash} or ?h={hash}.
  const next = segments[index + 1];
  const hash = next !== undefined && HEX.test(next) ? next : url.searchParams.get('h');
  const query = hash !== null && HEX.test(hash) ? `?h=${hash}` : '';
  return { kind: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}${query}` };
}

function facebookVideoId(url: URL): string | null | undefined {
  const segments = segmentsOf(url);
  if (isHostOf(url.hostname, 'fb.watch')) return segments.length > 0 ? undefined : null;
  const [first, second] = segments;
  if (first === 'reel') return second !== undefined && DIGITS.test(second) ? second : null;
  if (first === 'watch' || first === 'video.php') {
    const v = url.searchParams.get('v');
    return v !== null && DIGITS.test(v) ? v : null;
  }
  const videos = segments.indexOf('videos');
  if (videos === -1 || videos === segments.length - 1) return null;
  // '/{page}/videos/{id}/' or '/{page}/videos/{title}/{id}/': the id is the last numeric segment, if any.
  return segments
    .slice(videos + 1)
    .reverse()
    .find((segment) => DIGITS.test(segment));
}

function facebook(url: URL): ParsedVideo | null {
  const id = facebookVideoId(url);
  if (id === null) return null;
  const embedUrl = `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url.href)}`;
  return id === undefined ? { kind: 'facebook', embedUrl } : { kind: 'facebook', embedUrl, id };
}

function embedAsIs(kind: VideoKind): (url: URL) => ParsedVideo {
  return (url: URL): ParsedVideo => ({ kind, embedUrl: url.href });
}

/** Provider by host; a URL on a provider's host that is not a video of that provider is rejected. */
const PROVIDERS: ReadonlyArray<readonly [domains: readonly string[], parse: (url: URL) => ParsedVideo | null]> = [
  [['youtube.com', 'youtube-nocookie.com', 'youtu.be'], youtube],
  [['vimeo.com'], vimeo],
  [['facebook.com', 'fb.watch'], facebook],
  [['matterport.com'], embedAsIs('matterport')],
  [['tvl.be'], embedAsIs('tvl')],
  [['yisual.com'], embedAsIs('yisual')],
];

/**
 * Recognises a video or virtual-tour URL and gives the URL to embed, or null.
 * Why: the CRM stores whatever the agent pasted; the detail page must embed it safely or not at all.
 * Only absolute http(s) URLs without credentials. Providers are matched by exact host or subdomain, never
 * by substring. YouTube (11-char id) embeds via youtube-nocookie, Vimeo via its player (keeping the
 * privacy hash of unlisted videos), Facebook via its video plugin; Matterport, TVL and Yisual embed the URL
 * itself. Any other host is a file when the path ends in .mp4/.mov/.wmv/.avi/.flv/.webm (any case).
 */
export function parseVideo(input: string | null | undefined): ParsedVideo | null {
  if (input === null || input === undefined) return null;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') return null;

  const provider = PROVIDERS.find(([domains]) => domains.some((domain) => isHostOf(url.hostname, domain)));
  if (provider !== undefined) return provider[1](url);

  const extension = /\.([A-Za-z0-9]+)$/.exec(url.pathname)?.[1]?.toLowerCase();
  return FILE_EXTENSIONS.some((known) => known === extension) ? { kind: 'file', embedUrl: url.href } : null;
}
