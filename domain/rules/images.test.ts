import { describe, it, expect } from 'vitest';
import { deliveredSize, deliveredWidth, imageUrl, placeholderUrl, mobileUrl, srcSet, type ImageOptions } from './images.ts';

describe('deliveredSize', () => {
  it.each([
    [600, undefined, { width: 600, height: null }],
    [285, 198, { width: 400, height: 276 }],
    [1050, 700, { width: 1360, height: 911 }],
    [100, 1000, { width: 100, height: 400 }],
    [100, 1, { width: 100, height: 25 }],
    [600, -5, { width: 600, height: null }],
    [0, 100, null],
  ])('width %s, height %s → %j', (width, height, expected) => {
    expect(deliveredSize(width, height)).toEqual(expected);
  });
});

describe('deliveredWidth', () => {
  it.each([
    [1, 100],
    [0.5, 100],
    [100, 100],
    [100.5, 400],
    [101, 400],
    [250, 400],
    [500, 400],
    [501, 600],
    [750, 600],
    [751, 1360],
    [1050, 1360],
    [1360, 1360],
    [4000, 1360],
    [0, null],
    [-0, null],
    [-100, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    ['500', null],
    [null, null],
    [undefined, null],
  ])('deliveredWidth(%j) → %s', (source, expected) => {
    expect(deliveredWidth(source)).toBe(expected);
  });
});

describe('imageUrl', () => {
  it.each<[string, string | null | undefined, ImageOptions | undefined, string]>([
    ['relative, no options', '/media/abc.jpg', undefined, '/media/abc.jpg'],
    ['relative with width', '/media/abc.jpg', { width: 400 }, '/media/abc.jpg?width=400'],
    ['all three, fixed order', '/media/abc.jpg', { format: 'webp', height: 250, width: 400 }, '/media/abc.jpg?width=400&height=250&format=webp'],
    ['absolute', 'https://img.vitrine.be/a.jpg', { width: 600 }, 'https://img.vitrine.be/a.jpg?width=600'],
    ['path without slash', 'media/abc.jpg', { width: 100 }, 'media/abc.jpg?width=100'],
    ['protocol-relative', '//img.vitrine.be/a.jpg', { width: 100 }, '//img.vitrine.be/a.jpg?width=100'],
    ['existing query kept byte for byte', '/a.jpg?sig=a%2Bb%20c&x=1', { width: 400 }, '/a.jpg?sig=a%2Bb%20c&x=1&width=400'],
    ['existing width replaced', '/a.jpg?width=100&x=1', { width: 400 }, '/a.jpg?x=1&width=400'],
    ['encoded existing width replaced', '/a.jpg?%77idth=100', { width: 400 }, '/a.jpg?width=400'],
    ['existing width kept when not set', '/a.jpg?width=100', { format: 'avif' }, '/a.jpg?width=100&format=avif'],
    ['malformed existing pair kept', '/a.jpg?%E0=1', { width: 400 }, '/a.jpg?%E0=1&width=400'],
    ['trailing question mark', '/a.jpg?', { width: 400 }, '/a.jpg?width=400'],
    ['empty pairs dropped', '/a.jpg?&&x=1&', { width: 400 }, '/a.jpg?x=1&width=400'],
    ['hash stays last', '/a.jpg?x=1#frag', { width: 400 }, '/a.jpg?x=1&width=400#frag'],
    ['hash without query', '/a.jpg#frag', { width: 400 }, '/a.jpg?width=400#frag'],
    ['unicode path untouched', '/média/café 🏠.jpg', { width: 400 }, '/média/café 🏠.jpg?width=400'],
    ['surrounding whitespace trimmed', '  /a.jpg\u00A0', { width: 400 }, '/a.jpg?width=400'],
    ['width 0 ignored', '/a.jpg', { width: 0 }, '/a.jpg'],
    ['negative width ignored', '/a.jpg', { width: -400 }, '/a.jpg'],
    ['fractional width ignored', '/a.jpg', { width: 400.5 }, '/a.jpg'],
    ['NaN height ignored', '/a.jpg', { height: Number.NaN }, '/a.jpg'],
    ['null options ignored', '/a.jpg', { width: null, height: null, format: null }, '/a.jpg'],
    ['data URL unchanged', 'data:image/png;base64,AAAA', { width: 400 }, 'data:image/png;base64,AAAA'],
    ['blob URL unchanged', 'blob:https://vitrine.be/1234', { width: 400 }, 'blob:https://vitrine.be/1234'],
    ['empty', '', { width: 400 }, ''],
    ['blank', '   ', { width: 400 }, ''],
    ['null', null, { width: 400 }, ''],
    ['undefined', undefined, { width: 400 }, ''],
  ])('%s', (_label, src, options, expected) => {
    expect(imageUrl(src, options)).toBe(expected);
  });

  it('ignores an unknown format at runtime', () => {
    const options: Record<string, unknown> = { format: 'gif' };
    expect(imageUrl('/a.jpg', options)).toBe('/a.jpg');
  });
});

describe('placeholderUrl', () => {
  it.each([
    ['/media/a.jpg', '/media/a.jpg?width=100&format=webp'],
    ['/media/a.jpg?format=jpeg&width=1360', '/media/a.jpg?width=100&format=webp'],
    ['https://img.vitrine.be/a.jpg?v=2', 'https://img.vitrine.be/a.jpg?v=2&width=100&format=webp'],
    ['', ''],
    [null, ''],
  ])('placeholderUrl(%j) → %j', (src, expected) => {
    expect(placeholderUrl(src)).toBe(expected);
  });
});

describe('mobileUrl', () => {
  it.each<[string | null | undefined, Omit<ImageOptions, 'height'> | undefined, string]>([
    ['/media/a.jpg', undefined, '/media/a.jpg?scale=1'],
    ['/media/a.jpg', { width: 400 }, '/media/a.jpg?width=400&scale=1'],
    ['/media/a.jpg', { width: 400, format: 'webp' }, '/media/a.jpg?width=400&format=webp&scale=1'],
    ['/media/a.jpg?height=250', { width: 400 }, '/media/a.jpg?width=400&scale=1'],
    ['/media/a.jpg?scale=2', undefined, '/media/a.jpg?scale=1'],
    ['/media/a.jpg#x', undefined, '/media/a.jpg?scale=1#x'],
    ['data:image/png;base64,AAAA', undefined, 'data:image/png;base64,AAAA'],
    ['', undefined, ''],
    [null, undefined, ''],
  ])('mobileUrl(%j, %j) → %j', (src, options, expected) => {
    expect(mobileUrl(src, options)).toBe(expected);
  });
});

describe('srcSet', () => {
  it.each<[string | null | undefined, number[], ImageOptions['format'], string]>([
    ['/a.jpg', [400], undefined, '/a.jpg?width=400 400w'],
    ['/a.jpg', [1050, 100, 500], undefined, '/a.jpg?width=100 100w, /a.jpg?width=400 400w, /a.jpg?width=1360 1360w'],
    ['/a.jpg', [300, 450, 500], undefined, '/a.jpg?width=400 400w'],
    ['/a.jpg', [750, 751], 'webp', '/a.jpg?width=600&format=webp 600w, /a.jpg?width=1360&format=webp 1360w'],
    ['/my photo.jpg', [100], undefined, '/my%20photo.jpg?width=100 100w'],
    ['/a.jpg', [0, -1, Number.NaN], undefined, ''],
    ['/a.jpg', [], undefined, ''],
    ['', [400], undefined, ''],
    [null, [400], undefined, ''],
    ['data:image/png;base64,AAAA', [400], undefined, ''],
  ])('srcSet(%j, %j, %s) → %j', (src, widths, format, expected) => {
    expect(srcSet(src, widths, { format })).toBe(expected);
  });
});
