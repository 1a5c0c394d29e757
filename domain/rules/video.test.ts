import { describe, it, expect } from 'vitest';
import { parseVideo, type ParsedVideo } from './video.ts';

const ID = 'dQw4w9WgXcQ';
const YT: ParsedVideo = { kind: 'youtube', id: ID, embedUrl: `https://www.youtube-nocookie.com/embed/${ID}` };

describe('parseVideo: files', () => {
  it.each([
    'https://cdn.vitrine.be/video/tour.mp4',
    'https://cdn.vitrine.be/video/tour.MP4',
    'https://cdn.vitrine.be/video/tour.mov',
    'https://cdn.vitrine.be/video/tour.wmv',
    'https://cdn.vitrine.be/video/tour.avi',
    'https://cdn.vitrine.be/video/tour.flv',
    'https://cdn.vitrine.be/video/tour.WebM',
    'http://cdn.vitrine.be/tour.mp4',
    'https://cdn.vitrine.be/tour.mp4?token=abc&x=.jpg',
    'https://cdn.vitrine.be/tour.mp4#t=10',
    '  https://cdn.vitrine.be/tour.mp4  ',
    'https://cdn.vitrine.be/caf%C3%A9%20tour.mp4',
  ])('%s is a file', (input) => {
    expect(parseVideo(input)).toEqual({ kind: 'file', embedUrl: new URL(input.trim()).href });
  });

  it.each([
    'https://cdn.vitrine.be/tour.mp4.jpg',
    'https://cdn.vitrine.be/tour.mpeg',
    'https://cdn.vitrine.be/mp4',
    'https://cdn.vitrine.be/tour.mp4/',
    'https://cdn.vitrine.be/photo.jpg?v=.mp4',
    'https://cdn.vitrine.be/photo.jpg#.mp4',
    'https://cdn.vitrine.be/',
    '/media/tour.mp4',
    '//cdn.vitrine.be/tour.mp4',
    'ftp://cdn.vitrine.be/tour.mp4',
    'file:///tmp/tour.mp4',
    'javascript:alert(1)//.mp4',
    'data:video/mp4;base64,AAAA.mp4',
    'https://user:pw@cdn.vitrine.be/tour.mp4',
  ])('%s is not a file', (input) => {
    expect(parseVideo(input)).toBeNull();
  });
});

describe('parseVideo: YouTube', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=30s`,
    `https://www.youtube.com/watch?feature=share&v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc&t=4`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}?feature=share`,
    `https://www.youtube.com/v/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://youtube-nocookie.com/embed/${ID}/`,
  ])('%s', (input) => {
    expect(parseVideo(input)).toEqual(YT);
  });

  it.each([
    ['id too short', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['id too long', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['id with bad character', 'https://youtu.be/dQw4w9WgX!Q'],
    ['no id', 'https://www.youtube.com/watch'],
    ['channel', 'https://www.youtube.com/@vitrine'],
    ['playlist', 'https://www.youtube.com/playlist?list=PL123'],
    ['home', 'https://www.youtube.com/'],
    ['file on youtube host', 'https://www.youtube.com/video.mp4'],
    ['look-alike host', `https://notyoutube.com/watch?v=${ID}`],
    ['youtube as subdomain of evil', `https://youtube.com.evil.net/watch?v=${ID}`],
    ['youtube in path', `https://evil.net/youtube.com/watch?v=${ID}`],
    ['credentials trick', `https://youtube.com@evil.net/watch?v=${ID}`],
  ])('%s → null', (_label, input) => {
    expect(parseVideo(input)).toBeNull();
  });
});

