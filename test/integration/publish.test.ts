import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { compileContent } from '../../content/compile.ts';
import { contentKeys } from '../../domain/bundles.ts';
import { kvPublishStore, publishVersion, PublishError, type PublishStore } from '../../content/publish.ts';
import { ContentRepository, clearContentCache } from '../../worker/live/repository.ts';
import { demoContent, publish } from './support.ts';

function renamed(name: string) {
  const content = demoContent();
  content.site.agency.name = name;
  return content;
}

/** A KV store that runs `between` after every single write, to interleave readers. */
function interleaved(between: () => Promise<void>): PublishStore {
  const base = kvPublishStore(env.CONTENT);
  return {
    ...base,
    async putMany(entries) {
      for (const entry of entries) {
        await env.CONTENT.put(entry.key, entry.value);
        await between();
      }
      return { failed: [] };
    },
    async put(key, value) {
      await base.put(key, value);
      await between();
    },
  };
}

describe('publishing', () => {
  it('a reader during a publish sees the old version or the new one, never a mix', async () => {
    const v1 = await publish(renamed('Agence Une'));
    const seen = new Set<string>();
    const reader = async () => {
      clearContentCache();
      const repo = await ContentRepository.open(env.CONTENT);
      const [fr, nl, pages] = await Promise.all([repo.site('fr'), repo.site('nl'), repo.pages('fr')]);
      const expected = repo.version === v1 ? 'Agence Une' : 'Agence Deux';
      expect(fr.agency.name).toBe(expected);
      expect(nl.agency.name).toBe(expected);
      expect(pages.team.length).toBeGreaterThan(0);
      seen.add(repo.version);
    };
    const v2 = 'v2-interleaved';
    await publishVersion(interleaved(reader), compileContent(renamed('Agence Deux')), { version: v2 });
    await reader();
    expect([...seen].sort()).toEqual([v1, v2].sort());
  });

  it('a failed write leaves the live version untouched', async () => {
    const live = await publish(renamed('Agence Stable'));
    const failing: PublishStore = {
      ...kvPublishStore(env.CONTENT),
      async putMany(entries) {
        return { failed: entries.slice(0, 1).map((e) => e.key) };
      },
    };
    await expect(publishVersion(failing, compileContent(renamed('Agence Cassée')), { version: 'broken' })).rejects.toBeInstanceOf(PublishError);
    expect(await env.CONTENT.get(contentKeys.pointer)).toBe(live);
    clearContentCache();
    const repo = await ContentRepository.open(env.CONTENT);
    expect((await repo.site('fr')).agency.name).toBe('Agence Stable');
  });

  it('keeps the live and the previous version and removes older ones', async () => {
    const first = await publish(renamed('A'), new Date('2026-01-01T00:00:00Z'));
    const second = await publish(renamed('B'), new Date('2026-01-02T00:00:00Z'));
    const third = await publish(renamed('C'), new Date('2026-01-03T00:00:00Z'));
    expect(await env.CONTENT.get(contentKeys.pointer)).toBe(third);
    expect(await env.CONTENT.get(contentKeys.site(second, 'fr'))).not.toBeNull();
    expect(await env.CONTENT.get(contentKeys.site(first, 'fr'))).toBeNull();
    expect(await env.CONTENT.get(contentKeys.manifest(first))).toBeNull();
    const leftovers = await env.CONTENT.list({ prefix: contentKeys.versionPrefix(first) });
    expect(leftovers.keys).toEqual([]);
  });
});
