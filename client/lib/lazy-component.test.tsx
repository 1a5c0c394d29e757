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
    const Lazy = lazyComponent('list', () => new Promise<typeof Greeting>(() => {}));
    expect(renderToString(<Lazy name="Ana" />)).not.toContain('Hello');
  });
});
