import * as z from 'zod';
import { LANGS } from '../../domain/lang.ts';
import { FORM_NAMES, Lang } from './primitives.ts';
import { Site } from './site.ts';
import { MenuPage } from './menu.ts';
import { Article, ArticleCategory, TeamMember } from './articles.ts';
import { Category, Project, PropertyDetail, splitWebIds } from './crm.ts';
import { CODE_LISTS, type CodePrefix, codeLabelKey } from './codes.ts';
import { Translations, UrlMapEntry } from './paths.ts';
import { TransitTable } from '../transit/table.ts';
import { LandTable } from '../land/table.ts';

// ───────────────────────────── the whole source ─────────────────────────────

export const ContentSource = z.object({
  site: Site,
  menu: z.array(MenuPage),
  articles: z.array(Article),
  articleCategories: z.array(ArticleCategory),
  team: z.array(TeamMember),
  categories: z.array(Category),
  properties: z.array(PropertyDetail),
  projects: z.array(Project),
  pathTable: z.array(UrlMapEntry),
  translations: Translations,
  /** The timetable build's table (npm run transit:build); absent, listings show no travel times. */
  transit: TransitTable.optional(),
  /** The facts build's table (npm run facts:build); absent, listings show nothing of what the land says. */
  land: LandTable.optional(),
});
export type ContentSource = z.infer<typeof ContentSource>;
export type ContentPart = keyof ContentSource;

/** Source file of each part of the content, relative to the content folder. */
export const CONTENT_FILES = {
  site: 'site.json',
  menu: 'menu.json',
  articles: 'articles.json',
  articleCategories: 'article-categories.json',
  team: 'team.json',
  categories: 'categories.json',
  properties: 'properties.json',
  projects: 'projects.json',
  pathTable: 'path-table.json',
  translations: 'translations/',
  transit: 'transit.json',
  land: 'land.json',
} as const satisfies Record<ContentPart, string>;

export const ContentProblem = z.object({ file: z.string(), path: z.string(), reason: z.string() });
export type ContentProblem = z.infer<typeof ContentProblem>;

export type ValidationResult = { ok: true; content: ContentSource } | { ok: false; problems: ContentProblem[] };

export function formatProblem(problem: ContentProblem): string {
  return problem.path ? `${problem.file}: ${problem.path}: ${problem.reason}` : `${problem.file}: ${problem.reason}`;
}

/** Readable path: [12].Price, agency.geo.lat, childMenus[0].path.nl */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_$][\w$-]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/** Maps a path inside ContentSource to its file and the path inside that file. */
export function locate(path: readonly PropertyKey[]): { file: string; inner: readonly PropertyKey[] } {
  const [part, ...rest] = path;
  if (part === 'translations') {
    if (rest.length === 0) return { file: CONTENT_FILES.translations, inner: [] };
    const [lang, ...inner] = rest;
    return { file: `translations/${String(lang)}.json`, inner };
  }
  const file = (CONTENT_FILES as Record<string, string>)[String(part)] ?? String(part);
  return { file, inner: rest };
}

export function problemAt(path: readonly PropertyKey[], reason: string): ContentProblem {
  const { file, inner } = locate(path);
  return { file, path: formatPath(inner), reason };
}

export function issueReason(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union') {
    const expected = issue.errors
      .map((branch) => branch[0])
      .filter((first): first is z.core.$ZodIssueInvalidType => first?.code === 'invalid_type')
      .map((first) => first.expected);
    if (expected.length === issue.errors.length && expected.length > 0) {
      const received = /received (\w+)/.exec(issue.errors[0]?.[0]?.message ?? '')?.[1];
      return `expected ${expected.join(' | ')}${received ? `, received ${received}` : ''}`;
    }
  }
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    return `missing (expected ${issue.expected})`;
  }
  return issue.message.replace(/^Invalid input: /, '').replace(/^Invalid option: /, '');
}

export function issuesToProblems(part: string, issues: readonly z.core.$ZodIssue[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const issue of issues) {
    const base = [part, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems.push(problemAt([...base, key], 'unknown field'));
    } else if (issue.code === 'invalid_key') {
      problems.push(problemAt(base, `invalid key: ${issue.issues.map((i) => i.message).join('; ')}`));
    } else {
      problems.push(problemAt(base, issueReason(issue)));
    }
  }
  return problems;
}

