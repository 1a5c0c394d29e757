import { describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS, ISLAND_EVENTS, ISLAND_MARGIN, islandGate, watchIsland, DRAWS_ITSELF_ATTRIBUTE, type IslandHost } from './island.ts';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Whether a promise has resolved by now. */
async function isResolved(promise: Promise<unknown>): Promise<boolean> {
  let resolved = false;
  void promise.then(() => (resolved = true));
  await settled();
  return resolved;
}

describe('islandGate', () => {
  it('fetches nothing until needed, then loads once however often it is needed', async () => {
    let loads = 0;
    const gate = islandGate(async () => (loads += 1));
    await settled();
    expect(loads).toBe(0);
    expect(await isResolved(gate.promise)).toBe(false);
    expect(await Promise.all([gate.need(), gate.need()])).toEqual([true, true]);
    expect(loads).toBe(1);
    expect(await isResolved(gate.promise)).toBe(true);
  });

  it('stays closed when the code cannot load, and tries again on the next need', async () => {
    let attempts = 0;
    const gate = islandGate(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
    });
    expect(await gate.need()).toBe(false);
    expect(await isResolved(gate.promise)).toBe(false);
    expect(await gate.need()).toBe(true);
    expect(attempts).toBe(2);
    expect(await isResolved(gate.promise)).toBe(true);
  });
});

/** A window stand-in: records listeners so a test can fire events at chosen targets. */
function fakeHost(options: { observer: boolean }) {
  const assigned: string[] = [];
  const scrolls: (() => void)[] = [];
  const listeners = new Map<string, ((event: Event) => void)[]>();
  const observed: { callback: IntersectionObserverCallback; margin: string | undefined; disconnected: boolean }[] = [];
  class FakeObserver {
    entry: (typeof observed)[number];
    constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      this.entry = { callback, margin: init?.rootMargin, disconnected: false };
      observed.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const host: IslandHost = {
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    removeEventListener: (type, listener) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((l) => l !== listener),
      ),
    ...(options.observer ? { IntersectionObserver: FakeObserver as unknown as typeof IntersectionObserver } : {}),
    addScrollListener: (listener) => {
      scrolls.push(listener);
      return () => scrolls.splice(scrolls.indexOf(listener), 1);
    },
    location: { href: 'https://agence.be/fr/a-vendre/', origin: 'https://agence.be', pathname: '/fr/a-vendre/', search: '', assign: (url: string | URL) => void assigned.push(String(url)) },
  };
  /** Fires an event; true when a listener prevented its default (the browser's own action). */
  const fire = (type: string, target: unknown, init: Partial<MouseEvent> = {}) => {
    let prevented = false;
    const event = { type, target, button: 0, ...init, preventDefault: () => void (prevented = true) } as unknown as Event;
    for (const listener of listeners.get(type) ?? []) listener(event);
    return prevented;
  };
  const scroll = () => {
    for (const listener of [...scrolls]) listener();
  };
  const intersect = (isIntersecting: boolean) => {
    for (const o of observed) o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
  };
  return { host, fire, intersect, scroll, observed, assigned, scrollListeners: () => scrolls.length, listenerCount: () => [...listeners.values()].reduce((n, l) => n + l.length, 0) };
}

/** An island element and a node inside it, as far as watchIsland looks at them. */
function fakeIsland() {
  const child = { nodeType: 1 };
  const outside = { nodeType: 1 };
  const element = { contains: (node: unknown) => node === child } as unknown as Element;
  return { element, child, outside };
}

function countingGate() {
  const calls = { need: 0 };
  const gate = {
    promise: new Promise<void>(() => {}),
    need: async () => {
      calls.need += 1;
      return true;
    },
  };
  return { gate, calls };
}

