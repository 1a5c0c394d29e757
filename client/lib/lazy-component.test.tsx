import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { lazyComponent, preloadLazyComponents } from './lazy-component.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyComponent', () => {
  it('loads once, however often it is preloaded', async () => {
    let loads = 0;
    const Lazy = lazyComponent('form', async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([Lazy.preload(), Lazy.preload(), preloadLazyComponents()]);
    expect(loads).toBe(1);
  });

  it('renders synchronously on the server once every lazy component is preloaded', async () => {
    const Lazy = lazyComponent('owner', async () => Greeting);
    await preloadLazyComponents();
    expect(renderToString(<Lazy name="Ana" />)).toContain('Hello <!-- -->Ana');
  });

  it('renders nothing but its boundary before the chunk has arrived', () => {
    let arrive = (_component: typeof Greeting) => {};
    const Lazy = lazyComponent('list', () => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    expect(renderToString(<Lazy name="Ana" />)).not.toContain('Hello');
    // Arrives after all, so later preloads in this file do not wait forever.
    arrive(Greeting);
  });
});

describe('preloadLazyComponents', () => {
  it('also loads the lazy components that a loaded chunk registers (a screen and its forms)', async () => {
    let inner: ReturnType<typeof lazyComponent<{ name: string }>> | null = null;
    const Outer = lazyComponent('home', async () => {
      // Evaluating a screen's chunk registers the lazy parts it uses.
      inner ??= lazyComponent('form', async () => Greeting);
      const Inner = inner;
      return ({ name }: { name: string }) => <Inner name={name} />;
    });
    await preloadLazyComponents();
    expect(renderToString(<Outer name="Ana" />)).toContain('Hello <!-- -->Ana');
  });
});
