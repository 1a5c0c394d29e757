/**
 * `<html data-hydrated="true">` says the page is interactive: its screen has hydrated, not
 * only the frame around it (a screen's code may come after the frame's, client/lib/island.ts).
 * The analytics layer and the browser tests wait for it.
 */
import { createElement, Fragment, useEffect, type ComponentType, type ReactNode } from 'react';

export function PageReady(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** A screen that marks the page interactive once it has hydrated. */
export function markingReady<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function ReadyScreen(props: P): ReactNode {
    return createElement(Fragment, null, createElement(Screen, props), createElement(PageReady));
  };
}
