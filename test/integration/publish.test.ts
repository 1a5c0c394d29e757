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

describe('the live version as an isolate knows it', () => {
  /** The site's KV, counting the reads of the live version's pointer. */
  function counted(scope?: string) {
    const store = {
      pointerReads: 0,
      scope,
      get(key: string, options: { type: 'text'; cacheTtl?: number }) {
        if (key === contentKeys.pointer) store.pointerReads++;
        // An agency's keys live under its prefix, as the platform's view of KV keeps them.
        return env.CONTENT.get(`${scope ?? ''}${key}`, options);
      },
    };
    return store;
  }

  it('is read once a second at most, and a publish shows within that second or at once to a fresh read', async () => {
    const before = await publish(renamed('Avant'));
    const store = counted();
    const t = Date.now();
    expect((await ContentRepository.open(store, { now: t })).version).toBe(before);
    expect((await ContentRepository.open(store, { now: t + 400 })).version).toBe(before);
    expect((await ContentRepository.open(store, { now: t + 999 })).version).toBe(before);
    expect(store.pointerReads).toBe(1);

    // A publish by another isolate (the operator's command): not cleared here.
    const after = 'v-after';
    await publishVersion(kvPublishStore(env.CONTENT), compileContent(renamed('Après')), { version: after });
    expect((await ContentRepository.open(store, { now: t + 999 })).version).toBe(before);
    expect((await ContentRepository.open(store, { now: t + 1000 })).version).toBe(after);
    expect(store.pointerReads).toBe(2);

    // What must see a publish at once reads fresh, and what pages read next is that.
    const third = 'v-third';
    await publishVersion(kvPublishStore(env.CONTENT), compileContent(renamed('Troisième')), { version: third });
    expect((await ContentRepository.open(store, { fresh: true, now: t + 1001 })).version).toBe(third);
    expect((await ContentRepository.open(store, { now: t + 1002 })).version).toBe(third);
    // A clock that went back is no reason to trust an old read.
    expect((await ContentRepository.open(store, { now: t })).version).toBe(third);
    expect(store.pointerReads).toBe(4);
  });

  it('is known per agency: one agency’s read never answers for another', async () => {
    await publish(renamed('Agence'));
    const home = counted();
    const guest = counted('agency-b/');
    const t = Date.now();
    await ContentRepository.open(home, { now: t });
    await expect(ContentRepository.open(guest, { now: t + 1 })).rejects.toThrow(/No content version is published/);
    expect(guest.pointerReads).toBe(1);
  });
});
