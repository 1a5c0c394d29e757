/** Pages kept through publishes and warmed after them: docs/security.md, "The isolate's memory and the statistics". */
import type { Mutation } from './mutation.ts';

const WARM = 'test/integration/warm-pages.test.ts';

export const WARM_PAGES: Mutation[] = [
  {
    row: 'A price or a sale shown after it changed: a kept page past its data',
    control: 'a list keyed by the cards it shows',
    file: 'worker/pages/page-fingerprint.ts',
    find: 'JSON.stringify(list), cardsPart(cards, fingerprints));',
    replace: 'JSON.stringify(list));',
    project: 'worker',
    test: WARM,
    name: 'renders exactly as the kept one',
  },
  {
    row: 'Making the site render its pages at will',
    control: 'the warming hook’s secret',
    file: 'worker/warm/warm-route.ts',
    find: "warmHook.post('/pages/warm', operatorHook(), ",
    replace: "warmHook.post('/pages/warm', ",
    project: 'worker',
    test: WARM,
    name: 'the publish hook answers only the bearer of its secret',
  },
  {
    row: "Warming counted as visitors in an owner's statistics",
    control: 'warming asks as a prefetch, without a browser’s User-Agent',
    file: 'worker/warm/warm-pages.ts',
    find: "{ headers: { 'Sec-Purpose': 'prefetch', Accept: 'text/html' } }",
    replace: "{ headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', Accept: 'text/html' } }",
    project: 'worker',
    test: WARM,
    name: 'never counted as views',
  },
];
