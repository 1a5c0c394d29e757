import { beforeAll, describe, expect, it } from 'vitest';
import { publish, request } from './support.ts';
import { BENCH_RENDER_HEADER } from '../../worker/ssr/render.tsx';

beforeAll(async () => {
  await publish();
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The body as the pieces it arrived in. */
async function pieces(response: Response): Promise<Uint8Array[]> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    chunks.push(next.value);
  }
  return chunks;
}

const text = (chunks: Uint8Array[]) => {
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
};
/** Rendered for this request, never the page cache's copy. */
const rendered = (userAgent: string) => ({ headers: { 'User-Agent': userAgent, [BENCH_RENDER_HEADER]: 'stream' } });
const normalise = (html: string) => {
  const nonce = /<meta property="csp-nonce" content="([^"]+)"/.exec(html)?.[1] ?? 'none';
  return html.replaceAll(nonce, 'N').replace(/\bu:\d+/g, 'u:0');
};

describe('a page streamed to a visitor', () => {
  it('is the whole document, in a few pieces rather than one per 4 KB of React’s buffer', async () => {
    const chunks = await pieces(await request('/fr/a-vendre/', rendered(BROWSER)));
    const html = text(chunks);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    // The router's state script is merged in before the page's own script.
    expect(html.indexOf('$_TSR')).toBeGreaterThan(0);
    expect(html.indexOf('$_TSR')).toBeLessThan(html.lastIndexOf('<script type="module"'));
    expect(html.length).toBeGreaterThan(40_000);
    // One per flush of React's and per script the router merges: a handful, where 4 KB views made ~20.
    expect(chunks.length).toBeLessThanOrEqual(6);
  });

  it('is the same document a crawler gets in one piece', async () => {
    const person = text(await pieces(await request('/nl/te-koop/?sort=price-asc', rendered(BROWSER))));
    const crawler = await pieces(await request('/nl/te-koop/?sort=price-asc', rendered(GOOGLEBOT)));
    expect(text(crawler)).toContain('<link rel="canonical"');
    expect(normalise(text(crawler))).toBe(normalise(person));
  });

  it('a visitor who leaves mid-page stops the render, and the next visitor gets the page', async () => {
    const leaving = new AbortController();
    const response = await request('/en/for-sale/', { ...rendered(BROWSER), signal: leaving.signal });
    const reader = response.body?.getReader();
    await reader?.read();
    leaving.abort();
    await reader?.cancel().catch(() => undefined);
    const next = await request('/en/for-sale/', rendered(BROWSER));
    expect(next.status).toBe(200);
    expect((await next.text()).trimEnd().endsWith('</html>')).toBe(true);
  });
});
