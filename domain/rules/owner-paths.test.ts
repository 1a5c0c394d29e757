import { describe, expect, it } from 'vitest';
import { loginPathOf, ownerPath, parseOwnerPath } from './owner-paths.ts';

describe('owner paths', () => {
  it.each([
    ['/fr/login/', 'fr', 'portal', null, '/fr/login/portail/'],
    ['/fr/login/', 'fr', 'portal', 2046, '/fr/login/portail/2046/'],
    ['/nl/login/', 'nl', 'forgot', null, '/nl/login/wachtwoord-vergeten/'],
    ['/en/login/', 'en', 'reset', null, '/en/login/new-password/'],
    ['/en/login/', 'en', 'logout', 12, '/en/login/logout/'],
  ] as const)('%s %s %s %s → %s', (login, lang, section, id, path) => {
    expect(ownerPath(login, lang, section, id)).toBe(path);
  });

  it.each([
    ['/fr/login/portail/', 'fr', { loginPath: '/fr/login/', section: 'portal', propertyId: null }],
    ['/fr/login/portail/2046/', 'fr', { loginPath: '/fr/login/', section: 'portal', propertyId: 2046 }],
    ['/nl/eigenaars/login/portaal/', 'nl', { loginPath: '/nl/eigenaars/login/', section: 'portal', propertyId: null }],
    ['/en/login/forgot-password/', 'en', { loginPath: '/en/login/', section: 'forgot', propertyId: null }],
    ['/en/login/logout/', 'en', { loginPath: '/en/login/', section: 'logout', propertyId: null }],
  ] as const)('reads %s', (path, lang, expected) => {
    expect(parseOwnerPath(path, lang)).toEqual({ ...expected, lang });
  });

  it.each([
    ['/fr/login/', 'fr'],
    ['/fr/portail/', 'fr'],
    ['/fr/login/portal/', 'fr'],
    ['/nl/login/portail/', 'nl'],
    ['/fr/login/portail', 'fr'],
    ['/fr/login/mot-de-passe-oublie/12/', 'fr'],
    ['/fr/login/portail/0/', 'fr'],
    ['/fr/a-vendre/namur/maison/2046/', 'fr'],
  ] as const)('is not an owner page: %s', (path, lang) => {
    expect(parseOwnerPath(path, lang)).toBeNull();
  });

  it('finds the login path of any page of the flow', () => {
    expect(loginPathOf('/fr/login/portail/2046/', 'fr')).toBe('/fr/login/');
    expect(loginPathOf('/fr/login/', 'fr')).toBe('/fr/login/');
  });
});
