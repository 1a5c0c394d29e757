import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CODE_LISTS, codeLabelKey } from '../schema/codes.ts';
import { crmWords, LAND_WORD_KEYS, landWords } from '../../domain/rules/land-words.ts';

describe('what the agency’s file says, in the visitor’s words', () => {
  it.each([
    ['flood', 'none', { key: 'FLOOD_NONE' }],
    ['flood', 'very-low', { key: 'FLOOD_VERY_LOW' }],
    ['zoning', 'residential-rural', { key: 'ZONING_RESIDENTIAL_RURAL' }],
    ['p-score', 'B', { text: 'B' }],
  ] as const)('%s %s', (topic, crm, expected) => {
    expect(crmWords({ topic, crm })).toEqual(expected);
  });

  it('a CRM code always has its label among the site’s code lists (never shown as the code itself)', () => {
    for (const code of CODE_LISTS.FLOOD) expect(crmWords({ topic: 'flood', crm: code })).toEqual({ key: codeLabelKey('FLOOD', code) });
    for (const code of CODE_LISTS.ZONING) expect(crmWords({ topic: 'zoning', crm: code })).toEqual({ key: codeLabelKey('ZONING', code) });
    expect(crmWords({ topic: 'flood' })).toBeNull();
  });

  it('every class a layer can give has its words', () => {
    for (const cls of ['none', 'very-low', 'low', 'medium', 'high']) expect(landWords({ topic: 'flood', cls })).not.toBeNull();
    expect(landWords({ topic: 'zoning', cls: 'other', name: "Zone d'extraction" })).toEqual({ label: { text: "Zone d'extraction" }, meaning: 'LAND_ZONING_OTHER_MEANS' });
    expect(landWords({ topic: 'noise-road', cls: '70-74' })?.meaning).toBe('LAND_NOISE_VERY_LOUD_MEANS');
  });
});

describe('the section’s words are in every dictionary', () => {
  it.each(['demo', 'agence-b'].flatMap((agency) => ['fr', 'nl', 'en', 'de'].map((lang) => [agency, lang] as const)))('%s %s', (agency, lang) => {
    const dict = JSON.parse(readFileSync(`content/${agency}/translations/${lang}.json`, 'utf8')) as Record<string, string>;
    const keys = [...LAND_WORD_KEYS, ...CODE_LISTS.FLOOD.map((c) => codeLabelKey('FLOOD', c)), ...CODE_LISTS.ZONING.map((c) => codeLabelKey('ZONING', c))];
    expect(keys.filter((key) => !dict[key])).toEqual([]);
  });
});
