import { describe, expect, it } from 'vitest';
import { SITE_PAGE_ADDRESS, withQueryParam } from './page-address.ts';

describe('SITE_PAGE_ADDRESS', () => {
  it.each([
    ['/fr/a-vendre/', true],
    ['/fr/a-vendre/?type=1&max=300000', true],
    ['/nl/favorieten/?ids=2071%2C2041', true],
    ['/fr/favoris/?ids=2071,2041', true],
    ['https://evil.example/fr/', false],
    ['//evil.example/fr/', false],
    ['/fr/a-vendre/?x=<script>', false],
    ['/fr/#top', false],
    ['/forms/site-contact', false],
  ])('%s → %s', (address, ok) => {
    expect(SITE_PAGE_ADDRESS.test(address)).toBe(ok);
  });
});

describe('withQueryParam', () => {
  it.each([
    ['/fr/a-vendre/2071/', '/fr/a-vendre/2071/?book=1'],
    ['/fr/a-vendre/2071/?x=2', '/fr/a-vendre/2071/?x=2&book=1'],
    ['/fr/a-vendre/2071/?book=0', '/fr/a-vendre/2071/?book=1'],
  ])('%s → %s', (address, out) => {
    expect(withQueryParam(address, 'book', '1')).toBe(out);
  });
});
