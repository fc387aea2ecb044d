/// <reference lib="webworker" />
/**
 * The engine's script, imported on first need (issue 22). A service worker may import a new script
 * only while it installs, so the install step imports it (`importEngine()`, while the app shell
 * downloads); a worker started again later imports that same script, from the browser's copy of
 * the worker's scripts, at its first `/sim` request: serving the app's files never waits for it.
 */
import type { WorkerEngine } from './engine-bundle.ts';

/** The engine script's URL relative to `sw.js`, written by the build; in dev the dev entry has set the engine already. */
declare const self: ServiceWorkerGlobalScope & { erpSimEngine?: WorkerEngine; __SIM_ENGINE_SCRIPT?: string };

export function importEngine(): WorkerEngine {
  if (!self.erpSimEngine) {
    const script = self.__SIM_ENGINE_SCRIPT;
    if (!script) throw new Error('This worker build names no engine script.');
    importScripts(script);
  }
  if (!self.erpSimEngine) throw new Error('The engine script did not define the engine.');
  return self.erpSimEngine;
}
