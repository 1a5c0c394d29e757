/**
 * Components the first load can do without (the forms with their zod schemas, the owner
 * portal, the screens of other page types) live in their own chunks of the browser build.
 * The worker renders them at once (its bundle holds every module) and announces their
 * chunk with modulepreload, so the browser fetches it beside the main script; hydration of
 * the rest of the page never waits for it. Parts that can wait until the visitor needs
 * them (forms below the fold) use client/lib/island-component.tsx instead.
 */
import { createElement, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { preloadModule } from 'react-dom';

/** The chunks build-client records in dist/client-assets.json. */
export type LazyChunk = 'form' | 'owner' | 'home' | 'list' | 'property' | 'project' | 'content';

const chunkFiles: Partial<Record<LazyChunk, readonly string[]>> = {};
const registry: (() => Promise<unknown>)[] = [];

/** Set once by the worker from the build manifest: the files to announce per chunk. */
export function setLazyChunkFiles(files: Partial<Record<LazyChunk, readonly string[]>>): void {
  Object.assign(chunkFiles, files);
}

/**
 * Loads every lazy component; the worker awaits it so rendering never suspends (a suspended
 * part would be streamed in a hidden element that only a script can reveal). Loading a
 * chunk can register more lazy components (a screen's own forms), so it goes on until none
 * is new.
 */
export async function preloadLazyComponents(): Promise<void> {
  for (let loaded = 0; loaded < registry.length;) {
    const batch = registry.slice(loaded);
    loaded = registry.length;
    await Promise.all(batch.map((load) => load()));
  }
}

/** A component's chunk, fetched once: `start` loads it, `loaded` is it once it has arrived. */
export interface LazyLoader<P> {
  start: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | null;
}

/** Wraps a dynamic import so it runs once (again after a failure) and the worker preloads it. */
export function lazyLoader<P>(load: () => Promise<ComponentType<P>>): LazyLoader<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // Offline or a new deployment: the next render or need tries again.
        pending = null;
        throw error;
      },
    ));
  registry.push(start);
  return { start, loaded: () => loaded };
}

/** A lazily loaded component; `preload` lets a route loader fetch it with the data. */
export interface LazyComponent<P> {
  (props: P): ReactNode;
  preload: () => Promise<unknown>;
}

/**
 * A component loaded on first use in the browser, inside its own Suspense boundary so the
 * page around it hydrates without waiting for the chunk.
 */
export function lazyComponent<P extends object>(chunk: LazyChunk, load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  const loader = lazyLoader(load);
  function Loaded(props: P): ReactNode {
    return createElement(loader.loaded() ?? use(loader.start()), props);
  }
  function Lazy(props: P): ReactNode {
    if (typeof document === 'undefined') for (const href of chunkFiles[chunk] ?? []) preloadModule(href);
    return createElement(Suspense, { fallback: null }, createElement(Loaded, props));
  }
  Lazy.preload = loader.start;
  return Lazy;
}
