import { describe, expect, it } from 'vitest';
import { ogLocale, socialImage } from './meta.ts';

describe('socialImage', () => {
  it.each([
    [
      'a large photo is resized to the delivered card width',
      { url: '/media/demo/1/1.jpg', width: 2400, height: 1600 },
      { url: 'https://x.test/media/demo/1/1.jpg?width=1200&format=jpeg', width: 1360, height: 907 },
    ],
    [
      'a smaller photo keeps its size (the resizer only scales down)',
      { url: '/media/demo/1/1.jpg', width: 1050, height: 700 },
      { url: 'https://x.test/media/demo/1/1.jpg?width=1200&format=jpeg', width: 1050, height: 700 },
    ],
    ['an image without size says none', { url: '/media/site/banner.jpg' }, { url: 'https://x.test/media/site/banner.jpg?width=1200&format=jpeg', width: null, height: null }],
    [
      'an absolute URL stays on its host',
      { url: 'https://cdn.example/p.jpg?sig=1', width: 800, height: 600 },
      { url: 'https://cdn.example/p.jpg?sig=1&width=1200&format=jpeg', width: 800, height: 600 },
    ],
  ])('%s', (_, source, expected) => {
    expect(socialImage('https://x.test', source, 'alt text')).toEqual({ ...expected, alt: 'alt text' });
  });

  it('is null for an empty URL', () => {
    expect(socialImage('https://x.test', { url: ' ' }, 'alt')).toBeNull();
  });
});

describe('ogLocale', () => {
  it.each([
    ['nl', 'nl_BE'],
    ['fr', 'fr_BE'],
    ['en', 'en_GB'],
    ['de', 'de_BE'],
  ] as const)('%s → %s', (lang, locale) => {
    expect(ogLocale(lang)).toBe(locale);
  });
});
