/**
 * npm run lint checks the worker's rooms: the folders directly under `worker/` (and its
 * top-level files, each a room of its own) must import one way. Two rooms that import each
 * other, or any cycle of files, type-only imports included (which `import-x/no-cycle`
 * skips), fail the run with the files that tie them; so does a table written by two rooms.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'db' ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Each source file of `root` and the files of `root` it imports (relative imports only). */
export function importGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(root)) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.normalize(path.join(path.dirname(file), match[1] ?? ''));
      if (target.startsWith(`${root}${path.sep}`)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The room of a file: its folder under the root, or the file itself at the top. */
export function roomOf(root: string, file: string): string {
  const [first = '', ...rest] = path.relative(root, file).split(path.sep);
  return rest.length > 0 ? `${first}/` : first;
}

/** Pairs of rooms that import each other, with one import each way. */
export function twoWayRooms(root: string, graph: Map<string, Set<string>>): string[] {
  const ties = new Map<string, string>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const [from, to] = [roomOf(root, file), roomOf(root, target)];
      if (from !== to && !ties.has(`${from} → ${to}`)) ties.set(`${from} → ${to}`, `${file} → ${target}`);
    }
  }
  const found: string[] = [];
  for (const [edge, why] of ties) {
    const [from = '', to = ''] = edge.split(' → ');
    const back = ties.get(`${to} → ${from}`);
    if (back && from < to) found.push(`${from} ↔ ${to}: ${why}; ${back}`);
  }
  return found;
}

/**
 * Cycles of rooms longer than a pair (forms → pages → alerts → forms): each as its rooms,
 * with one import that ties each to the next.
 */
export function roomCycles(root: string, graph: Map<string, Set<string>>): string[] {
  const ties = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const [from, to] = [roomOf(root, file), roomOf(root, target)];
      if (from === to) continue;
      const out = ties.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${file} → ${target}`);
      ties.set(from, out);
    }
  }
  const rooms = new Map([...ties].map(([room, out]) => [room, new Set(out.keys())]));
  return fileCycles(rooms)
    .filter((cycle) => cycle.length > 2)
    .map((cycle) => cycle.map((room, i) => `${room} (${ties.get(room)?.get(cycle[(i + 1) % cycle.length] ?? '') ?? ''})`).join(' → '));
}

/** Cycles of files (type-only imports count): each as the files around it. */
export function fileCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Statements that write a table, as the worker's SQL spells them: INSERT (OR …) INTO, UPDATE, DELETE FROM. */
const WRITE = /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)\b/g;

/**
 * Tables written by more than one room, each with the rooms that write it. Each table is one
 * room's: others go through that room's functions (or its personal-data door), so a change
 * to what a table keeps is made in one place.
 */
export function sharedTables(root: string, graph: Map<string, Set<string>>): string[] {
  const writers = new Map<string, Set<string>>();
  for (const file of graph.keys()) {
    for (const match of readFileSync(file, 'utf8').matchAll(WRITE)) {
      const table = match[1] ?? '';
      writers.set(table, (writers.get(table) ?? new Set()).add(roomOf(root, file)));
    }
  }
  return [...writers].filter(([, rooms]) => rooms.size > 1).map(([table, rooms]) => `${table}: ${[...rooms].sort().join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = 'worker';
  const graph = importGraph(root);
  const problems = [
    ...twoWayRooms(root, graph).map((p) => `rooms import each other: ${p}`),
    ...roomCycles(root, graph).map((c) => `rooms in a circle: ${c}`),
    ...fileCycles(graph).map((c) => `import cycle: ${[...c, c[0]].join(' → ')}`),
    ...sharedTables(root, graph).map((t) => `a table written by more than one room: ${t}`),
  ];
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`worker/: ${new Set([...graph.keys()].map((f) => roomOf(root, f))).size} rooms, one way, no cycle, each table written by one room`);
}
