import { describe, expect, it } from 'vitest';
import { demoDocument, documentUrls } from './demo-documents.ts';

describe('demo documents', () => {
  it('finds every PDF address the content names, once', () => {
    const content = {
      properties: [{ Documents: [{ url: '/media/demo/2074/plans.pdf' }, { url: null }] }, { Documents: [{ url: '/media/demo/2074/plans.pdf' }] }],
      projects: [{ Documents: [{ url: '/media/demo/9001/brochure.pdf' }] }],
      photo: '/media/demo/1/1.jpg',
    };
    expect([...documentUrls(content)]).toEqual(['/media/demo/2074/plans.pdf', '/media/demo/9001/brochure.pdf']);
  });

  it('makes a real, small PDF, the same at every set-up', async () => {
    const first = await demoDocument('/media/demo/2074/plans.pdf');
    const again = await demoDocument('/media/demo/2074/plans.pdf');
    expect(new TextDecoder().decode(first.slice(0, 5))).toBe('%PDF-');
    expect(first.length).toBeLessThan(20_000);
    expect(again).toEqual(first);
    expect(await demoDocument('/media/demo/2081/plans.pdf')).not.toEqual(first);
  });
});
