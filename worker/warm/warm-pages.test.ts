import { describe, expect, it } from 'vitest';
import type { CardView, PageFingerprints, PathTarget, RoutingBundle } from '../../domain/bundles.ts';
import { pagesToWarm, WARM_LIMIT } from './warm-pages.ts';

function target(kind: PathTarget['kind'], lang: 'fr' | 'nl'): PathTarget {
  return { kind, lang, ref: kind, original: `/${kind}/`, twins: {}, breadcrumb: [] };
}

function routing(fingerprints: Partial<PageFingerprints>): RoutingBundle {
  return {
    languages: ['fr', 'nl'],
    defaultLang: 'fr',
    paths: {
      '/fr/': target('home', 'fr'),
      '/fr/a-vendre/': target('list-sale', 'fr'),
      '/fr/a-louer/': target('list-rent', 'fr'),
      '/fr/etranger/': target('list-abroad', 'fr'),
      '/fr/contact/': target('contact', 'fr'),
      '/nl/': target('home', 'nl'),
      '/nl/te-koop/': target('list-sale', 'nl'),
      '/nl/te-huur/': target('list-rent', 'nl'),
      '/nl/contact/': target('contact', 'nl'),
      '/fr/merci/': target('thanks', 'fr'),
    },
    originals: {},
    listSegments: { sale: {}, rent: {} },
    projectSegments: {},
    fingerprints: { layout: { fr: 'L', nl: 'L' }, pages: { fr: 'P', nl: 'P' }, projects: {}, listing: {}, property: {}, card: {}, project: {}, daily: [], goneOn: {}, ruleDays: [], ...fingerprints },
  };
}

function card(id: number, lang: 'fr' | 'nl', goal: number, countryId = 10): CardView {
  return { id, goal, countryId, path: `/${lang}/p/${id}/` } as CardView;
}

const listings = { fr: [card(1, 'fr', 0), card(2, 'fr', 1), card(3, 'fr', 0, 11)], nl: [card(1, 'nl', 0), card(2, 'nl', 1), card(3, 'nl', 0, 11)] };
const before = routing({ property: { '1': 'a', '2': 'b', '3': 'c' } });

describe('pagesToWarm', () => {
  it.each([
    ['nothing changed', routing({ property: { '1': 'a', '2': 'b', '3': 'c' } }), []],
    ['a sale price: the homes, the sale lists, its pages', routing({ property: { '1': 'A', '2': 'b', '3': 'c' } }), ['/fr/', '/nl/', '/fr/a-vendre/', '/nl/te-koop/', '/fr/p/1/', '/nl/p/1/']],
    ['a rental', routing({ property: { '1': 'a', '2': 'B', '3': 'c' } }), ['/fr/', '/nl/', '/fr/a-louer/', '/nl/te-huur/', '/fr/p/2/', '/nl/p/2/']],
    ['a listing abroad', routing({ property: { '1': 'a', '2': 'b', '3': 'C' } }), ['/fr/', '/nl/', '/fr/etranger/', '/fr/p/3/', '/nl/p/3/']],
    ['a new listing', routing({ property: { '1': 'a', '2': 'b', '3': 'c', '4': 'd' } }), ['/fr/', '/nl/', '/fr/a-vendre/', '/nl/te-koop/', '/fr/p/4/', '/nl/p/4/']],
    [
      'new French words: French home, lists and menu pages only',
      routing({ layout: { fr: 'L2', nl: 'L' }, property: { '1': 'a', '2': 'b', '3': 'c' } }),
      ['/fr/', '/fr/a-vendre/', '/fr/a-louer/', '/fr/etranger/', '/fr/contact/'],
    ],
    ['a Dutch article: the Dutch home and menu pages', routing({ pages: { fr: 'P', nl: 'P2' }, property: { '1': 'a', '2': 'b', '3': 'c' } }), ['/nl/', '/nl/contact/']],
  ])('%s', (_name, after, expected) => {
    const withNew = { fr: [...listings.fr, card(4, 'fr', 0)], nl: [...listings.nl, card(4, 'nl', 0)] };
    expect(pagesToWarm(before, after, withNew)).toEqual(expected);
  });

  it('the first publish warms every home and list, and never more than the limit', () => {
    const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [String(i), 'x']));
    const cards = { fr: Array.from({ length: 400 }, (_, i) => card(i, 'fr', 0)), nl: [] };
    const pages = pagesToWarm(null, routing({ property: many }), cards);
    expect(pages.slice(0, 6)).toEqual(['/fr/', '/nl/', '/fr/a-vendre/', '/fr/a-louer/', '/fr/etranger/', '/nl/te-koop/']);
    expect(pages).toHaveLength(WARM_LIMIT);
  });
});
