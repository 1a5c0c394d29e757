/**
 * Favourites without an account: kept in the browser (what was saved, when, at which
 * price), carried in a link to share them (`?ids=2041,2071`), and shown on a page of their
 * own in each language. Pure rules here; the browser's storage is client/lib/favourites.ts.
 */
import type { Lang } from '../lang.ts';

/** The favourites page's segment in each language: /fr/favoris/, /nl/favorieten/, … */
export const FAVOURITES_SEGMENTS: Record<Lang, string> = { fr: 'favoris', nl: 'favorieten', en: 'favourites', de: 'favoriten' };

export function favouritesPath(lang: Lang): string {
  return `/${lang}/${FAVOURITES_SEGMENTS[lang]}/`;
}

/** How many a selection holds (a link, a page, a mail stay small). */
export const MAX_FAVOURITES = 50;

export interface SavedFavourite {
  id: number;
  /** ISO time it was saved. */
  savedAt: string;
  /** The price shown when it was saved (null when none was shown). */
  price: number | null;
}

/** The ids of a shared link: positive integers, comma-separated, each once, at most MAX_FAVOURITES. */
export function parseFavouriteIds(value: unknown): number[] {
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  const ids: number[] = [];
  for (const part of String(value).split(',')) {
    const id = Number(part.trim());
    if (Number.isSafeInteger(id) && id > 0 && /^\d+$/.test(part.trim()) && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_FAVOURITES) break;
  }
  return ids;
}

export function writeFavouriteIds(ids: readonly number[]): string {
  return ids.slice(0, MAX_FAVOURITES).join(',');
}

/** What the browser kept, read defensively: anything malformed is left out, never thrown. */
export function readSaved(text: string | null): SavedFavourite[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: SavedFavourite[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, savedAt, price } = item as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || out.some((f) => f.id === id)) continue;
    out.push({ id, savedAt: typeof savedAt === 'string' ? savedAt : '', price: typeof price === 'number' && price > 0 ? price : null });
  }
  return out.slice(0, MAX_FAVOURITES);
}

/** Saved or removed: the list after a toggle of `id` (new ones first). */
export function toggled(list: readonly SavedFavourite[], id: number, price: number | null, now: Date): SavedFavourite[] {
  if (list.some((f) => f.id === id)) return list.filter((f) => f.id !== id);
  return [{ id, savedAt: now.toISOString(), price }, ...list].slice(0, MAX_FAVOURITES);
}

/** The drop since it was saved, in whole percent (at least 1), or null when the price is not lower. */
export function dropSinceSaved(saved: SavedFavourite | undefined, price: number | null): number | null {
  if (!saved?.price || price === null || price >= saved.price) return null;
  return Math.max(1, Math.round(((saved.price - price) / saved.price) * 100));
}
