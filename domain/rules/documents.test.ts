import { describe, expect, it } from 'vitest';
import { documentFormat, documentKey, fileSize } from './documents.ts';

describe('documentKey', () => {
  it.each([
    ['/media/demo/2074/plans.pdf', 'demo/2074/plans.pdf'],
    ['/media/projects/9001/brochure.pdf', 'projects/9001/brochure.pdf'],
    ['/media/demo/2074/photo.jpg', null],
    ['/media/uploads/cv/abc.pdf', null],
    ['/media/demo/../uploads/cv.pdf', null],
    ['https://crm.example/plans.pdf', null],
    [null, null],
  ])('%s → %s', (url, key) => {
    expect(documentKey(url)).toBe(key);
  });
});

describe('documentFormat', () => {
  it.each([
    ['/media/demo/2074/plans.pdf', 'PDF'],
    ['/media/demo/x', ''],
  ])('%s → %s', (url, format) => {
    expect(documentFormat(url)).toBe(format);
  });
});

describe('fileSize', () => {
  it.each([
    [1_234_567, 'fr', /^1,2\s?Mo$/],
    [1_234_567, 'nl', /^1,2\s?MB$/],
    [1_234_567, 'en', /^1.2\s?MB$/],
    [850_000, 'de', /^850\s?kB$/],
    [120, 'en', /^1\s?kB$/],
  ] as const)('%i bytes in %s', (bytes, lang, shown) => {
    expect(fileSize(bytes, lang)).toMatch(shown);
  });
});
