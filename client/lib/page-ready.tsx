/**
 * `<html data-hydrated="true">` says the page is interactive: its screen has hydrated, or
 * waits for the visitor with their clicks, submits and choices held until its code has come
 * (a screen's code may come after the frame's, client/lib/island.ts).
 * The analytics layer and the browser tests wait for it.
 */
import { createElement, Fragment, useEffect, type ComponentType, type ReactNode } from 'react';

/** Says the page is interactive. */
export function markPageReady(): void {
  document.documentElement.dataset.hydrated = 'true';
}

export function PageReady(): null {
  useEffect(markPageReady, []);
  return null;
}

/** A screen that marks the page interactive once it has hydrated. */
export function markingReady<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function ReadyScreen(props: P): ReactNode {
    return createElement(Fragment, null, createElement(Screen, props), createElement(PageReady));
  };
}
