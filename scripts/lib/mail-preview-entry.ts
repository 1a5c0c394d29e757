/** What `npm run mail -- preview` loads after bundling (the mail components are TSX): the demo's samples in one language. */
import { loadContent } from '../../content/load.ts';
import { compileContent } from '../../content/compile.ts';
import { isLang } from '../../domain/lang.ts';
import { mailSamples } from './mail-samples.ts';

export async function demoSamples(lang: string, origin: string) {
  if (!isLang(lang)) throw new Error(`--lang takes fr, nl, en or de, not ${lang}`);
  const loaded = await loadContent('content/demo');
  if (!loaded.ok) throw new Error('the demo content is invalid: run npm test');
  return mailSamples(compileContent(loaded.content), lang, origin);
}
