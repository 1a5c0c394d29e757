/**
 * Reading a content folder (node only; used by scripts and tests, never by the worker).
 *
 *   content/<agency>/site.json, menu.json, articles.json, article-categories.json, team.json,
 *   categories.json, properties.json, projects.json, path-table.json, translations/<lang>.json,
 *   and transit.json and land.json when npm run transit:build and facts:build have made them
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_FILES, validateContent, type ContentPart, type ContentProblem, type ValidationResult } from './schema.ts';

/** Parts a folder may leave out: without a timetable build, listings show no travel times; without a facts build, no facts of the land. */
const OPTIONAL_FILES = new Set<string>([CONTENT_FILES.transit, CONTENT_FILES.land]);

async function readJson(dir: string, file: string, problems: ContentProblem[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(dir, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && OPTIONAL_FILES.has(file)) return undefined;
    problems.push({ file, path: '', reason: code === 'ENOENT' ? 'missing file' : `unreadable (${code ?? String(error)})` });
    return undefined;
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    problems.push({ file, path: '', reason: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

/**
 * Reads the JSON files of a content folder into the raw shape validateContent expects.
 * Missing, unreadable and malformed files are reported as problems (and left out of raw).
 */
export async function loadContentSource(dir: string): Promise<{ raw: Record<string, unknown>; problems: ContentProblem[] }> {
  const problems: ContentProblem[] = [];
  const raw: Record<string, unknown> = {};
  const parts = Object.entries(CONTENT_FILES).filter(([part]) => part !== 'translations') as [ContentPart, string][];
  await Promise.all(
    parts.map(async ([part, file]) => {
      const value = await readJson(dir, file, problems);
      if (value !== undefined) raw[part] = value;
    }),
  );

  let names: string[] = [];
  try {
    names = (await readdir(join(dir, 'translations'))).filter((name) => name.endsWith('.json')).sort();
  } catch {
    problems.push({ file: CONTENT_FILES.translations, path: '', reason: 'missing folder' });
  }
  if (names.length > 0 || problems.every((p) => p.file !== CONTENT_FILES.translations)) {
    // Read at once, kept in name order: the same folder always makes the same version.
    const values = await Promise.all(names.map((name) => readJson(dir, `translations/${name}`, problems)));
    const translations: Record<string, unknown> = {};
    names.forEach((name, i) => {
      if (values[i] !== undefined) translations[name.slice(0, -'.json'.length)] = values[i];
    });
    raw.translations = translations;
  }
  problems.sort((a, b) => a.file.localeCompare(b.file));
  return { raw, problems };
}

/**
 * Loads and validates a content folder. Problems of reading come first; a part that could
 * not be read is reported once (as a reading problem), not again as missing.
 */
export async function loadContent(dir: string): Promise<ValidationResult> {
  const { raw, problems } = await loadContentSource(dir);
  const result = validateContent(raw);
  if (problems.length === 0) return result;
  const unreadable = new Set(problems.map((p) => p.file));
  const rest = result.ok ? [] : result.problems.filter((p) => !(unreadable.has(p.file) && p.path === ''));
  return { ok: false, problems: [...problems, ...rest] };
}
