import { describe, expect, it } from 'vitest';
import { LIST_KINDS, PAGE_KINDS, listGoalOf, listKindOf, pageKind, type PageKind } from './page-kinds.ts';

describe('every kind of page says what crawlers, the sitemap and the warmer do with it', () => {
  const cases: [PageKind, { indexed: boolean; listed: boolean; private: boolean }][] = [
    ['home', { indexed: true, listed: true, private: false }],
    ['module', { indexed: true, listed: true, private: false }],
    // The owners' login: its noindex must be read, so crawlers may fetch it; it is in no sitemap.
    ['login', { indexed: false, listed: false, private: false }],
    // A thank-you page means nothing without the visitor's own submission.
    ['thanks', { indexed: false, listed: false, private: true }],
    ['redirect', { indexed: true, listed: false, private: false }],
  ];
  it.each(cases)('%s', (kind, facts) => {
    const { indexed, listed, private: hidden } = pageKind(kind);
    expect({ indexed, listed, private: hidden }).toEqual(facts);
  });

  it('a private page is never listed nor indexed', () => {
    for (const kind of Object.keys(PAGE_KINDS) as PageKind[]) {
      if (pageKind(kind).private) expect([kind, pageKind(kind).listed, pageKind(kind).indexed]).toEqual([kind, false, false]);
    }
  });

  it('each list shows one kind of listing, and each kind of listing has its list', () => {
    expect(LIST_KINDS.map(listGoalOf)).toEqual(['sale', 'rent', 'abroad']);
    for (const kind of LIST_KINDS) expect(listKindOf(listGoalOf(kind))).toBe(kind);
    for (const kind of LIST_KINDS) expect(pageKind(kind).warmed).toBe('list');
  });
});
