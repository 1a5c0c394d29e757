import { describe, expect, it } from 'vitest';
import { chunkComposition, inputGroup, mergeComposition } from './bundle-composition.ts';

describe('inputGroup', () => {
  it('names the npm package, scoped ones whole', () => {
    expect(inputGroup('node_modules/@tanstack/router-core/dist/esm/router.js')).toBe('@tanstack/router-core');
    expect(inputGroup('node_modules/scheduler/cjs/scheduler.production.js')).toBe('scheduler');
  });

  it('keeps react-dom builds apart', () => {
    expect(inputGroup('node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom/react-dom-client.production.js');
    expect(inputGroup('node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom/react-dom.production.js');
  });

  it('names the source folder of the site’s own files', () => {
    expect(inputGroup('client/components/screens/ListScreen.tsx')).toBe('client/components/screens');
    expect(inputGroup('client/components/layout/Header.tsx')).toBe('client/components/layout');
    expect(inputGroup('client/router.tsx')).toBe('client');
    expect(inputGroup('content/lang.ts')).toBe('content');
  });
});

describe('chunkComposition', () => {
  it('shares the gzip size out by minified bytes, largest first, adding up to the whole', () => {
    const rows = chunkComposition({ inputs: { 'node_modules/react/index.js': { bytesInOutput: 300 }, 'client/a.ts': { bytesInOutput: 100 }, 'client/b.ts': { bytesInOutput: 100 } } }, 1000);
    expect(rows.map((r) => r.group)).toEqual(['react/index.js', 'client']);
    expect(rows.map((r) => r.gzip)).toEqual([600, 400]);
  });

  it('gives an empty chunk nothing rather than dividing by zero', () => {
    expect(chunkComposition({ inputs: { 'client/a.ts': { bytesInOutput: 0 } } }, 20)).toEqual([{ group: 'client', bytes: 0, gzip: 0 }]);
  });
});

describe('mergeComposition', () => {
  it('adds up the same group over several chunks, largest gzip first', () => {
    const merged = mergeComposition([
      { group: 'client', bytes: 10, gzip: 5 },
      { group: 'react', bytes: 50, gzip: 20 },
      { group: 'client', bytes: 30, gzip: 12 },
    ]);
    expect(merged).toEqual([
      { group: 'react', bytes: 50, gzip: 20 },
      { group: 'client', bytes: 40, gzip: 17 },
    ]);
  });
});
