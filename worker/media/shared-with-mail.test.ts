import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { sharedWithMail } from './shared-with-mail.ts';

function app(options?: Parameters<typeof sharedWithMail>[0]) {
  const media = new Hono();
  media.use('*', async (c, next) => {
    await next();
    // The site's default, as the security headers set it on every answer.
    if (!c.res.headers.has('Cross-Origin-Resource-Policy')) c.res.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  });
  media.use('*', sharedWithMail(options));
  media.get('/photo.jpg', (c) => c.body('jpeg', 200));
  media.get('/kept.jpg', (c) => c.body(null, 304));
  media.get('/gone.jpg', (c) => c.text('Not found', 404));
  return media;
}

describe('sharedWithMail', () => {
  it.each([
    ['a photo', '/photo.jpg', 'cross-origin'],
    ['a revalidated photo', '/kept.jpg', 'cross-origin'],
    ['a missing photo keeps the site’s policy', '/gone.jpg', 'same-origin'],
  ])('%s → %s', async (_what, path, policy) => {
    const response = await app().request(path);
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe(policy);
  });

  it('takes a narrower policy when asked', async () => {
    const response = await app({ policy: 'same-site' }).request('/photo.jpg');
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('same-site');
  });
});
