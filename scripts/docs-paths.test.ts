import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every document a reader follows: the README and everything under docs/. */
function documents(dir = 'docs'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? documents(full) : entry.name.endsWith('.md') ? [full] : [];
  });
}

/** Paths a document names in code spans (`worker/…`, `docs/…`) and the targets of its relative links. */
export function namedPaths(markdown: string, from: string): string[] {
  const spans = [...markdown.matchAll(/`((?:worker|content|scripts|client|domain|test|docs|\.ci)\/[^`\s]*)`/g)]
    .map((m) => (m[1] ?? '').replace(/[.,;:]+$/, '').split('#')[0] ?? '')
    // Placeholders and patterns (`uploads/<form>/…`, `*.ts`) name no one file.
    .filter((p) => !/[<>*…{}]/.test(p));
  const links = [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((t) => !/^[a-z]+:/.test(t))
    .map((t) => path.normalize(path.join(path.dirname(from), t)));
  return [...spans, ...links];
}

describe('the documents', () => {
  it('find a path in a code span and a relative link', () => {
    expect(namedPaths('See `worker/index.ts`, `uploads/<form>/x` and [the map](map.md#top).', 'docs/a.md')).toEqual(['worker/index.ts', 'docs/map.md']);
  });

  it.each(['README.md', ...documents()])('%s names only files that exist', (file) => {
    const dead = namedPaths(readFileSync(file, 'utf8'), file).filter((p) => !existsSync(p));
    expect(dead).toEqual([]);
  });
});
