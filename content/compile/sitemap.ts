/** The sitemap entries of a version: every public page, property and project with its language twins. */
import { type RoutingBundle, type SitemapBundle, type SitemapEntry } from '../../domain/bundles.ts';
import { pageKind } from '../../domain/page-kinds.ts';
import type { ContentSource } from '../schema.ts';
import type { Ctx, Twins } from './context.ts';
import { cardPath, goneField } from './properties.ts';
import { projectPath } from './projects.ts';

/**
 * Every indexable page once with all its language twins, then every property and
 * internal project: what /sitemap.xml lists (gone listings are dropped at request time).
 */
export function sitemapOf(paths: RoutingBundle['paths'], source: ContentSource, ctx: Ctx, categories: Map<string, ContentSource['categories'][number]>, segments: Twins): SitemapBundle {
  const entries: SitemapEntry[] = [];
  const seen = new Set<string>();
  for (const [path, target] of Object.entries(paths)) {
    if (!pageKind(target.kind).listed || target.unlisted || seen.has(path)) continue;
    for (const twin of Object.values(target.twins)) if (twin) seen.add(twin);
    seen.add(path);
    // The home's x-default is '/', which picks the visitor's language.
    entries.push({ twins: { ...target.twins }, lastmod: null, goneOn: null, ...(target.kind === 'home' ? { xDefault: '/' } : {}) });
  }
  for (const p of source.properties) {
    const twins: Twins = {};
    for (const lang of ctx.langs) twins[lang] = cardPath(p, lang, ctx, categories);
    entries.push({ twins, lastmod: p.ModifyDate, goneOn: goneField(p, ctx).goneOn ?? null });
  }
  for (const project of source.projects) {
    if (project.ExternalUrl !== null) continue;
    const twins: Twins = {};
    for (const lang of ctx.langs) twins[lang] = projectPath(project, lang, ctx, segments);
    entries.push({ twins, lastmod: null, goneOn: null });
  }
  return { entries };
}
