/**
 * A server-rendered part whose code waits until the visitor needs it (client/lib/island.ts):
 * nothing is announced with modulepreload, the server HTML stays as it is (React keeps a
 * suspended boundary's dehydrated HTML) until the part is needed — it comes near the
 * viewport, the browser is idle, or the visitor points at it, focuses it or submits it, as
 * its `when` says (IslandWhen) — then its chunk loads and it hydrates. A static part (facts)
 * never loads on the page it was served with. For parts whose HTML works without
 * JavaScript. Its own module, so pages without such a part do not carry it.
 */
import { createElement, Fragment, Suspense, use, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { lazyLoader, type LazyComponent } from './lazy-component.tsx';
import { DRAWS_ITSELF_ATTRIBUTE, islandGate, watchIsland, type IslandGate, type IslandWatch, type IslandWhen } from './island.ts';

const noSubscription = () => () => {};

/** True while React hydrates server HTML (its server snapshot), false in any later render. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/** Renders nothing; tells its island once the boundary around it has committed (hydrated). */
function Hydrated({ onHydrated }: { onHydrated: () => void }): null {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/** One server-rendered island in the browser: its gate, and its watch once mounted. */
interface Island {
  gate: IslandGate;
  watch: IslandWatch | null;
  onHydrated: () => void;
}

export interface IslandOptions {
  /** When the code comes by itself (IslandWhen); 'visible' unless said. */
  when?: IslandWhen;
  /**
   * Read in the browser as the island starts waiting: true when this visitor's server HTML
   * is not the whole truth (a saved favourite to show, a slideshow to play), so the code
   * comes at once, whatever `when` says.
   */
  neededAtOnce?: (element: Element) => boolean;
  /** Something outside the island it must follow (favourites saved elsewhere): calls `need` when it changes; returns its unsubscribe. */
  neededOn?: (need: () => void) => () => void;
  /** Called once the island waits for its visitor, its events held: the page is usable from then on. */
  onWaiting?: () => void;
  /** The part changes by itself once in view (a map, slots fetched, documents asked for): an interaction island around it is needed then too. */
  drawsItself?: boolean;
  /** 'contents': the wrapper draws no box of its own, so what it holds lays out (and sticks) as the page's. */
  box?: 'contents';
}

/**
 * A lazily loaded component hydrated when needed. Its props must be plain data: they are
 * compared by value, so that a re-render of the page never reaches the boundary while it
 * still holds the server's HTML (React would throw that HTML away for the empty fallback).
 * Drawn in the browser (after a client-side navigation) it loads at once, as there is no
 * HTML to show meanwhile.
 */
export function islandComponent<P extends object>(load: () => Promise<ComponentType<P>>, options: IslandOptions = {}): LazyComponent<P> {
  const when = options.when ?? 'visible';
  const loader = lazyLoader(load);

  function Loaded({ props, gate, onHydrated }: { props: P; gate?: Promise<void>; onHydrated?: () => void }): ReactNode {
    if (gate) use(gate);
    const rendered = createElement(loader.loaded() ?? use(loader.start()), props);
    return onHydrated ? createElement(Fragment, null, rendered, createElement(Hydrated, { onHydrated })) : rendered;
  }

  function WhenNeeded(props: P): ReactNode {
    const hydrating = useHydrating();
    const wrapper = useRef<HTMLDivElement>(null);
    const [wasHydrated, setWasHydrated] = useState(false);
    const [island] = useState((): Island | null => {
      if (!hydrating || loader.loaded() || typeof document === 'undefined') return null;
      const created: Island = {
        gate: islandGate(loader.start),
        watch: null,
        onHydrated: () => {
          created.watch?.hydrated();
          setWasHydrated(true);
        },
      };
      return created;
    });
    useEffect(() => {
      if (!island || !wrapper.current) return;
      const watch = watchIsland(wrapper.current, island.gate, window, when);
      // A holder, not render state: onHydrated reads it once the boundary has committed.
      island.watch = watch;
      if (options.neededAtOnce?.(wrapper.current)) void island.gate.need();
      const unsubscribe = options.neededOn?.(() => void island.gate.need());
      options.onWaiting?.();
      return () => {
        watch.stop();
        unsubscribe?.();
      };
    }, [island]);
    // The server renders each island once: only the browser compares props.
    const key = typeof document === 'undefined' ? '' : JSON.stringify(props);
    // While the server HTML stands, the boundary keeps the props it was rendered with; new
    // ones (slots fetched after load, say) mean the part is needed, and reach it once hydrated.
    const [serverProps] = useState(() => ({ key, props }));
    const waiting = island !== null && !wasHydrated;
    const shown = waiting ? serverProps : { key, props };
    const changed = waiting && key !== serverProps.key;
    useEffect(() => {
      if (changed) void island?.gate.need();
    }, [changed, island]);
    const boundary = useMemo(
      () => createElement(Suspense, { fallback: null }, createElement(Loaded, { props: shown.props, gate: island?.gate.promise, onHydrated: island?.onHydrated })),
      // Compared by value (the key is the props' JSON): a page re-render with equal data must
      // not reach a dehydrated boundary, so the props object itself is left out on purpose.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [shown.key, island],
    );
    // data-hydrated appears once the code has taken over (the server HTML has none).
    return createElement(
      'div',
      { ref: wrapper, 'data-island': options.box ?? '', [DRAWS_ITSELF_ATTRIBUTE]: options.drawsItself ? '' : undefined, 'data-hydrated': wasHydrated ? 'true' : undefined },
      boundary,
    );
  }

  WhenNeeded.preload = loader.start;
  return WhenNeeded;
}
