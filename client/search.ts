/**
 * Search state of list pages (filters, sort, page, view). Validated with `.catch()`
 * defaults so a hand-edited or stale query string never errors, only falls back.
 */
import * as z from 'zod/mini';

export const SORTS = ['date-desc', 'price-asc', 'price-desc', 'type', 'city'] as const;
export const VIEWS = ['grid', 'list', 'map'] as const;

const positiveInt = z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100000))), undefined);
const money = z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000_000))), undefined);
const shortText = z.catch(z.optional(z.string().check(z.maxLength(80))), undefined);

export const listSearchSchema = z.object({
  page: positiveInt,
  sort: z.catch(z.optional(z.enum(SORTS)), undefined),
  view: z.catch(z.optional(z.enum(VIEWS)), undefined),
  type: shortText,
  city: shortText,
  q: shortText,
  min: money,
  max: money,
  beds: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(20))), undefined),
});

export type ListSearch = z.infer<typeof listSearchSchema>;

/** Parses any query object into list search state; never throws. */
export function parseListSearch(input: unknown): ListSearch {
  const result = listSearchSchema.safeParse(input);
  return result.success ? result.data : {};
}
