import { describe, expect, it } from 'vitest';
import type { PathTarget, RoutingBundle } from '../../domain/bundles.ts';
import { disallowedPaths, robotsTxt } from './robots.ts';

function target(kind: PathTarget['kind'], original: string): PathTarget {
  return { kind, lang: 'fr', ref: '', original, twins: {}, breadcrumb: [] };
}

const routing: RoutingBundle = {
  languages: ['fr', 'nl'],
  defaultLang: 'fr',
  paths: {
    '/fr/': target('home', '/'),
    '/fr/merci/contact-me/': target('thanks', '/feedback/contact-me/'),
    '/fr/merci/site-contact/': target('thanks', '/feedback/site-contact/'),
    '/nl/bedankt/contact-me/': target('thanks', '/feedback/contact-me/'),
    '/fr/contact/': target('contact', '/contact/'),
    '/fr/contact/merci/': target('thanks', '/contact/thanks/'),
    '/fr/login/': target('login', '/login/'),
  },
  originals: { '/feedback/contact-me/': { fr: '/fr/merci/contact-me/', nl: '/nl/bedankt/contact-me/' }, '/contact/': { fr: '/fr/contact/' } },
  listSegments: { sale: {}, rent: {} },
  projectSegments: {},
  fingerprints: { layout: {}, pages: {}, projects: {}, listing: {}, property: {}, card: {}, project: {}, daily: [], goneOn: {}, ruleDays: [] },
};

describe('disallowedPaths', () => {
  it('covers thank-you folders, but only the page itself when its folder is a real page', () => {
    expect(disallowedPaths(routing)).toEqual(['/contact/thanks/', '/feedback/', '/fr/contact/merci/', '/fr/merci/', '/nl/bedankt/']);
  });

  it('leaves the login to its own rules', () => {
    expect(disallowedPaths(routing).some((p) => p.includes('login'))).toBe(false);
  });
});

describe('robotsTxt', () => {
  it('is one group for every agent: the login page allowed, the owner pages below it not, then the sitemap', () => {
    expect(robotsTxt(routing, 'https://x.test')).toBe(
      [
        'User-agent: *',
        'Allow: /fr/login/$',
        'Disallow: /contact/thanks/',
        'Disallow: /feedback/',
        'Disallow: /fr/contact/merci/',
        'Disallow: /fr/login/',
        'Disallow: /fr/merci/',
        'Disallow: /nl/bedankt/',
        '',
        'Sitemap: https://x.test/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
