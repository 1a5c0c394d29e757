/**
 * Server-rendered parts of a page whose code the first load can do without (a form far
 * down the page): their HTML works on its own (links, method="post" forms), so the code is
 * fetched and the part hydrated only when it is needed — when it comes near the viewport,
 * or the visitor points at it, focuses it or submits it. Until then React keeps the
 * server's HTML (a dehydrated Suspense boundary). client/lib/lazy-component.tsx uses this.
 */

/** How far ahead of the viewport an island starts loading: one screen height above and below. */
export const ISLAND_MARGIN = '100% 0px';

/**
 * Events that say the visitor is about to use an island. Listened to on the window in the
 * capture phase: React stops the propagation of events aimed at a dehydrated boundary at
 * its root, so a listener on the island itself would never hear them.
 */
export const ISLAND_EVENTS = ['focusin', 'pointerdown', 'pointerover', 'touchstart', 'keydown', 'input', 'change'] as const;

/** Opens once an island is needed and its code has loaded. */
export interface IslandGate {
  /** Resolves when the code is loaded after a need; stays pending while nothing needs it. */
  readonly promise: Promise<void>;
  /** The island is needed: loads its code. True once loaded; false when the load failed (a later need tries again). */
  need(): Promise<boolean>;
}

/** A gate in front of `load`: nothing is fetched until `need()` is called. */
export function islandGate(load: () => Promise<unknown>): IslandGate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  let loading: Promise<boolean> | null = null;
  return {
    promise,
    need() {
      loading ??= load().then(
        () => {
          open();
          return true;
        },
        () => {
          // Offline or a new deployment: the server HTML keeps working; the next need retries.
          loading = null;
          return false;
        },
      );
      return loading;
    },
  };
}

/** A submit that arrived before the island's code: replayed once it is hydrated. */
interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** The parts of the window an island watch needs (a parameter so tests can pass a stand-in). */
export interface IslandHost {
  addEventListener(type: string, listener: (event: Event) => void, options: { capture: true; passive?: boolean }): void;
  removeEventListener(type: string, listener: (event: Event) => void, options: { capture: true }): void;
  IntersectionObserver?: typeof IntersectionObserver;
  addScrollListener?: (listener: () => void) => () => void;
  location: Pick<Location, 'href' | 'origin' | 'pathname' | 'search' | 'assign'>;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/**
 * When an island's code is fetched, besides the visitor turning to it:
 * - `visible`: once it comes within ISLAND_MARGIN of the viewport (forms, cards, a map);
 * - `idle`: once the browser is idle after the page has hydrated (the consent dialog, which
 *   opens itself, and helpers with no box to watch);
 * - `interaction`: only when the visitor turns to it (a screen whose HTML works on its own:
 *   links, GET filters, plain forms); its events are held and replayed as for any island;
 * - `scroll`: as `interaction`, or once the page scrolls (a header that fixes itself, a
 *   button that appears further down);
 * - `static`: never by itself: the part has no behaviour (a table of facts), its server HTML
 *   is final; the code comes only when the part must be drawn with other data (navigation).
 */
export type IslandWhen = 'visible' | 'idle' | 'interaction' | 'scroll' | 'static';

/**
 * The attribute on the wrapper of an island that draws itself once in view (a map, visit
 * slots fetched for a kept page, documents this browser asked for), so an island around it
 * can tell. A form or a card strip works as HTML and does not say it.
 */
export const DRAWS_ITSELF_ATTRIBUTE = 'data-draws-itself';

/** The longest an idle island waits for an idle moment, in ms. */
export const IDLE_TIMEOUT_MS = 3000;

/** What `watchIsland` gives back: tell it the island is hydrated, or stop watching. */
export interface IslandWatch {
  hydrated(): void;
  stop(): void;
}

/** The page's first scroll (a restored position on back/forward included), once. */
function windowScroll(listener: () => void): () => void {
  const onScroll = () => {
    window.removeEventListener('scroll', onScroll);
    listener();
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'nodeType' in value;
}

function isElement(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && 'closest' in value && typeof value.closest === 'function';
}

/**
 * The button a click is for, unless the browser acts on it alone: a submit (it arrives as its
 * own event), a reset, or a popover's toggle (replayed, it would close what it just opened).
 */
function clickedButton(target: unknown): HTMLButtonElement | null {
  const button = isElement(target) ? target.closest('button') : null;
  if (!button || button.type === 'submit' || button.type === 'reset' || button.hasAttribute('popovertarget')) return null;
  return button;
}

/**
 * The link a plain click follows in this tab to this site, or null. Before hydration it
 * would load a whole new document where the page navigates in place once its code has come,
 * so the click is held like a button's.
 */
function followedLink(event: Event, location: IslandHost['location']): HTMLAnchorElement | null {
  const link = isElement(event.target) ? event.target.closest('a[href]') : null;
  if (!link || !('href' in link) || typeof link.href !== 'string') return null;
  const anchor = link as HTMLAnchorElement;
  const mouse = event as MouseEvent;
  if (mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, location.href);
  // Another site, or the same page's anchor: the browser does that well on its own.
  if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search)) return null;
  return anchor;
}

