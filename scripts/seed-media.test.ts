import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { mediaJobs, seedMedia } from './seed-media.ts';

const content = {
  site: { banner: { image: { url: '/media/site/banner-1.jpg' } }, logo: '/static/logo.svg' },
  team: [{ id: 1, photo: '/media/team/1.jpg' }],
  properties: [
    { ID: 10, WebID: '3', Photos: [{ Url: '/media/demo/10/1.jpg', Width: 1050, Height: 700 }] },
    { ID: 11, WebID: '2', Photos: [{ Url: '/media/demo/11/2.jpg', Width: 800, Height: 600 }] },
  ],
  projects: [{ ID: 9001, Photos: [{ Url: '/media/demo/9001/1.jpg', Width: 1050, Height: 700 }] }],
  articles: [{ body: { fr: '<p>/media/not-an-image-path</p>' } }],
};

describe('mediaJobs', () => {
  const jobs = new Map(mediaJobs(content).map((j) => [j.key, j]));
  it('finds every image URL once, and nothing else', () => {
    expect([...jobs.keys()].sort()).toEqual(['demo/10/1.jpg', 'demo/11/2.jpg', 'demo/9001/1.jpg', 'site/banner-1.jpg', 'team/1.jpg']);
  });
  it.each([
    ['demo/11/2.jpg', 800, 600],
    ['demo/10/1.jpg', 1050, 700],
    ['team/1.jpg', 600, 600],
    ['site/banner-1.jpg', 1600, 800],
  ])('%s is drawn at %s×%s', (key, width, height) => {
    expect(jobs.get(key)?.width).toBe(width);
    expect(jobs.get(key)?.height).toBe(height);
  });
  it('draws the same picture every time, and different pictures for different properties', () => {
    const a = jobs.get('demo/10/1.jpg')?.svg();
    expect(a).toBe(jobs.get('demo/10/1.jpg')?.svg());
    expect(a).not.toBe(jobs.get('demo/11/2.jpg')?.svg());
    expect(a).not.toContain('<text');
    expect(a).not.toMatch(/href="http/);
  });
});

describe('seedMedia', () => {
  it('stores real JPEGs of the right size, and keeps what is already there', async () => {
    const stored = new Map<string, { bytes: Uint8Array; type: string | undefined }>();
    const bucket = {
      head: async (key: string) => (stored.has(key) ? {} : null),
      put: async (key: string, value: ArrayBuffer | Uint8Array, options?: { httpMetadata?: { contentType?: string } }) => {
        stored.set(key, { bytes: new Uint8Array(value), type: options?.httpMetadata?.contentType });
      },
    };
    const first = await seedMedia(bucket, { team: content.team, properties: content.properties.slice(1) });
    expect(first).toEqual({ created: 2, skipped: 0 });
    const photo = stored.get('demo/11/2.jpg');
    expect(photo?.type).toBe('image/jpeg');
    const meta = await sharp(photo?.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);
    expect(await seedMedia(bucket, { team: content.team })).toEqual({ created: 0, skipped: 1 });
  });
});