describe('watchIsland', () => {
  it('needs the island once it comes within the margin of the viewport, not before', () => {
    const { host, intersect, observed } = fakeHost({ observer: true });
    const { element } = fakeIsland();
    const { gate, calls } = countingGate();
    watchIsland(element, gate, host);
    expect(observed[0]?.margin).toBe(ISLAND_MARGIN);
    intersect(false);
    expect(calls.need).toBe(0);
    intersect(true);
    expect(calls.need).toBe(1);
  });

  it('needs the island when the visitor turns to it, whatever the event, and only inside it', () => {
    for (const type of ISLAND_EVENTS) {
      const { host, fire } = fakeHost({ observer: true });
      const { element, child, outside } = fakeIsland();
      const { gate, calls } = countingGate();
      watchIsland(element, gate, host);
      fire(type, outside);
      expect(calls.need).toBe(0);
      fire(type, child);
      expect(calls.need).toBe(1);
    }
  });

  it('loads at once where there is no IntersectionObserver, as before islands', () => {
    const { host } = fakeHost({ observer: false });
    const { element } = fakeIsland();
    const { gate, calls } = countingGate();
    watchIsland(element, gate, host);
    expect(calls.need).toBe(1);
  });

  it('stops listening once hydrated', () => {
    const { host, fire, observed, listenerCount } = fakeHost({ observer: true });
    const { element, child } = fakeIsland();
    const { gate, calls } = countingGate();
    const watch = watchIsland(element, gate, host);
    expect(listenerCount()).toBe(ISLAND_EVENTS.length + 2);
    watch.hydrated();
    expect(listenerCount()).toBe(0);
    expect(observed[0]?.disconnected).toBe(true);
    fire('focusin', child);
    expect(calls.need).toBe(0);
  });

  it('replays a click on a button made before hydration, once hydrated, but not a submit button’s', () => {
    for (const [type, replayed] of [
      ['button', 1],
      ['submit', 0],
    ] as const) {
      const { host, fire } = fakeHost({ observer: true });
      let clicks = 0;
      const button = { nodeType: 1, type, isConnected: true, closest: (selector: string) => (selector === 'button' ? button : null), hasAttribute: () => false, click: () => (clicks += 1) };
      const element = { contains: (node: unknown) => node === button } as unknown as Element;
      const { gate, calls } = countingGate();
      const watch = watchIsland(element, gate, host);
      fire('click', button);
      // A submit button's click is left to the form's submit event.
      expect(calls.need).toBe(replayed);
      expect(clicks).toBe(0);
      watch.hydrated();
      expect(clicks).toBe(replayed);
    }
  });

  it('an idle island loads when the browser is idle, never by coming into view; its idle wait ends with it', () => {
    const { host, intersect, observed } = fakeHost({ observer: true });
    const idle: (() => void)[] = [];
    const cancelled: number[] = [];
    host.requestIdleCallback = (callback, options) => {
      expect(options.timeout).toBe(IDLE_TIMEOUT_MS);
      return idle.push(callback);
    };
    host.cancelIdleCallback = (handle) => cancelled.push(handle);
    const { element } = fakeIsland();
    const { gate, calls } = countingGate();
    const watch = watchIsland(element, gate, host, 'idle');
    expect(observed).toHaveLength(0);
    intersect(true);
    expect(calls.need).toBe(0);
    idle[0]?.();
    expect(calls.need).toBe(1);
    watch.stop();
    expect(cancelled).toEqual([1]);
  });

  it('a static island loads on nothing: not in view, not on the visitor’s events', () => {
    const { host, fire, intersect, observed, listenerCount } = fakeHost({ observer: false });
    const { element, child } = fakeIsland();
    const { gate, calls } = countingGate();
    watchIsland(element, gate, host, 'static');
    intersect(true);
    for (const type of [...ISLAND_EVENTS, 'click', 'submit']) fire(type, child);
    expect(calls.need).toBe(0);
    expect(observed).toHaveLength(0);
    expect(listenerCount()).toBe(0);
  });
  it('an interaction island loads on the visitor turning to it, never by coming into view or by idling', () => {
    const { host, fire, intersect, observed, scrollListeners } = fakeHost({ observer: true });
    host.requestIdleCallback = () => {
      throw new Error('an interaction island never waits for idle');
    };
    const { element, child, outside } = fakeIsland();
    const { gate, calls } = countingGate();
    watchIsland(element, gate, host, 'interaction');
    expect(observed).toHaveLength(0);
    expect(scrollListeners()).toBe(0);
    intersect(true);
    fire('focusin', outside);
    expect(calls.need).toBe(0);
    // A choice made with no pointer or focus first (a select changed by a script or assistive tech).
    fire('change', child);
    expect(calls.need).toBe(1);
  });

  it('a scroll island loads on the first scroll of the page, and stops listening once hydrated', () => {
    const { host, scroll, fire, scrollListeners } = fakeHost({ observer: true });
    const { element, outside } = fakeIsland();
    const { gate, calls } = countingGate();
    const watch = watchIsland(element, gate, host, 'scroll');
    fire('pointerdown', outside);
    expect(calls.need).toBe(0);
    expect(scrollListeners()).toBe(1);
    scroll();
    expect(calls.need).toBe(1);
    watch.hydrated();
    expect(scrollListeners()).toBe(0);
  });

  it('holds a plain click on a link to another page of the site and replays it once hydrated; leaves other links to the browser', () => {
    const link = (href: string, extra: { target?: string; download?: boolean } = {}) => {
      const anchor = {
        nodeType: 1,
        href,
        target: extra.target ?? '',
        isConnected: true,
        clicks: 0,
        closest: (selector: string) => (selector === 'a[href]' ? anchor : null),
        hasAttribute: (name: string) => name === 'download' && extra.download === true,
        click: () => void (anchor.clicks += 1),
      };
      return anchor;
    };
    const cases = [
      { name: 'another list page', anchor: link('https://agence.be/fr/a-vendre/?page=2'), init: {}, held: true },
      { name: 'a property', anchor: link('https://agence.be/fr/a-vendre/namur/maison/2046/'), init: {}, held: true },
      { name: 'another site', anchor: link('https://example.org/'), init: {}, held: false },
      { name: 'this page’s anchor', anchor: link('https://agence.be/fr/a-vendre/#costs'), init: {}, held: false },
      { name: 'a new tab', anchor: link('https://agence.be/fr/contact/', { target: '_blank' }), init: {}, held: false },
      { name: 'a download', anchor: link('https://agence.be/documents/1.pdf', { download: true }), init: {}, held: false },
      { name: 'a ctrl-click', anchor: link('https://agence.be/fr/contact/'), init: { ctrlKey: true }, held: false },
      { name: 'a middle click', anchor: link('https://agence.be/fr/contact/'), init: { button: 1 }, held: false },
    ];
    for (const { name, anchor, init, held } of cases) {
      const { host, fire } = fakeHost({ observer: false });
      const element = { contains: (node: unknown) => node === anchor } as unknown as Element;
      const { gate, calls } = countingGate();
      const watch = watchIsland(element, gate, host, 'interaction');
      expect({ name, prevented: fire('click', anchor, init) }).toEqual({ name, prevented: held });
      expect({ name, need: calls.need }).toEqual({ name, need: held ? 1 : 0 });
      watch.hydrated();
      expect({ name, replayed: anchor.clicks }).toEqual({ name, replayed: held ? 1 : 0 });
    }
  });

  it('follows a held link the plain way when the code cannot load', async () => {
    const { host, fire, assigned } = fakeHost({ observer: false });
    const anchor = { nodeType: 1, href: 'https://agence.be/fr/contact/', target: '', closest: () => anchor, hasAttribute: () => false };
    const element = { contains: (node: unknown) => node === anchor } as unknown as Element;
    const gate = { promise: new Promise<void>(() => {}), need: async () => false };
    watchIsland(element, gate, host, 'interaction');
    fire('click', anchor);
    await settled();
    expect(assigned).toEqual(['https://agence.be/fr/contact/']);
  });

  it('replays every button click held, in order (two hearts tapped are two favourites)', () => {
    const { host, fire } = fakeHost({ observer: false });
    const order: string[] = [];
    const heart = (id: string) => {
      const button = {
        nodeType: 1,
        type: 'button',
        isConnected: true,
        closest: (selector: string) => (selector === 'button' ? button : null),
        hasAttribute: () => false,
        click: () => void order.push(id),
      };
      return button;
    };
    const first = heart('first');
    const third = heart('third');
    const element = { contains: (node: unknown) => node === first || node === third } as unknown as Element;
    const { gate } = countingGate();
    const watch = watchIsland(element, gate, host, 'interaction');
    fire('click', first);
    fire('click', third);
    watch.hydrated();
    expect(order).toEqual(['first', 'third']);
  });

  it('an interaction island with a part inside that draws itself in view is needed when that part comes in view', () => {
    const { host, intersect, observed } = fakeHost({ observer: true });
    const map = { nodeType: 1 };
    const queried: string[] = [];
    const element = {
      contains: () => false,
      querySelectorAll: (selector: string) => {
        queried.push(selector);
        return [map];
      },
    } as unknown as Element;
    const { gate, calls } = countingGate();
    watchIsland(element, gate, host, 'interaction');
    expect(queried).toEqual([`[${DRAWS_ITSELF_ATTRIBUTE}]`]);
    expect(observed).toHaveLength(1);
    expect(observed[0]?.margin).toBe(ISLAND_MARGIN);
    expect(calls.need).toBe(0);
    intersect(true);
    expect(calls.need).toBe(1);
  });

  it('never replays a popover’s toggle: the browser opened the sheet already', () => {
    const { host, fire } = fakeHost({ observer: false });
    let clicks = 0;
    const toggle = {
      nodeType: 1,
      type: 'button',
      isConnected: true,
      closest: (selector: string) => (selector === 'button' ? toggle : null),
      hasAttribute: (name: string) => name === 'popovertarget',
      click: () => (clicks += 1),
    };
    const element = { contains: (node: unknown) => node === toggle } as unknown as Element;
    const { gate, calls } = countingGate();
    const watch = watchIsland(element, gate, host, 'interaction');
    expect(fire('click', toggle)).toBe(false);
    expect(calls.need).toBe(0);
    fire('pointerdown', toggle);
    expect(calls.need).toBe(1);
    watch.hydrated();
    expect(clicks).toBe(0);
  });
});