// ───────────────────────────── validation ─────────────────────────────

/**
 * Validates raw content ({site, menu, …, translations: {nl, fr, …}} as read from the files):
 * each part against its schema, then the cross-references between parts (over the parts
 * that parsed). Problems name the source file and a readable path inside it.
 */
export function validateContent(raw: unknown): ValidationResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [{ file: '', path: '', reason: 'content must be an object of parts' }] };
  }
  const input = raw as Record<string, unknown>;
  const problems: ContentProblem[] = [];
  const parsed: Partial<ContentSource> = {};
  const shape = ContentSource.shape;

  for (const part of Object.keys(shape) as ContentPart[]) {
    const value = input[part];
    if (value === undefined) {
      // A part the source may go without (a timetable or facts build not made yet) is no problem.
      if (shape[part].safeParse(undefined).success) continue;
      problems.push(problemAt([part], part === 'translations' ? 'missing folder' : 'missing file'));
      continue;
    }
    const result = shape[part].safeParse(value);
    if (result.success) (parsed as Record<string, unknown>)[part] = result.data;
    else problems.push(...issuesToProblems(part, result.error.issues));
  }
  for (const key of Object.keys(input)) {
    if (!(key in shape)) problems.push({ file: key, path: '', reason: 'unknown content part' });
  }

  problems.push(...crossCheck(parsed));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, content: parsed as ContentSource };
}

export type Report = (path: readonly PropertyKey[], reason: string) => void;

export function checkUnique<T>(items: readonly T[] | undefined, part: ContentPart, key: (item: T) => unknown, field: string, report: Report) {
  if (!items) return;
  const seen = new Map<unknown, number>();
  items.forEach((item, index) => {
    const value = key(item);
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else report([part, index, field], `duplicate ${field} ${JSON.stringify(value)} (first at [${first}])`);
  });
}

export function walkMenu(pages: readonly MenuPage[], visit: (page: MenuPage, path: PropertyKey[], parent: MenuPage | null) => void) {
  const walk = (list: readonly MenuPage[], base: PropertyKey[], parent: MenuPage | null) =>
    list.forEach((page, index) => {
      const path = [...base, index];
      visit(page, path, parent);
      walk(page.childMenus, [...path, 'childMenus'], page);
    });
  walk(pages, ['menu'], null);
}

export function placeholders(text: string): string {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
}