function isForm(value: unknown): value is HTMLFormElement {
  return typeof HTMLFormElement !== 'undefined' && value instanceof HTMLFormElement;
}

/** The submit button a submit event names, when it belongs to that form. */
function submitterOf(form: HTMLFormElement, submitter: HTMLElement | null): HTMLElement | null {
  if (submitter === null) return null;
  return 'form' in submitter && submitter.form === form ? submitter : null;
}

/**
 * Watches a server-rendered island and calls `gate.need()` when it comes within
 * ISLAND_MARGIN of the viewport or the visitor turns to it. A submit before hydration is
 * held (not posted) and replayed with requestSubmit once `hydrated()` is called, so the
 * visitor gets the same in-page validation as after hydration; if the code cannot load, the
 * form is posted the plain way instead. A click on a button, or on a link to another page of
 * the site, is replayed likewise (a link is followed the plain way if the code cannot load;
 * fields work on their own). Typed input is never touched: React keeps the values of
 * uncontrolled fields it hydrates.
 */
export function watchIsland(element: Element, gate: IslandGate, host: IslandHost = window, when: IslandWhen = 'visible'): IslandWatch {
  let done = false;
  let held: HeldSubmit | null = null;
  // In order: two hearts tapped before the code came are two favourites.
  let heldClicks: (HTMLButtonElement | HTMLAnchorElement)[] = [];
  const inside = (event: Event) => isNode(event.target) && element.contains(event.target);
  const need = () => {
    void gate.need().then((loaded) => {
      const link = loaded ? undefined : heldClicks.find((click) => 'href' in click);
      if (link && 'href' in link) {
        // The code will not come: follow the link as it would be without JavaScript.
        heldClicks = [];
        host.location.assign(link.href);
      }
      if (loaded || !held) return;
      // The code will not come: post the form as it would be without JavaScript.
      const { form } = held;
      held = null;
      if (form.isConnected) HTMLFormElement.prototype.submit.call(form);
    });
  };
  const onEvent = (event: Event) => {
    if (!done && inside(event)) need();
  };
  const onSubmit = (event: Event) => {
    if (done || !inside(event) || !isForm(event.target)) return;
    event.preventDefault();
    held = { form: event.target, submitter: 'submitter' in event && event.submitter instanceof HTMLElement ? event.submitter : null };
    need();
  };
  // A button does nothing before hydration (React drops the click), and a link would leave the
  // page: the click is kept for then.
  const onClick = (event: Event) => {
    if (done || !inside(event)) return;
    const link = followedLink(event, host.location);
    const clicked = link ?? clickedButton(event.target);
    if (!clicked) return;
    if (link) event.preventDefault();
    heldClicks.push(clicked);
    need();
  };
  // A static part has nothing to turn to: no listeners, no observer.
  const interactive = when !== 'static';
  if (interactive) {
    for (const type of ISLAND_EVENTS) host.addEventListener(type, onEvent, { capture: true, passive: true });
    host.addEventListener('submit', onSubmit, { capture: true });
    host.addEventListener('click', onClick, { capture: true });
  }
  const Observer = host.IntersectionObserver;
  // A part inside that draws itself once in view (a map, documents this browser asked for)
  // needs this island's code first: in view, it is needed as if it were the island.
  const nested = when === 'interaction' || when === 'scroll' ? Array.from(element.querySelectorAll?.(`[${DRAWS_ITSELF_ATTRIBUTE}]`) ?? []) : [];
  const observer =
    (when === 'visible' || nested.length > 0) && Observer
      ? new Observer(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) need();
          },
          { rootMargin: ISLAND_MARGIN },
        )
      : null;
  let idle: number | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  const stopScroll = when === 'scroll' ? (host.addScrollListener ?? windowScroll)(need) : null;
  if (observer && when === 'visible') observer.observe(element);
  else if (observer) for (const part of nested) observer.observe(part);
  else if (nested.length > 0) need();
  else if (when === 'idle' && host.requestIdleCallback) idle = host.requestIdleCallback(need, { timeout: IDLE_TIMEOUT_MS });
  else if (when === 'idle') idleTimer = setTimeout(need, 0);
  // Without IntersectionObserver there is no way to tell: load at once, as before islands.
  else if (when === 'visible') need();
  const stop = () => {
    done = true;
    observer?.disconnect();
    if (idle !== null) host.cancelIdleCallback?.(idle);
    if (idleTimer !== null) clearTimeout(idleTimer);
    stopScroll?.();
    if (!interactive) return;
    for (const type of ISLAND_EVENTS) host.removeEventListener(type, onEvent, { capture: true });
    host.removeEventListener('submit', onSubmit, { capture: true });
    host.removeEventListener('click', onClick, { capture: true });
  };
  return {
    hydrated() {
      stop();
      const replay = held;
      const clicks = heldClicks;
      held = null;
      heldClicks = [];
      if (replay && replay.form.isConnected) replay.form.requestSubmit(submitterOf(replay.form, replay.submitter) ?? undefined);
      for (const click of clicks) if (click.isConnected) click.click();
    },
    stop,
  };
}
