import { describe, expect, it } from 'vitest';
import { loadContent, loadContentSource } from './load.ts';
import { validateContent, type ContentProblem } from './schema.ts';
import { generateDemo } from '../scripts/generate-demo.ts';
import { REGION_LISTINGS } from '../scripts/lib/demo-regions.ts';

/** Raw content as an operator's files hold it: objects and arrays of JSON values. */
type Raw = Record<string | number, unknown>;

/** The object or array at `path` inside raw content (to read or change one of its fields); throws when there is none. */
function at(raw: Raw, ...path: (string | number)[]): Raw {
  let value: unknown = raw;
  for (const key of path) value = (value as Raw)[key];
  if (typeof value !== 'object' || value === null) throw new Error(`no object at ${path.join('.')}`);
  return value as Raw;
}

/** The list at `path`, as objects. */
function list(raw: Raw, ...path: (string | number)[]): Raw[] {
  const value = at(raw, ...path);
  if (!Array.isArray(value)) throw new Error(`no list at ${path.join('.')}`);
  return value as Raw[];
}

const { raw: demoRaw, problems: readProblems } = await loadContentSource('content/demo');
const demo = demoRaw as Raw;
const clone = (): Raw => structuredClone(demo);

function problemsOf(raw: Raw): ContentProblem[] {
  const result = validateContent(raw);
  return result.ok ? [] : result.problems;
}

/** Path of the first top-level menu module that shows an article. */
function articleModule(raw: Raw): { page: number; module: number } {
  for (const [page, item] of list(raw, 'menu').entries()) {
    const modules = (item.params as Raw | undefined)?.modules;
    const module = Array.isArray(modules) ? (modules as Raw[]).findIndex((m) => (m.relations as Raw | undefined)?.type === 'article') : -1;
    if (module >= 0) return { page, module };
  }
  throw new Error('the demo menu has no article module');
}

describe('demo content', () => {
  it('loads and validates', async () => {
    expect(readProblems).toEqual([]);
    const result = await loadContent('content/demo');
    expect(result.ok ? [] : result.problems.slice(0, 10)).toEqual([]);
    expect(result.ok && result.content.properties.length).toBe(68 + REGION_LISTINGS.length);
    expect(result.ok && result.content.projects.length).toBe(3);
  });

  it('keeps what the back office says of each photo (id, file names, type, folder, date)', async () => {
    const result = await loadContent('content/demo');
    const first = result.ok ? result.content.site.banner.gallery.images[0] : null;
    expect(first).toEqual({
      url: '/media/site/banner-1.jpg',
      id: 41,
      filename: 'banner-1.jpg',
      originalname: 'facade-ete.jpg',
      mimetype: 'image/jpeg',
      destination: 'site',
      createDate: '2026-03-02T09:15:00Z',
    });
  });

  it('is what generate-demo writes', () => {
    const { properties, projects } = generateDemo();
    expect(demoRaw.properties).toEqual(JSON.parse(JSON.stringify(properties)));
    expect(demoRaw.projects).toEqual(JSON.parse(JSON.stringify(projects)));
  });
});

