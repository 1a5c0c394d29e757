/**
 * npm run content:publish -- --local | --remote [--dir content/demo]
 * Validates all content; on any problem prints file, path and reason and publishes
 * nothing. Otherwise writes a new immutable version, checks every write, flips the
 * `current` pointer and removes versions older than the previous one.
 */
import { parseArgs } from 'node:util';
import { loadContent } from '../content/load.ts';
import { formatProblem } from '../content/schema.ts';
import { compileContent } from '../content/compile.ts';
import { kvPublishStore, publishVersion, versionName, type PublishStore } from '../content/publish.ts';
import { withLocalPlatform } from './lib/local-platform.ts';
import { remoteStoreFromEnvironment } from './lib/remote-kv.ts';

export async function publishFolder(dir: string, store: PublishStore, log: (line: string) => void = console.log): Promise<string | null> {
  const started = performance.now();
  log(`Validating ${dir} …`);
  const result = await loadContent(dir);
  if (!result.ok) {
    for (const problem of result.problems) console.error(`  ✗ ${formatProblem(problem)}`);
    console.error(`${result.problems.length} problem(s); nothing was published.`);
    return null;
  }
  const entries = compileContent(result.content, 'pending');
  const version = await versionName(entries);
  // Same content as the live version (same hash): nothing to write.
  const live = await store.get('current');
  if (live && live.slice(live.lastIndexOf('-')) === version.slice(version.lastIndexOf('-'))) {
    log(`Unchanged: ${live} is live.`);
    return live;
  }
  // The version is part of the site bundles, so compile again with the real name.
  const final = compileContent(result.content, version);
  log(`Publishing version ${version} (${final.size} keys) …`);
  let lastShown = 0;
  const outcome = await publishVersion(store, final, {
    version,
    onProgress: (p) => {
      const now = performance.now();
      if (p.done === p.total || now - lastShown > 500) {
        lastShown = now;
        log(`  ${p.phase} ${p.done}/${p.total}`);
      }
    },
  });
  log(`Live: ${outcome.version} (previous ${outcome.previous ?? 'none'}; removed ${outcome.removedVersions.length} old version(s)) in ${Math.round(performance.now() - started)} ms`);
  return outcome.version;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { local: { type: 'boolean' }, remote: { type: 'boolean' }, dir: { type: 'string', default: 'content/demo' } } });
  if (values.local === values.remote) {
    console.error('Usage: npm run content:publish -- --local | --remote [--dir content/demo]');
    process.exit(2);
  }
  let version: string | null;
  if (values.remote) {
    version = await publishFolder(values.dir, await remoteStoreFromEnvironment());
  } else {
    version = await withLocalPlatform((env) => publishFolder(values.dir, kvPublishStore(env.CONTENT)));
  }
  process.exit(version ? 0 : 1);
}
