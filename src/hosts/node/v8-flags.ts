/**
 * V8 settings for the `npm run serve` process.
 *
 * Heap (issue 14: 100k invoices under 400 MB RSS). The
 * host keeps a large live set (every record plus its indexes, about 260 MB at 100k invoices) and
 * answers small requests, so V8's defaults leave most of its RSS as garbage-in-waiting:
 *
 * - the old generation may grow up to 4x its live size before the next full collection (V8 picks the
 *   factor from GC speed); 1.3 is the factor V8 itself uses when it grows the heap conservatively.
 * - the young generation doubles (to 2 x 16 MB) under bulk writes such as generate and stays there.
 *   Node applies --max-semi-space-size only at start-up, so the host stops its growth instead: it
 *   keeps the size it has once the state file is loaded, ample for one request's garbage.
 *
 * Measured with scripts/bench/node-host.ts at 100k invoices (2 cores): RSS 490 -> 385 MB. The price
 * is more full collections: restart about 0.4 s and generate about 0.7 s slower, POST 0.5 ms slower
 * (3-3.5 ms) and, when a collection overlaps the timed requests, a median over 5 ms in about one run
 * in eight. Both flags are read by V8 when it sizes the heap after a collection, so setting them at
 * run time takes effect.
 *
 * Compilation (issue 22 § Also): a fresh host's first requests ran in V8's interpreter until each
 * function was hot enough to optimize, so the first fifteen POSTs cost about 1 ms more each than the
 * ones after them (server time 2.2-3.1 ms, then 1.3-1.7 ms), at any book size. With every function
 * compiled to baseline code when first compiled, the median of the first fifteen POSTs on a fresh
 * host measured 0.5-1.2 ms lower (three paired runs of four; steady state the same). V8 reads the flag
 * when it compiles a function, so setting it at run time covers all the code the requests run.
 *
 * A setting the user already chose (node options, NODE_OPTIONS) is left alone.
 */
import { setFlagsFromString } from 'node:v8';

/** When a setting is made: at start, or once the `--state` file is loaded. */
export type TunePhase = 'start' | 'loaded';

/**
 * Each setting, when it is made, and the flags that mean the user chose it themselves (then it is
 * left alone). The young generation's growth is stopped only once the state file is loaded: its
 * replay keeps every row it makes, which a young generation held at 2 x 8 MB copies again and again
 * (a 100k restart: 2.5-2.75 s to listen, 2.05 s with V8's growth).
 */
const SERVER_FLAGS: { flag: string; when: TunePhase; chosenBy: string[] }[] = [
  { flag: '--heap-growing-percent=30', when: 'start', chosenBy: ['heap-growing-percent'] },
  { flag: '--semi-space-growth-factor=1', when: 'loaded', chosenBy: ['semi-space-growth-factor', 'max-semi-space-size', 'min-semi-space-size'] },
  { flag: '--always-sparkplug', when: 'start', chosenBy: ['always-sparkplug', 'no-always-sparkplug', 'sparkplug', 'no-sparkplug', 'jitless'] },
];

/**
 * The flags to set (of one phase, or all), given the process's own node options (`--a-b` or
 * `--a_b`, with or without a value).
 */
export function serverV8Flags(given: readonly string[], when?: TunePhase): string[] {
  const names = new Set(given.map((g) => g.replace(/^--/, '').split('=')[0]?.replace(/_/g, '-')));
  return SERVER_FLAGS.filter((s) => (!when || s.when === when) && !s.chosenBy.some((f) => names.has(f))).map(({ flag }) => flag);
}

/** Apply one phase's server settings to this process; returns what was set. */
export function tuneV8ForServer(when: TunePhase): string[] {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].filter(Boolean);
  const flags = serverV8Flags(given, when);
  for (const f of flags) setFlagsFromString(f);
  if (flags.includes(HEAP_GROWING)) heapGrowingSet = true;
  if (flags.includes(SEMI_SPACE_HELD)) semiSpaceHeld = true;
  return flags;
}

const HEAP_GROWING = '--heap-growing-percent=30';
const SEMI_SPACE_HELD = '--semi-space-growth-factor=1';
/** Whether this process set HEAP_GROWING (then a bulk load may lift it for its duration). */
let heapGrowingSet = false;
/** Whether this process stopped the young generation's growth (a bulk load lets it grow meanwhile). */
let semiSpaceHeld = false;
let bulkLoads = 0;

/**
 * Run a load that makes a large live set at once (a restarted PostgreSQL host reading 100k invoices,
 * their lines and installments: about 200 MB of rows) with V8 sizing the old generation by itself.
 * Held at 30 % over the live size, the heap is collected in full each time it grows by 30 % (about
 * ten full collections while the rows come, each marking all of them): measured at 100k invoices,
 * the host's CPU time to its first answer went from 6.8-7.7 s to 4.9-5.6 s without it. Garbage is
 * not what grows the heap then (the rows stay), and the setting is back once the last load ends, so
 * the next collection sizes the heap as before. A no-op where the host did not set it (tests, or a
 * user's own setting).
 *
 * The young generation may grow meanwhile too (V8's own factor, 2). A PostgreSQL host stops its
 * growth once listening, before any environment is read, so every row of such a load survived
 * scavenges of a young generation at its smallest, a few hundred of them: the host's CPU time to a
 * restarted host's first answer at 100k invoices went from 3.9-4.8 s to 3.5 s (load 5), its peak
 * RSS from 317-329 MB to 342-345 MB. The young generation keeps the size it grew to (a --state
 * host's, which grows it while its state file loads).
 */
export async function whileLoadingInBulk<T>(run: () => Promise<T>): Promise<T> {
  if (!heapGrowingSet && !semiSpaceHeld) return run();
  if (bulkLoads++ === 0) {
    if (heapGrowingSet) setFlagsFromString('--heap-growing-percent=0');
    if (semiSpaceHeld) setFlagsFromString('--semi-space-growth-factor=2');
  }
  try {
    return await run();
  } finally {
    if (--bulkLoads === 0) {
      if (heapGrowingSet) setFlagsFromString(HEAP_GROWING);
      if (semiSpaceHeld) setFlagsFromString(SEMI_SPACE_HELD);
    }
  }
}