describe('validateContent names the file and path of a defect', () => {
  const firstDeKey = () => Object.keys(at(demo, 'translations', 'fr')).find((k) => k in at(demo, 'translations', 'de'))!;
  const cases: [string, (raw: Raw) => void, string, string | ((raw: Raw) => string), RegExp?][] = [
    ['a price that is text', (raw) => (at(raw, 'properties', 0).Price = 'cheap'), 'properties.json', '[0].Price'],
    ['an unknown WebID', (raw) => (at(raw, 'properties', 1).WebID = '999'), 'properties.json', '[1].WebID', /unknown category/],
    ['a duplicate property ID', (raw) => (at(raw, 'properties', 2).ID = at(raw, 'properties', 0).ID), 'properties.json', '[2].ID', /duplicate/],
    [
      'a menu module with an unknown article',
      (raw) => {
        const { page, module } = articleModule(raw);
        at(raw, 'menu', page, 'params', 'modules', module, 'relations').id = 987654;
      },
      'menu.json',
      (raw) => {
        const { page, module } = articleModule(raw);
        return `[${page}].params.modules[${module}].relations.id`;
      },
      /unknown an article 987654|unknown .*987654/,
    ],
    ['a dictionary key missing in de', (raw) => delete at(raw, 'translations', 'de')[firstDeKey()], 'translations/de.json', () => firstDeKey(), /missing/],
    ['an unknown field in site.json', (raw) => (at(raw, 'site').colour = 'red'), 'site.json', 'colour', /unknown field/],
    [
      'a banner photo whose type is not what its file is',
      (raw) => Object.assign(at(raw, 'site', 'banner', 'gallery', 'images', 0), { mimetype: 'image/png', originalname: 'facade.png' }),
      'site.json',
      'banner.gallery.images[0].mimetype',
      /'facade.png' is said to be image\/png but its address ends in \.jpg/,
    ],
    [
      'a banner "photo" that is a document',
      (raw) => (at(raw, 'site', 'banner', 'gallery', 'images', 0).mimetype = 'application/pdf'),
      'site.json',
      'banner.gallery.images[0].mimetype',
      /picture type/,
    ],
    ['a photo upload date that is no date', (raw) => (at(raw, 'site', 'banner', 'gallery', 'images', 1).createDate = 'yesterday'), 'site.json', 'banner.gallery.images[1].createDate', /ISO date/],
    ['a bad postcode', (raw) => (at(raw, 'properties', 3).Zip = 'B5000'), 'properties.json', '[3].Zip', /postcode/],
    [
      'a default language that is not in use',
      (raw) => {
        const setting = at(raw, 'site', 'languageSetting');
        for (const use of list(setting, 'languageUse')) if (use.code === setting.languageDefault) use.use = false;
      },
      'site.json',
      'languageSetting.languageDefault',
      /not in use/,
    ],
    [
      'a marquee id without its name',
      (raw) => {
        const p = list(raw, 'properties').find((x) => x.Marquee === 2 && x.MarqueeName);
        if (p) delete p.MarqueeName;
      },
      'properties.json',
      (raw) => `[${list(raw, 'properties').findIndex((x) => x.Marquee === 2)}].MarqueeName.fr`,
      /marqueeIgnore/,
    ],
  ];

  it.each(cases)('%s', (_, breakIt, file, path, reason) => {
    const raw = clone();
    const expectedPath = typeof path === 'function' ? path(clone()) : path;
    breakIt(raw);
    const problems = problemsOf(raw);
    expect(problems.length).toBeGreaterThan(0);
    const hit = problems.find((p) => p.file === file && p.path === expectedPath);
    expect(hit, `no problem at ${file}: ${expectedPath} in ${JSON.stringify(problems.slice(0, 5))}`).toBeDefined();
    if (reason) expect(hit!.reason).toMatch(reason);
  });
});

describe('generate-demo', () => {
  it('is deterministic', () => {
    const a = generateDemo(50);
    const b = generateDemo(50);
    expect(a).toEqual(b);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.properties).toHaveLength(50 + REGION_LISTINGS.length);
  });

  it('generates 500 properties that validate, in the demo proportions', () => {
    const { properties, projects } = generateDemo(500);
    const raw = clone();
    raw.properties = properties;
    raw.projects = projects;
    const result = validateContent(raw);
    expect(result.ok ? [] : result.problems.slice(0, 10)).toEqual([]);
    const items = properties as { Goal: number; CountryID: number; ID: number }[];
    // 500 drawn, then the 7 listings in Flanders and Brussels.
    expect(items).toHaveLength(500 + REGION_LISTINGS.length);
    expect(new Set(items.map((p) => p.ID)).size).toBe(500 + REGION_LISTINGS.length);
    expect(items.filter((p) => p.CountryID === 10 && p.Goal === 0)).toHaveLength(324 + REGION_LISTINGS.length);
    expect(items.filter((p) => p.CountryID === 10 && p.Goal === 1)).toHaveLength(132);
    expect(items.filter((p) => p.CountryID === 50)).toHaveLength(44);
  });
});
