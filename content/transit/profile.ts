/**
 * The fastest journey to a hub from every stop, arriving within a morning window: a
 * backward profile connection scan (Dibbelt, Pajor, Strasser, Wagner, "Connection Scan
 * Algorithm", 2018). Connections are scanned latest departure first; each stop keeps the
 * Pareto set of (departure, arrival at the hub) it can offer, so one scan answers every stop
 * for every departure time, and the cost is per hub, not per listing. Ties on arrival go to
 * fewer changes. Changing vehicles takes a minimum change time at the same stop, or the walk
 * to a stop nearby.
 */
import { WalkGrid, type WalkRule } from './walk.ts';
import type { Timetable, TransitStop } from './timetable.ts';

/** Stops within a walk of each other (not each stop itself), as compressed rows: the walk's seconds. */
export interface Footpaths {
  offsets: Uint32Array;
  targets: Uint32Array;
  seconds: Uint32Array;
}

/** Neighbours within `walk.maxMeters` walked, each stop's found through one grid. */
export function footpathsOf(stops: readonly Pick<TransitStop, 'lat' | 'lng'>[], walk: WalkRule): Footpaths {
  const grid = new WalkGrid(stops, walk);
  const offsets = new Uint32Array(stops.length + 1);
  const targets: number[] = [];
  const seconds: number[] = [];
  stops.forEach((stop, i) => {
    for (const near of grid.near(stop.lat, stop.lng)) {
      if (near.index === i) continue;
      targets.push(near.index);
      seconds.push(near.seconds);
    }
    offsets[i + 1] = targets.length;
  });
  return { offsets, targets: Uint32Array.from(targets), seconds: Uint32Array.from(seconds) };
}

export interface ProfileRule {
  /** Seconds of the day: arrive at the hub by `arriveBy`, not before `earliest`. */
  arriveBy: number;
  earliest: number;
  /** The least time to change vehicles at one stop. */
  changeSeconds: number;
}

/** A stop's fastest journey to the hub: when it leaves, when it arrives (seconds of the day), its changes and the first vehicle's mode (an index of MODES). */
export interface StopJourney {
  dep: number;
  arr: number;
  changes: number;
  mode: number;
}

const NEVER = 2 ** 31 - 1;

/**
 * Each stop's fastest journey to the hub (null where none arrives in the window). A hub
 * stop is where a journey ends: one that starts there walks.
 */
export function journeysToHub(timetable: Timetable, paths: Footpaths, hubStops: ReadonlySet<number>, rule: ProfileRule): (StopJourney | null)[] {
  const stopCount = timetable.stops.length;
  // The walk from a stop to the hub, for journeys that end at a stop near it.
  const toHub = new Int32Array(stopCount).fill(NEVER);
  for (const hub of hubStops) {
    toHub[hub] = 0;
    for (let k = paths.offsets[hub] ?? 0; k < (paths.offsets[hub + 1] ?? 0); k++) {
      const near = paths.targets[k] ?? 0;
      toHub[near] = Math.min(toHub[near] ?? NEVER, paths.seconds[k] ?? NEVER);
    }
  }
  const isHub = new Uint8Array(stopCount);
  for (const hub of hubStops) isHub[hub] = 1;
  // Per stop, its profile: departures falling, arrivals falling (each entry beats the ones after it on arrival).
  const profDep: number[][] = new Array<number[]>(stopCount);
  const profArr: number[][] = new Array<number[]>(stopCount);
  const profChanges: number[][] = new Array<number[]>(stopCount);
  const tripArr = new Int32Array(timetable.trips).fill(NEVER);
  const tripChanges = new Int32Array(timetable.trips);
  const best: (StopJourney | null)[] = new Array<StopJourney | null>(stopCount).fill(null);

  // The entry of `stop`'s profile that leaves at `time` or later and arrives earliest: the last one leaving at or after it.
  const entryAt = (stop: number, time: number): number => {
    const deps = profDep[stop];
    if (!deps || deps.length === 0 || (deps[0] ?? -NEVER) < time) return -1;
    let lo = 0;
    let hi = deps.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((deps[mid] ?? -NEVER) >= time) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  const n = timetable.from.length;
  for (let c = 0; c < n; c++) {
    const u = timetable.from[c] ?? 0;
    const v = timetable.to[c] ?? 0;
    const dep = timetable.dep[c] ?? 0;
    const arr = timetable.arr[c] ?? 0;
    const trip = timetable.trip[c] ?? 0;
    let bestArr = tripArr[trip] ?? NEVER;
    let bestChanges = tripChanges[trip] ?? 0;
    const better = (a: number, changes: number) => {
      if (a < bestArr || (a === bestArr && changes < bestChanges)) {
        bestArr = a;
        bestChanges = changes;
      }
    };
    if (timetable.alight[c]) {
      const walk = toHub[v] ?? NEVER;
      if (walk !== NEVER) {
        const at = arr + walk;
        if (at <= rule.arriveBy && at >= rule.earliest) better(at, 0);
      }
      const same = entryAt(v, arr + rule.changeSeconds);
      if (same >= 0) better(profArr[v]?.[same] ?? NEVER, (profChanges[v]?.[same] ?? 0) + 1);
      for (let k = paths.offsets[v] ?? 0; k < (paths.offsets[v + 1] ?? 0); k++) {
        const w = paths.targets[k] ?? 0;
        const i = entryAt(w, arr + Math.max(rule.changeSeconds, paths.seconds[k] ?? 0));
        if (i >= 0) better(profArr[w]?.[i] ?? NEVER, (profChanges[w]?.[i] ?? 0) + 1);
      }
    }
    if (bestArr === NEVER) continue;
    tripArr[trip] = bestArr;
    tripChanges[trip] = bestChanges;
    if (!timetable.board[c] || isHub[u]) continue;
    const deps = (profDep[u] ??= []);
    const arrs = (profArr[u] ??= []);
    const changes = (profChanges[u] ??= []);
    const last = deps.length - 1;
    if (last >= 0) {
      const lastArr = arrs[last] ?? NEVER;
      if (lastArr < bestArr || (lastArr === bestArr && (changes[last] ?? 0) <= bestChanges)) continue;
      if (deps[last] === dep) {
        deps.pop();
        arrs.pop();
        changes.pop();
      }
    }
    deps.push(dep);
    arrs.push(bestArr);
    changes.push(bestChanges);
    const mine = best[u];
    const duration = bestArr - dep;
    if (!mine || duration < mine.arr - mine.dep || (duration === mine.arr - mine.dep && bestChanges < mine.changes))
      best[u] = { dep, arr: bestArr, changes: bestChanges, mode: timetable.mode[c] ?? 1 };
  }
  return best;
}
