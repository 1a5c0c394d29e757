import { describe, expect, it } from 'vitest';
import { internalPath, isExternalLink } from './links.ts';

describe('isExternalLink', () => {
  it.each([
    ['https://example.be/', true],
    ['http://example.be', true],
    ['//cdn.example.be/x', true],
    ['tel:+3281000000', true],
    ['mailto:info@example.be', true],
    ['/fr/a-vendre/', false],
    ['fr/a-vendre/', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (href, expected) => {
    expect(isExternalLink(href)).toBe(expected);
  });
});

describe('internalPath', () => {
  it.each([
    ['/fr/', '/fr/'],
    ['fr/a-louer/', '/fr/a-louer/'],
    ['https://x.be', null],
    ['', null],
  ])('%s → %s', (href, expected) => {
    expect(internalPath(href)).toBe(expected);
  });
});
