/** The menu tree: pages with their paths per language, twins across languages, and module views. */
import type { ModuleView } from '../../domain/bundles.ts';
import type { Lang } from '../../domain/lang.ts';
import { type MenuPage, type Module } from '../schema.ts';
import { type Ctx, type Twins, homePath, tr } from './context.ts';

export interface MenuNode {
  page: MenuPage;
  /** Joined segments per language, without the language prefix. */
  segments: Twins;
  parent: MenuNode | null;
}

export function walkMenu(pages: MenuPage[], ctx: Ctx, parent: MenuNode | null = null, out: MenuNode[] = []): MenuNode[] {
  for (const page of [...pages].sort((a, b) => a.sort - b.sort)) {
    if (page.status !== 'Published') continue;
    const segments: Twins = {};
    for (const lang of ctx.langs) {
      const own = page.path[lang] ?? page.path[ctx.defaultLang] ?? '';
      const base = parent?.segments[lang] ?? '';
      segments[lang] = [base, own].filter(Boolean).join('/');
    }
    const node: MenuNode = { page, segments, parent };
    out.push(node);
    walkMenu(page.childMenus, ctx, node, out);
  }
  return out;
}

export function fullPath(lang: Lang, joined: string | undefined): string {
  return joined ? `/${lang}/${joined}/` : homePath(lang);
}

export function twinsOf(node: MenuNode, ctx: Ctx): Twins {
  const twins: Twins = {};
  for (const lang of ctx.langs) twins[lang] = fullPath(lang, node.segments[lang]);
  return twins;
}

export function moduleView(module: Module, lang: Lang, ctx: Ctx): ModuleView {
  return {
    id: module.id,
    title: tr(module.title, lang, ctx),
    titleSize: module.titleSize,
    description: tr(module.description, lang, ctx),
    description2: tr(module.description2, lang, ctx),
    view: module.view,
    className: module.class,
    background: module.backgroundType === 'color' && module.colorBackground ? module.colorBackground : null,
    image: module.image,
    images: module.images.map((i) => i.url),
    numberItemOfRow: module.numberItemOfRow,
    maxItems: module.maxItems,
    hasSubcategories: module.isHasSubcategories,
    span: module.span,
    col: { sm: module.col.sm ?? 12, md: module.col.md ?? module.span, lg: module.col.lg ?? module.span },
    position: module.position,
    relation: {
      type: module.relations.type,
      id: module.relations.id === null ? null : String(module.relations.id),
      goal: module.relations.filter?.goal ?? null,
      sort: module.relations.filter?.sort ?? null,
      webIds: module.relations.filter?.webIds ?? [],
      countryId: module.relations.filter?.countryId ?? null,
    },
  };
}

/** Compiles everything; returns KV key suffix → JSON text. */
