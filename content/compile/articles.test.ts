import { describe, expect, it } from 'vitest';
import type { RoutingBundle } from '../../domain/bundles.ts';
import type { ContentSource } from '../schema.ts';
import { addArticleAddresses, publishedCategories } from './articles.ts';
import type { Ctx } from './context.ts';

type Category = ContentSource['articleCategories'][number];
type Article = ContentSource['articles'][number];

const category = (id: number, name: string, more: Partial<Category> = {}): Category => ({
  id,
  parentId: null,
  name: { fr: name, nl: name },
  WebID: null,
  slug: {},
  sort: id,
  status: 'Published',
  ...more,
});
const article = (id: number, categoryId: number, title: string, more: Partial<Article> = {}): Article => ({
  id,
  categoryId,
  title: { fr: title, nl: title },
  summary: {},
  body: {},
  image: null,
  slug: {},
  sort: 0,
  status: 'Published',
  ...more,
});

function addresses(categories: Category[], articles: Article[], taken: RoutingBundle['paths'] = {}, shownAt: Record<number, Record<string, string>> = {}) {
  const source = { articleCategories: categories, articles, translations: { fr: { HOME: 'Accueil' }, nl: { HOME: 'Home' } } } as unknown as ContentSource;
  const ctx: Ctx = { source, langs: ['fr', 'nl'], defaultLang: 'fr' };
  const paths: RoutingBundle['paths'] = { ...taken };
  const originals: RoutingBundle['originals'] = {};
  const result = addArticleAddresses(paths, originals, source, ctx, (id) => shownAt[id]);
  return { paths, originals, result };
}

describe('article and category addresses built from their names', () => {
  it.each([
    ['accents and punctuation', 'Frais d’achat en Wallonie !', '/fr/guides/frais-d-achat-en-wallonie/'],
    ['a question', 'Qui sommes-nous ?', '/fr/guides/qui-sommes-nous/'],
    ['upper case and several spaces', 'Vendre   VOTRE bien', '/fr/guides/vendre-votre-bien/'],
    ['ligatures', 'Œuvres et cœur', '/fr/guides/oeuvres-et-coeur/'],
  ])('%s: %s → %s', (_what, title, path) => {
    const { paths } = addresses([category(1, 'Guides')], [article(10, 1, title)]);
    expect(paths[path]).toMatchObject({ kind: 'article', ref: 'article:10', lang: 'fr' });
  });

  it('nests a sub-category under its parent, the article under both, each ending in a slash', () => {
    const { paths } = addresses([category(1, 'Nos services'), category(6, 'Guides pratiques', { parentId: 1 })], [article(15, 6, 'Frais d’achat')]);
    expect(Object.keys(paths).filter((p) => p.startsWith('/fr/'))).toEqual(['/fr/nos-services/', '/fr/nos-services/guides-pratiques/', '/fr/nos-services/guides-pratiques/frais-d-achat/']);
    expect(paths['/fr/nos-services/guides-pratiques/frais-d-achat/']?.breadcrumb.map((c) => c.label)).toEqual(['Accueil', 'Nos services', 'Guides pratiques', 'Frais d’achat']);
  });

  it('takes a slug from the content instead of the name', () => {
    const { paths } = addresses([category(1, 'Nos services', { slug: { fr: 'services' } })], [article(11, 1, 'Vendre votre bien', { slug: { fr: 'vente' } })]);
    expect(paths['/fr/services/vente/']?.ref).toBe('article:11');
  });

  it('gives nothing to a draft category, its children or their articles, nor to a draft article', () => {
    const { paths } = addresses(
      [category(1, 'Interne', { status: 'Draft' }), category(2, 'Sous', { parentId: 1 }), category(3, 'Public')],
      [article(20, 2, 'Caché'), article(21, 3, 'Brouillon', { status: 'Draft' })],
    );
    expect(Object.keys(paths).filter((p) => p.startsWith('/fr/'))).toEqual(['/fr/public/']);
    expect([...publishedCategories([category(1, 'Interne', { status: 'Draft' }), category(2, 'Sous', { parentId: 1 })]).keys()]).toEqual([]);
  });

  it('leaves a menu page at a category’s address as it is: that page is the category’s', () => {
    const menu: RoutingBundle['paths'][string] = { kind: 'module', lang: 'fr', ref: '6', original: '/our-services/', twins: {}, breadcrumb: [] };
    const { paths, result } = addresses([category(1, 'Nos services')], [], { '/fr/nos-services/': menu });
    expect(paths['/fr/nos-services/']).toBe(menu);
    expect(result.categories.get(1)?.fr).toBe('/fr/nos-services/');
  });

  it('redirects for good the built address of an article a page already shows', () => {
    const { paths, result } = addresses([category(4, 'Informations légales')], [article(43, 4, 'Mentions légales')], {}, { 43: { fr: '/fr/disclaimer/', nl: '/nl/disclaimer/' } });
    expect(paths['/fr/informations-legales/mentions-legales/']).toMatchObject({ kind: 'redirect', location: '/fr/disclaimer/', permanent: true });
    expect(result.articles.get(43)?.fr).toBe('/fr/disclaimer/');
  });

  it('keeps the English original of its own pages for addresses without a language', () => {
    const source = [category(2, 'À propos', { name: { fr: 'À propos', en: 'About us' } })];
    const { originals } = addresses(source, [article(21, 2, 'Qui sommes-nous ?', { title: { fr: 'Qui sommes-nous ?', en: 'Who we are' } })]);
    expect(originals['/about-us/who-we-are/']?.fr).toBe('/fr/a-propos/qui-sommes-nous/');
  });
});
