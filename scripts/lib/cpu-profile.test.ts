import { describe, expect, it } from 'vitest';
import { attribute, selfTimes, type CpuProfile } from './cpu-profile.ts';

// (root) → handler → listFor → parse        (JSON.parse inside a list read: the list phase, nearest marker)
//                  → readOptional → parse   (content read)
//        → performWork → Card               (React)
//        → (idle)
//        → (garbage collector)
const frame = (functionName: string) => ({ functionName, url: '' });
const profile = (samples: number[], deltas: number[]): CpuProfile => ({
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 6, 8, 9] },
    { id: 2, callFrame: frame('handler'), children: [3, 4] },
    { id: 3, callFrame: frame('listFor'), children: [10] },
    { id: 4, callFrame: frame('readOptional'), children: [5] },
    { id: 5, callFrame: frame('parse') },
    { id: 6, callFrame: frame('performWork'), children: [7] },
    { id: 7, callFrame: frame('Card') },
    { id: 8, callFrame: frame('(idle)') },
    { id: 9, callFrame: frame('(garbage collector)') },
    { id: 10, callFrame: frame('parse') },
  ],
  samples,
  timeDeltas: deltas,
});

describe('CPU samples are charged to the phase of the nearest marked function on their stack', () => {
  it.each([
    ['a parse under a list read', [10], 'list: filter, sort, page, facets'],
    ['a parse under a content read', [5], 'content: KV read + JSON parse'],
    ['a component in React’s work loop', [7], 'React render to HTML'],
    ['the garbage collector', [9], 'garbage collection'],
    ['an unmarked handler', [2], 'runtime, Hono, streams (unmarked)'],
  ])('%s', (_, samples, phase) => {
    // Each sample stands until the next one: 0.2 ms here.
    const totals = attribute(profile([...samples, 2], [0, 200, 0]));
    expect(totals.get(phase)).toBeCloseTo(0.2, 5);
  });

  it('idle time is nobody’s, and a gap far above the interval (waiting for a request) is capped', () => {
    const totals = attribute(profile([8, 7, 7], [0, 300, 50_000]), undefined, 1000);
    const sum = [...totals.values()].reduce((a, b) => a + b, 0);
    // (idle) stood 0.3 ms: left out; the first Card sample stood 50 ms: 1 ms is charged.
    expect(sum).toBeCloseTo(1, 5);
    expect(totals.get('React render to HTML')).toBeCloseTo(1, 5);
  });
});

describe('selfTimes: the functions samples stood in, heaviest first', () => {
  it('adds up each function’s own samples (the same name under two callers once), leaves idle out, and caps a waiting gap', () => {
    // parse twice (0.2 + 0.3 ms, under listFor and readOptional), Card 0.4 ms, idle 5 ms, the last one capped at 1 ms.
    const times = selfTimes(profile([10, 5, 7, 8, 2], [0, 200, 300, 400, 5000, 9000]));
    expect(times).toEqual([
      { fn: 'handler', ms: 1 },
      { fn: 'parse', ms: 0.5 },
      { fn: 'Card', ms: 0.4 },
    ]);
    expect(selfTimes(profile([10, 5, 7], [0, 200, 300, 400]), 1)).toEqual([{ fn: 'parse', ms: 0.5 }]);
  });
});
