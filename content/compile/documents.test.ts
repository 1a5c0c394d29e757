import { describe, expect, it } from 'vitest';
import { documentView } from './documents.ts';

const doc = (requestOnly: boolean, url: string | null) => ({ name: { fr: 'Plans' }, kind: 'floor-plan' as const, requestOnly, url });

describe('documentView', () => {
  it.each([
    ['a PDF of the site’s media', doc(false, '/media/demo/2074/plans.pdf'), { requestOnly: false, url: '/media/demo/2074/plans.pdf', format: 'PDF' }],
    ['marked on request, even with an address', doc(true, '/media/demo/2074/plans.pdf'), { requestOnly: true }],
    ['an address elsewhere than the site', doc(false, 'https://crm.example/plans.pdf'), { requestOnly: true }],
    ['an upload of a visitor', doc(false, '/media/uploads/cv/x.pdf'), { requestOnly: true }],
    ['not a PDF', doc(false, '/media/demo/2074/plans.docx'), { requestOnly: true }],
    ['no address', doc(false, null), { requestOnly: true }],
  ])('%s', (_what, document, expected) => {
    expect(documentView(document as never, 'Plans')).toEqual({ name: 'Plans', kind: 'floor-plan', ...expected });
  });
});
