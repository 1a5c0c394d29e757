/**
 * Vitrine — the one schema of the agency's source content (content/<agency>/*.json).
 *
 * Every type is inferred from its schema (z.infer / z.input); nothing is written twice.
 * Property, project and category records keep the CRM's field names so that a
 * CRM export loads without translation; those objects strip unknown CRM fields. Content
 * written by hand (site, menu, modules, articles, team, path table) uses strict objects so
 * a typo in a field name is reported instead of silently ignored.
 *
 * Code-valued detail fields (HeatingType, Kitchen, Condition, …) hold stable codes; their
 * visible label is the dictionary key given by `codeLabelKey(prefix, code)` (e.g.
 * HEATING_HEAT_PUMP), and validateContent checks that the default dictionary has them.
 *
 * This module is isomorphic (no node imports): the worker, the client and the scripts
 * all import it. `import * as z from 'zod'` keeps the client bundle small.
 */
export * from './schema/primitives.ts';
export * from './schema/site.ts';
export * from './schema/menu.ts';
export * from './schema/articles.ts';
export * from './schema/codes.ts';
export * from './schema/crm.ts';
export * from './schema/paths.ts';
export * from './schema/source.ts';
