/**
 * The distinct list URLs visitors and crawlers combine — type × min price × max price ×
 * sort × language — shuffled with a fixed seed, so a bench asks each one once, as a cold
 * request, and two runs ask the same ones in the same order.
 */
import { SORTS, listHref } from '../../domain/search.ts';
import { mulberry32 } from './prng.ts';

export const SALE_PRICE_STEPS = [undefined, 100_000, 200_000, 300_000, 500_000] as const;

export function shuffled<T>(items: readonly T[], seed = 20261125): T[] {
  // The demo data's seeded generator: the same shuffle on every machine.
  const next = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Every combination for the given list paths (one per language) and property types, shuffled. */
export function coldListUrls(listPaths: readonly string[], types: readonly (string | undefined)[]): string[] {
  const urls: string[] = [];
  for (const path of listPaths)
    for (const type of types)
      for (const min of SALE_PRICE_STEPS)
        for (const max of SALE_PRICE_STEPS) {
          if (min !== undefined && max !== undefined && max <= min) continue;
          // The sorts every catalogue has (travel time needs a timetable build).
          for (const sort of SORTS.filter((s) => s !== 'travel')) urls.push(listHref(path, { type, min, max, sort }));
        }
  return shuffled(urls);
}