export function crossCheck(c: Partial<ContentSource>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const report: Report = (path, reason) => problems.push(problemAt(path, reason));
  const usedLangs: Lang[] = c.site ? c.site.languageSetting.languageUse.filter((l) => l.use).map((l) => l.code) : [...LANGS];

  // unique ids
  checkUnique(c.properties, 'properties', (p) => p.ID, 'ID', report);
  checkUnique(c.properties, 'properties', (p) => p.RecordFile, 'RecordFile', report);
  checkUnique(c.projects, 'projects', (p) => p.ID, 'ID', report);
  checkUnique(c.projects, 'projects', (p) => p.ProjectNumber, 'ProjectNumber', report);
  checkUnique(c.articles, 'articles', (a) => a.id, 'id', report);
  checkUnique(c.articleCategories, 'articleCategories', (a) => a.id, 'id', report);
  checkUnique(c.team, 'team', (t) => t.id, 'id', report);
  checkUnique(c.categories, 'categories', (k) => k.ID, 'ID', report);
  checkUnique(c.categories, 'categories', (k) => k.WebID, 'WebID', report);
  checkUnique(c.pathTable, 'pathTable', (e) => e.original, 'original', report);
  c.projects?.forEach((project, p) =>
    checkUnique(
      project.Units,
      'projects',
      (u) => u.ID,
      'ID',
      (path, reason) => report(['projects', p, 'Units', ...path.slice(1)], reason),
    ),
  );

  // menu: ids, module ids, parents, localized paths
  if (c.menu) {
    const pageIds = new Map<number, string>();
    const moduleIds = new Map<number, string>();
    const fullPaths = new Map<string, string>();
    const segmentsOf = new Map<MenuPage, Partial<Record<Lang, string>>>();
    walkMenu(c.menu, (page, path, parent) => {
      const where = formatPath(path.slice(1));
      const firstPage = pageIds.get(page.id);
      if (firstPage !== undefined) report([...path, 'id'], `duplicate menu page id ${page.id} (first at ${firstPage})`);
      else pageIds.set(page.id, where);
      if ((parent?.id ?? null) !== page.parentId) {
        report([...path, 'parentId'], `expected ${parent ? parent.id : 'null'} (the enclosing page)`);
      }
      page.params.modules.forEach((module, m) => {
        const firstModule = moduleIds.get(module.id);
        if (firstModule !== undefined) report([...path, 'params', 'modules', m, 'id'], `duplicate module id ${module.id} (first at ${firstModule})`);
        else moduleIds.set(module.id, `${where}.params.modules[${m}]`);
      });
      const mine: Partial<Record<Lang, string>> = {};
      for (const lang of usedLangs) {
        const segment = page.path[lang];
        if (segment === undefined) {
          report([...path, 'path', lang], `missing path for used language ${lang}`);
          continue;
        }
        if (segment === '' && page.kind !== 'home') report([...path, 'path', lang], 'empty path is reserved for the home page');
        const parentPath = parent ? segmentsOf.get(parent)?.[lang] : '';
        if (parentPath === undefined) continue;
        const joined = [parentPath, segment].filter(Boolean).join('/');
        mine[lang] = joined;
        const full = joined ? `/${lang}/${joined}/` : `/${lang}/`;
        const other = fullPaths.get(full);
        if (other !== undefined) report([...path, 'path', lang], `duplicate localized path ${full} (also ${other})`);
        else fullPaths.set(full, `menu page ${page.id}`);
      }
      segmentsOf.set(page, mine);
    });
    c.pathTable?.forEach((entry, index) => {
      for (const lang of LANGS) {
        const full = entry[lang];
        if (full === undefined) continue;
        const other = fullPaths.get(full);
        if (other !== undefined) report(['pathTable', index, lang], `duplicate localized path ${full} (also ${other})`);
        else fullPaths.set(full, `path table entry ${entry.original}`);
      }
    });
  }

  // module relations
  if (c.menu) {
    const articleIds = c.articles ? new Set(c.articles.map((a) => a.id)) : undefined;
    const categoryIds = c.articleCategories ? new Set(c.articleCategories.map((a) => a.id)) : undefined;
    const projectIds = c.projects ? new Set(c.projects.map((p) => p.ID)) : undefined;
    const webIds = c.categories ? new Set(c.categories.map((k) => k.WebID)) : undefined;
    // A page may hold any visitor form, with or without a thank-you page.
    const forms = new Set<string>(FORM_NAMES);
    walkMenu(c.menu, (page, path) => {
      page.params.modules.forEach((module, m) => {
        const at = [...path, 'params', 'modules', m, 'relations'];
        const { type, id, filter } = module.relations;
        const expectNumberIn = (set: Set<number> | undefined, what: string) => {
          if (typeof id !== 'number') report([...at, 'id'], `expected the id of ${what}`);
          else if (set && !set.has(id)) report([...at, 'id'], `unknown ${what} ${id}`);
        };
        if (type === 'article') expectNumberIn(articleIds, 'an article');
        else if (type === 'category') expectNumberIn(categoryIds, 'an article category');
        else if (type === 'project-list' && id !== null) expectNumberIn(projectIds, 'a project');
        else if (type === 'contact' && (typeof id !== 'string' || !forms.has(id))) {
          report([...at, 'id'], `expected a form name (${FORM_NAMES.join(', ')})`);
        } else if (type === 'property-list' && id !== null) report([...at, 'id'], 'expected null');
        filter?.webIds?.forEach((webId, w) => {
          if (webIds && !webIds.has(webId)) report([...at, 'filter', 'webIds', w], `unknown category WebID "${webId}"`);
        });
      });
    });
  }

  // articles and categories
  if (c.articles && c.articleCategories) {
    const categoryIds = new Set(c.articleCategories.map((a) => a.id));
    c.articles.forEach((article, i) => {
      if (!categoryIds.has(article.categoryId)) report(['articles', i, 'categoryId'], `unknown article category ${article.categoryId}`);
    });
  }
  if (c.articleCategories) {
    const categoryIds = new Set(c.articleCategories.map((a) => a.id));
    c.articleCategories.forEach((category, i) => {
      if (category.parentId !== null && !categoryIds.has(category.parentId)) {
        report(['articleCategories', i, 'parentId'], `unknown parent category ${category.parentId}`);
      }
    });
  }

  // properties → categories, projects, marquee names
  if (c.properties) {
    const categories = c.categories ? new Map(c.categories.map((k) => [k.WebID, k])) : undefined;
    const projectIds = c.projects ? new Set(c.projects.map((p) => p.ID)) : undefined;
    const ignored = new Set(c.site?.marqueeIgnore ?? []);
    c.properties.forEach((property, i) => {
      if (categories) {
        const category = categories.get(property.WebID);
        if (!category) report(['properties', i, 'WebID'], `unknown category WebID "${property.WebID}"`);
        else if (property.Goal === 0 ? !category.Sale : !category.Rent) {
          report(['properties', i, 'Goal'], `category WebID "${property.WebID}" is not used for ${property.Goal === 0 ? 'sale' : 'rent'}`);
        }
        for (const webId of splitWebIds(property.WebIDs)) {
          if (!categories.has(webId)) report(['properties', i, 'WebIDs'], `unknown category WebID "${webId}"`);
        }
      }
      if (property.ProjectID !== null && projectIds && !projectIds.has(property.ProjectID)) {
        report(['properties', i, 'ProjectID'], `unknown project ${property.ProjectID}`);
      }
      if (ignored.has(property.Marquee)) {
        for (const lang of usedLangs) {
          if (!property.MarqueeName?.[lang]) report(['properties', i, 'MarqueeName', lang], `needed: Marquee ${property.Marquee} is in site.marqueeIgnore`);
        }
      }
    });
  }
  if (c.projects && c.properties) {
    const propertyIds = new Set(c.properties.map((p) => p.ID));
    c.projects.forEach((project, p) =>
      project.Units.forEach((unit, u) => {
        if (unit.PropertyID !== null && !propertyIds.has(unit.PropertyID)) {
          report(['projects', p, 'Units', u, 'PropertyID'], `unknown property ${unit.PropertyID}`);
        }
      }),
    );
  }

  // path table → articles, dictionaries
  if (c.pathTable) {
    const articleIds = c.articles ? new Set(c.articles.map((a) => a.id)) : undefined;
    c.pathTable.forEach((entry, i) => {
      if (entry.articleId !== undefined && articleIds && !articleIds.has(entry.articleId)) {
        report(['pathTable', i, 'articleId'], `unknown article ${entry.articleId}`);
      }
    });
  }

  // translations
  if (c.translations) {
    const dictionaries = c.translations;
    for (const lang of usedLangs) {
      const dictionary = dictionaries[lang];
      if (!dictionary || Object.keys(dictionary).length === 0) report(['translations', lang], `no dictionary for used language ${lang}`);
    }
    const defaultLang = c.site?.languageSetting.languageDefault;
    const reference = defaultLang ? dictionaries[defaultLang] : undefined;
    if (defaultLang && reference) {
      for (const lang of LANGS) {
        const dictionary = dictionaries[lang];
        if (!dictionary || lang === defaultLang || Object.keys(dictionary).length === 0) continue;
        for (const key of Object.keys(reference)) {
          if (!(key in dictionary)) report(['translations', lang, key], `missing (present in ${defaultLang}.json)`);
          else if (placeholders(dictionary[key] ?? '') !== placeholders(reference[key] ?? '')) {
            report(['translations', lang, key], `placeholders differ from ${defaultLang}.json ({{${placeholders(reference[key] ?? '') || '—'}}})`);
          }
        }
        for (const key of Object.keys(dictionary)) {
          if (!(key in reference)) report(['translations', lang, key], `not in the default language (${defaultLang}.json)`);
        }
      }
      const needed = new Set<string>();
      for (const [prefix, codes] of Object.entries(CODE_LISTS)) for (const code of codes) needed.add(codeLabelKey(prefix as CodePrefix, code));
      c.pathTable?.forEach((entry) => entry.messageKey && needed.add(entry.messageKey));
      for (const key of needed) {
        if (!(key in reference)) report(['translations', defaultLang, key], 'missing (label used by the content)');
      }
    }
  }
  return problems;
}