describe('parseVideo: Vimeo', () => {
  it.each([
    ['https://vimeo.com/76979871', '76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871/', '76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', '76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?autoplay=1', '76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/a1b2c3d4e5', '76979871', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5'],
    ['https://player.vimeo.com/video/76979871?h=a1b2c3d4e5', '76979871', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5'],
    ['https://player.vimeo.com/video/76979871?h=<script>', '76979871', 'https://player.vimeo.com/video/76979871'],
  ])('%s', (input, id, embedUrl) => {
    expect(parseVideo(input)).toEqual({ kind: 'vimeo', id, embedUrl });
  });

  it.each(['https://vimeo.com/', 'https://vimeo.com/vitrine', 'https://vimeo.com/showcase/123456', 'https://vimeo.com.evil.net/76979871', 'https://notvimeo.com/76979871'])('%s → null', (input) => {
    expect(parseVideo(input)).toBeNull();
  });
});

describe('parseVideo: Facebook', () => {
  const plugin = (href: string): string => `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(href)}`;

  it.each([
    ['https://www.facebook.com/vitrine/videos/1234567890/', '1234567890'],
    ['https://www.facebook.com/vitrine/videos/open-huis-namen/1234567890/', '1234567890'],
    ['https://m.facebook.com/vitrine/videos/1234567890', '1234567890'],
    ['https://facebook.com/watch/?v=1234567890', '1234567890'],
    ['https://www.facebook.com/watch?v=1234567890', '1234567890'],
    ['https://www.facebook.com/video.php?v=1234567890', '1234567890'],
    ['https://www.facebook.com/reel/1234567890', '1234567890'],
  ])('%s', (input, id) => {
    expect(parseVideo(input)).toEqual({ kind: 'facebook', id, embedUrl: plugin(input) });
  });

  it.each(['https://fb.watch/abcDEF123/', 'https://www.facebook.com/vitrine/videos/vb.123/'])('%s (no numeric id)', (input) => {
    expect(parseVideo(input)).toEqual({ kind: 'facebook', embedUrl: plugin(input) });
  });

  it('keeps the href encoded inside the plugin URL', () => {
    const input = 'https://www.facebook.com/vitrine/videos/1234567890/?ref=a&b=c';
    expect(new URL(parseVideo(input)?.embedUrl ?? '').searchParams.get('href')).toBe(input);
  });

  it.each([
    'https://www.facebook.com/vitrine',
    'https://www.facebook.com/vitrine/videos/',
    'https://www.facebook.com/watch/?v=abc',
    'https://www.facebook.com/reel/abc',
    'https://fb.watch/',
    'https://facebook.com.evil.net/vitrine/videos/123/',
    'https://evilfacebook.com/vitrine/videos/123/',
  ])('%s → null', (input) => {
    expect(parseVideo(input)).toBeNull();
  });
});

describe('parseVideo: tours by host suffix', () => {
  it.each([
    ['https://my.matterport.com/show/?m=abc123', 'matterport'],
    ['https://matterport.com/show/?m=abc123', 'matterport'],
    ['https://MY.MATTERPORT.COM./show/?m=abc', 'matterport'],
    ['http://my.matterport.com/show/?m=abc123', 'matterport'],
    ['https://www.tvl.be/tour/123', 'tvl'],
    ['https://tvl.be/tour/123', 'tvl'],
    ['https://app.yisual.com/v/abc', 'yisual'],
    ['https://yisual.com/v/abc', 'yisual'],
  ])('%s → %s', (input, kind) => {
    expect(parseVideo(input)).toEqual({ kind, embedUrl: new URL(input).href });
  });

  it.each([
    'https://evilmatterport.com/show/?m=abc',
    'https://matterport.com.evil.net/show/?m=abc',
    'https://matterport.co/show/?m=abc',
    'https://evil.net/?u=https://my.matterport.com/show',
    'https://eviltvl.be/tour',
    'https://tvl.be.evil.net/tour',
    'https://notyisual.com/v/abc',
    'https://yisual.com.evil.net/v/abc',
    'https://user@my.matterport.com/show/?m=abc',
  ])('%s → null', (input) => {
    expect(parseVideo(input)).toBeNull();
  });
});

describe('parseVideo: bad input', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['NBSP', '\u00A0'],
    ['text', 'video'],
    ['emoji', '🎥'],
    ['emoji host', 'https://🎥.be/tour'],
    ['no scheme', 'www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['combining accent host', 'https://matterpo\u0301rt.com/show'],
  ])('%s → null', (_label, input) => {
    expect(parseVideo(input)).toBeNull();
  });
});
