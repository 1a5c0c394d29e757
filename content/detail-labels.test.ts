import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CODE_LISTS } from './schema.ts';
import { codeKey, FIELD_GROUPS, labelKey } from '../domain/rules/property-fields.ts';

// The demo agency's dictionaries against the code lists content accepts and the labels
// the detail page shows: an agency publishing these translations shows no raw key.
describe('every label the detail page can show is in the dictionaries', () => {
  const dictionaries = ['nl', 'fr', 'en', 'de'].map((lang) => [lang, JSON.parse(readFileSync(`content/demo/translations/${lang}.json`, 'utf8'))] as const);
  const keys = new Set<string>(['YES', 'NO', 'GROUND_FLOOR', 'EPC_UNIT', 'EPC_TOTAL_UNIT', 'CO2_UNIT', 'FACADES_OPEN', 'FACADES_HALF_OPEN', 'FACADES_CLOSED']);
  for (const group of FIELD_GROUPS) {
    keys.add(group.titleKey);
    for (const spec of group.fields) {
      keys.add(labelKey(spec.field));
      if (spec.codes) for (const code of CODE_LISTS[spec.codes as keyof typeof CODE_LISTS] ?? []) keys.add(codeKey(spec.codes, code));
    }
  }
  it.each(dictionaries)('%s', (_, dict) => {
    expect([...keys].filter((key) => typeof dict[key] !== 'string' || dict[key] === '')).toEqual([]);
  });
});
