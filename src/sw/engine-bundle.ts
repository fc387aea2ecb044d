/**
 * The engine as the worker's second script (issue 22). In production the build makes this file its
 * own classic script (`engine-<hash>.js`, vite.sw.config.ts) and `sw.js` stays small: the browser
 * downloads, compiles and starts `sw.js` quickly, and the install step fetches the app shell while
 * it imports this one (src/sw/engine-script.ts). In dev the dev entry imports it as a module first.
 */
import { createEngine, DexieJournalPersistence, openDatabase } from '../engine/index.ts';

/** What the worker host uses of the engine at run time (types come from the engine directly). */
export const workerEngine = { createEngine, DexieJournalPersistence, openDatabase };
export type WorkerEngine = typeof workerEngine;

(self as unknown as { erpSimEngine?: WorkerEngine }).erpSimEngine = workerEngine;
