import { describe, expect, it } from 'vitest';
import { coldListUrls, shuffled } from './cold-urls.ts';

describe('cold list URLs for the bench', () => {
  const urls = coldListUrls(['/fr/a-vendre/', '/nl/te-koop/'], [undefined, '1', '2']);

  it('are distinct, cover every combination with max above min, and carry no default', () => {
    // 5 × 5 price pairs minus the 10 with max ≤ min = 15; × 5 sorts × 3 types × 2 languages.
    expect(urls).toHaveLength(15 * 5 * 3 * 2);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain('/fr/a-vendre/');
    expect(urls.some((u) => u.includes('sort=date-desc'))).toBe(false);
    expect(urls).toContain('/nl/te-koop/?max=300000&min=100000&sort=price-asc&type=2');
  });

  it('come in the same shuffled order on every run', () => {
    expect(coldListUrls(['/fr/a-vendre/', '/nl/te-koop/'], [undefined, '1', '2'])).toEqual(urls);
    expect(shuffled([1, 2, 3, 4, 5, 6, 7, 8])).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
