import { describe, expect, it } from 'vitest';
import type { Lang } from '../lang.ts';
import { createTranslator } from './translator.ts';

const dicts: Record<Lang, Record<string, string>> = {
  fr: { BEDROOM_COUNT_one: '{{count}} chambre', BEDROOM_COUNT_other: '{{count}} chambres', PLAIN: 'Chambres' },
  nl: { BEDROOM_COUNT_one: '{{count}} slaapkamer', BEDROOM_COUNT_other: '{{count}} slaapkamers', PLAIN: 'Slaapkamers' },
  en: { BEDROOM_COUNT_one: '{{count}} bedroom', BEDROOM_COUNT_other: '{{count}} bedrooms', PLAIN: 'Bedrooms' },
  de: { BEDROOM_COUNT_one: '{{count}} Schlafzimmer', BEDROOM_COUNT_other: '{{count}} Schlafzimmer', PLAIN: 'Schlafzimmer' },
};

describe('counts follow each language’s plural rules', () => {
  it.each([
    ['fr', 0, '0 chambre'],
    ['fr', 1, '1 chambre'],
    ['fr', 2, '2 chambres'],
    ['nl', 0, '0 slaapkamers'],
    ['nl', 1, '1 slaapkamer'],
    ['nl', 3, '3 slaapkamers'],
    ['en', 1, '1 bedroom'],
    ['en', 5, '5 bedrooms'],
    ['de', 1, '1 Schlafzimmer'],
  ] as const)('%s, %i → %s', (lang, count, expected) => {
    expect(createTranslator(lang, dicts[lang]).t('BEDROOM_COUNT', { count })).toBe(expected);
  });

  it('a key without plural forms is used as it is, count or not', () => {
    expect(createTranslator('fr', dicts.fr).t('PLAIN', { count: 2 })).toBe('Chambres');
  });

  it('a count given as text does not pick a form', () => {
    expect(createTranslator('fr', { X: 'x', X_one: 'one', X_other: 'other' }).t('X', { count: '1' })).toBe('x');
  });

  it('only _other present: used for every count', () => {
    expect(createTranslator('fr', { X_other: '{{count}} x' }).t('X', { count: 1 })).toBe('1 x');
  });

  it('a missing key shows itself', () => {
    expect(createTranslator('en', {}).t('NOT_THERE', { count: 1 })).toBe('NOT_THERE');
  });
});

describe('translators kept for their dictionary', () => {
  it('another dictionary of the same language says its own words, and one dictionary read as two languages counts by each', () => {
    const agency = { ...dicts.fr, PLAIN: 'Pièces' };
    expect(createTranslator('fr', dicts.fr).t('PLAIN')).toBe('Chambres');
    expect(createTranslator('fr', agency).t('PLAIN')).toBe('Pièces');
    // One object asked for in French, then in Dutch: French counts 0 as one, Dutch as other.
    const shared = { COUNT_one: 'one', COUNT_other: 'other' };
    expect(createTranslator('fr', shared).t('COUNT', { count: 0 })).toBe('one');
    expect(createTranslator('nl', shared).t('COUNT', { count: 0 })).toBe('other');
    expect(createTranslator('fr', shared).t('COUNT', { count: 0 })).toBe('one');
  });
});
