import { describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS, ISLAND_EVENTS, ISLAND_MARGIN, islandGate, watchIsland, type IslandHost } from './island.ts';

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
  };
  const fire = (type: string, target: unknown) => {
    const event = { type, target, preventDefault() {} } as unknown as Event;
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  const intersect = (isIntersecting: boolean) => {
    for (const o of observed) o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
  };
  return { host, fire, intersect, observed, listenerCount: () => [...listeners.values()].reduce((n, l) => n + l.length, 0) };
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
      const button = { nodeType: 1, type, isConnected: true, closest: () => button, click: () => (clicks += 1) };
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
});
