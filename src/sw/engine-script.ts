/// <reference lib="webworker" />
/**
 * The engine's scripts, imported on first need (issue 22). A service worker may import a new script
 * only while it installs, so the install step imports the core and the parts (`importEngine()`,
 * `importEngineParts()`, while the app shell downloads); a worker started again later imports the
 * core, from the browser's copy of the worker's scripts, at its first `/sim` request, and the parts
 * (the OData service, the SOAP request reader, ...) when a request first uses one of them
 * (scripts/build/worker-parts.ts): serving the app's files never waits for them. The build may
 * write several parts into one script: importing it registers them all.
 */
import type { WorkerEngine } from './engine-bundle.ts';

/**
 * The scripts' URLs relative to `sw.js`, written by the build; in dev the dev entry has set the
 * engine already, whole (no parts).
 */
declare const self: ServiceWorkerGlobalScope & {
  erpSimEngine?: WorkerEngine;
  __SIM_ENGINE_SCRIPT?: string;
  __SIM_PART_SCRIPTS?: Record<string, string>;
  /** Set by a part's script when it runs: its entry modules' exports. */
  __simParts?: Record<string, unknown>;
  /** What the core's stubs call on a part's first use. */
  erpSimLoadPart?: (name: string) => unknown;
};

export function importEngine(): WorkerEngine {
  if (!self.erpSimEngine) {
    const script = self.__SIM_ENGINE_SCRIPT;
    if (!script) throw new Error('This worker build names no engine script.');
    importScripts(script);
  }
  if (!self.erpSimEngine) throw new Error('The engine script did not define the engine.');
  return self.erpSimEngine;
}

/** Part name -> script (none in dev). */
const partScripts = self.__SIM_PART_SCRIPTS ?? {};

/** A part's exports, its script imported first if need be (synchronous: the stubs stay transparent). */
function loadPart(name: string): unknown {
  if (!self.__simParts?.[name]) {
    const script = partScripts[name];
    if (!script) throw new Error(`This worker build names no script for the engine part ${name}.`);
    importScripts(script);
  }
  const part = self.__simParts?.[name];
  if (!part) throw new Error(`The script of the engine part ${name} did not register it.`);
  return part;
}
self.erpSimLoadPart = loadPart;

/** At install, after the core: every part, so the browser stores them with the worker. */
export function importEngineParts(): void {
  for (const name of Object.keys(partScripts)) loadPart(name);
}
