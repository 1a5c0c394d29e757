import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LANGS } from '../../domain/lang.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every key the code asks the translator for, e.g. t('BACK_HOME') or t('PAGING_TITLE', …). */
function usedKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of [...sources('domain'), ...sources('client'), ...sources('worker')]) {
    // t('KEY'), labelKey: 'KEY' and titleKey: 'KEY'; in the form schemas every quoted key is a message.
    const pattern = file.endsWith(path.join('forms', 'schemas.ts')) ? /'([A-Z][A-Z0-9_]{3,})'/g : /(?:\bt\(\s*|labelKey: |titleKey: )'([A-Z][A-Z0-9_]*)'/g;
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (match[1]) keys.set(match[1], file);
    }
  }
  return keys;
}

/**
 * The plural keys of a count in one language: `KEY_one`, `KEY_other` …, the categories
 * Intl.PluralRules gives the counts a page shows (French's "many" is for millions, where
 * `KEY_other` reads right).
 */
function formsOf(lang: string, key: string): string[] {
  const rules = new Intl.PluralRules(lang);
  const categories = new Set(Array.from({ length: 1000 }, (_, n) => rules.select(n)));
  return [...categories].map((category) => `${key}_${category}`);
}

describe('every visible string is in all four dictionaries', () => {
  const keys = usedKeys();
  it('finds the keys the code uses', () => {
    expect(keys.size).toBeGreaterThan(50);
  });
  it.each(LANGS)('%s.json has every key the code uses, none empty; a count has every plural form of the language', (lang) => {
    const dict: Record<string, string> = JSON.parse(readFileSync(`content/demo/translations/${lang}.json`, 'utf8'));
    const filled = (key: string) => (dict[key]?.trim() ?? '') !== '';
    const missing = [...keys].filter(([key]) => !filled(key) && !formsOf(lang, key).every(filled)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
  it.each(LANGS)('%s.json: every key with plural forms has all the categories the language uses', (lang) => {
    const dict: Record<string, string> = JSON.parse(readFileSync(`content/demo/translations/${lang}.json`, 'utf8'));
    const bases = new Set(Object.keys(dict).flatMap((key) => /^(.+)_(zero|one|two|few|many|other)$/.exec(key)?.[1] ?? []));
    const incomplete = [...bases].filter((base) => !formsOf(lang, base).every((form) => form in dict));
    expect(bases.size).toBeGreaterThan(5);
    expect(incomplete).toEqual([]);
  });
});

describe('placeholders the code fills are the ones the dictionaries use', () => {
  const calls = new Map<string, Set<string>>();
  for (const file of [...sources('domain'), ...sources('client'), ...sources('worker')]) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([A-Z][A-Z0-9_]*)',\s*\{([^}]*)\}/g)) {
      const names = [...(match[2] ?? '').matchAll(/([A-Za-z_]\w*)\s*(?::|,|$)/g)].map((m) => m[1] ?? '');
      calls.set(match[1] ?? '', new Set(names));
    }
  }
  it('finds parameterised keys', () => {
    expect(calls.size).toBeGreaterThan(0);
  });
  it.each(LANGS)('%s.json', (lang) => {
    const dict: Record<string, string> = JSON.parse(readFileSync(`content/demo/translations/${lang}.json`, 'utf8'));
    const mismatches: string[] = [];
    for (const [key, names] of calls) {
      const texts = [dict[key] ?? '', ...formsOf(lang, key).map((form) => dict[form] ?? '')].join(' ');
      const wanted = new Set([...texts.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? ''));
      for (const name of wanted) if (!names.has(name)) mismatches.push(`${key}: {{${name}}} is never filled`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('a thank-you page does not thank twice', () => {
  it.each(LANGS)('%s: no THANKS_* message repeats the page title THANK_YOU', (lang) => {
    const dict: Record<string, string> = JSON.parse(readFileSync(`content/demo/translations/${lang}.json`, 'utf8'));
    const title = (dict.THANK_YOU ?? '').replace(/[\s!]+$/u, '').toLowerCase();
    const repeating = Object.entries(dict).filter(([key, text]) => key.startsWith('THANKS_') && text.toLowerCase().startsWith(title));
    expect(title.length).toBeGreaterThan(3);
    expect(repeating).toEqual([]);
  });

  it('fr: a no-break space before : ; ! ? and inside « », so the sign never starts a line', () => {
    const dict: Record<string, string> = JSON.parse(readFileSync('content/demo/translations/fr.json', 'utf8'));
    const loose = Object.entries(dict).filter(([, text]) => / [:;!?](\s|$|\{)|« | »/.test(text) || /[^\s\u00a0\u202f:/{}]:\s/.test(text.replace(/https?:\/\//g, '')));
    expect(loose).toEqual([]);
  });
});
