import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { islandComponent } from './island-component.tsx';
import { lazyComponent, preloadLazyComponents, setLazyChunkFiles } from './lazy-component.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('islandComponent on the server', () => {
  it('renders its part inside a marked wrapper, with nothing announced for the browser to fetch', async () => {
    setLazyChunkFiles({ form: ['/static/chunks/form.js'] });
    const Island = islandComponent(async () => Greeting);
    await preloadLazyComponents();
    const html = renderToString(<Island name="Ana" />);
    expect(html).toContain('data-island');
    expect(html).toContain('Hello <!-- -->Ana');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('data-hydrated');
  });

  it('differs from an at-once component, whose chunk is announced', async () => {
    setLazyChunkFiles({ form: ['/static/chunks/form.js'] });
    const AtOnce = lazyComponent('form', async () => Greeting);
    await preloadLazyComponents();
    const html = renderToString(
      <html>
        <head />
        <body>
          <AtOnce name="Ana" />
        </body>
      </html>,
    );
    expect(html).toContain('Hello <!-- -->Ana');
    expect(html).toMatch(/<link rel="modulepreload"[^>]*href="\/static\/chunks\/form.js"/);
  });
});
