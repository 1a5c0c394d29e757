import { describe, expect, it } from 'vitest';
import { isPreviewPath, previewedPath } from './preview.ts';

describe('isPreviewPath and previewedPath', () => {
  it.each([
    ['/fr/preview/nos-services/', true, '/fr/nos-services/'],
    ['/preview/', true, '/'],
    ['/fr/nos-services/PREVIEW/', true, '/fr/nos-services/'],
    ['/fr/page-preview/', false, '/fr/page-preview/'],
    ['/fr/previews/', false, '/fr/previews/'],
    ['/fr/', false, '/fr/'],
  ])('%s: preview %s, of %s', (path, preview, of) => {
    expect(isPreviewPath(path)).toBe(preview);
    expect(previewedPath(path)).toBe(of);
  });
});
