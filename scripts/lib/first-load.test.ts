import { describe, expect, it } from 'vitest';
import { announcedScripts, firstLoadSummary } from './first-load.ts';

describe('announcedScripts', () => {
  it('reads module scripts and modulepreload links of the site, nothing else', () => {
    const html = [
      '<link rel="stylesheet" href="/static/app.css">',
      '<link rel="modulepreload" href="/static/chunks/a.js">',
      '<link rel="preload" as="fetch" href="/api/dictionary/v/fr">',
      '<script type="module" src="/static/app.js" async=""></script>',
      '<script nonce="n">inline()</script>',
      '<script src="https://challenges.cloudflare.com/x.js"></script>',
    ].join('');
    expect(announcedScripts(html)).toEqual(['/static/chunks/a.js', '/static/app.js']);
  });
});

describe('firstLoadSummary', () => {
  it('counts what was fetched, what of it was announced, and what came on top', () => {
    const summary = firstLoadSummary(
      [
        { path: '/static/app.js', gzip: 100 },
        { path: '/static/chunks/form.js', gzip: 14 },
        { path: '/static/chunks/visit.js', gzip: 1 },
        { path: '/static/app.js', gzip: 100 },
      ],
      ['/static/app.js', '/static/chunks/never.js'],
    );
    expect(summary).toEqual({
      fetched: 115,
      announced: 100,
      extra: [
        { path: '/static/chunks/form.js', gzip: 14 },
        { path: '/static/chunks/visit.js', gzip: 1 },
      ],
      unused: ['/static/chunks/never.js'],
    });
  });
});
