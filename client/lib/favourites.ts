/**
 * The visitor's favourites, in this browser's localStorage: every heart and the header's
 * count read the same list, and follow changes made in other tabs. Before hydration, and
 * on the server, the list is empty: a heart is drawn unpressed, then shows the truth.
 */
import { useSyncExternalStore } from 'react';
import { readSaved, toggled, type SavedFavourite } from '../../domain/rules/favourites.ts';

const KEY = 'favourites';
const EMPTY: SavedFavourite[] = [];
const listeners = new Set<() => void>();
let cache: { text: string | null; list: SavedFavourite[] } = { text: null, list: EMPTY };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (privacy settings): favourites live as long as the page.
    return null;
  }
}

let memory: string | null = null;

function current(): SavedFavourite[] {
  const text = storage()?.getItem(KEY) ?? memory;
  if (text !== cache.text) cache = { text, list: readSaved(text) };
  return cache.list;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Calls `listener` whenever the favourites change, here or in another tab; returns its unsubscribe. */
export const onFavouritesChange: (listener: () => void) => () => void = subscribe;

/** True when this browser has saved any favourite (read without React, before any render needs it). */
export function hasFavourites(): boolean {
  return current().length > 0;
}

export function useFavourites(): SavedFavourite[] {
  return useSyncExternalStore(subscribe, current, () => EMPTY);
}

/** Saves `id` (with the price shown now) or removes it. */
export function toggleFavourite(id: number, price: number | null): void {
  const text = JSON.stringify(toggled(current(), id, price, new Date()));
  const store = storage();
  if (store) {
    try {
      store.setItem(KEY, text);
    } catch {
      memory = text;
    }
  } else memory = text;
  for (const listener of listeners) listener();
}

/** Replaces the list (a shared selection taken over). */
export function saveAll(list: SavedFavourite[]): void {
  const text = JSON.stringify(list);
  try {
    storage()?.setItem(KEY, text);
  } catch {
    // kept in memory below
  }
  memory = text;
  for (const listener of listeners) listener();
}
